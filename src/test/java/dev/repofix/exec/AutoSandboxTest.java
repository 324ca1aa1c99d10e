package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --sandbox auto}: the first command of each image chooses, and the chosen executor does everything. */
class AutoSandboxTest {
    private static final Optional<SandboxImage> JVM = Optional.of(SandboxImage.JVM);

    private final List<String> notices = new ArrayList<>();

    @Test
    void startRunsTheLiveProcessInTheExecutorChosenForItsImage() {
        RecordingExecutor docker = RecordingExecutor.containers("docker", true);
        RecordingExecutor local = RecordingExecutor.plain("local");
        try (Executor auto = new AutoSandbox(docker.asContainerExecutor(), local.asExecutor(), notices::add)) {
            Optional<LiveProcess> started = auto.start(RecordingExecutor.command(JVM));

            assertThat(started).as("the warm test JVM starts in the sandbox").contains(docker.live);
            assertThat(docker.calls).containsExactly("start");
            assertThat(local.calls).isEmpty();
        }
    }

    @Test
    void whereAndSandboxKindAreThoseOfTheChosenExecutor() {
        RecordingExecutor docker = RecordingExecutor.containers("docker", true);
        RecordingExecutor local = RecordingExecutor.plain("local");
        try (Executor auto = new AutoSandbox(docker.asContainerExecutor(), local.asExecutor(), notices::add)) {
            assertThat(auto.where(JVM)).isEqualTo("docker");
            assertThat(auto.sandboxKind(JVM)).isEqualTo(SandboxKind.DOCKER);
            assertThat(auto.where(Optional.empty())).as("no image is known: local processes").isEqualTo("local");
            assertThat(auto.sandboxKind(Optional.empty())).isEqualTo(SandboxKind.LOCAL);
        }
    }

    @Test
    void saysOnceForEachImageWhichExecutorRunsItAndWhy() {
        RecordingExecutor docker = RecordingExecutor.containers("docker", true);
        try (Executor auto = new AutoSandbox(docker.asContainerExecutor(), RecordingExecutor.plain("local")
                .asExecutor(), notices::add)) {
            auto.run(RecordingExecutor.command(JVM));
            auto.start(RecordingExecutor.command(JVM));
            auto.run(RecordingExecutor.command(Optional.empty()));
        }

        assertThat(notices).containsExactly("Docker, image repofix/sandbox-jvm:1, no network, 2 GiB memory, 2 CPUs, "
                + "512 processes", "local processes, not isolated (no sandbox image is known for this build; set "
                + "sandbox-image to use Docker)");
    }

    @Test
    void runsLocallyAndSaysWhyInOneLineWhenTheImageCanBeNeitherPulledNorBuilt() {
        RecordingExecutor docker = RecordingExecutor.containers("docker", false);
        RecordingExecutor local = RecordingExecutor.plain("local");
        try (Executor auto = new AutoSandbox(docker.asContainerExecutor(), local.asExecutor(), notices::add)) {
            assertThat(auto.start(RecordingExecutor.command(JVM))).contains(local.live);
        }

        assertThat(notices).containsExactly("local processes, not isolated (the Docker engine at "
                + "unix:///fake/docker.sock has no image repofix/sandbox-jvm:1; building it FROM debian:trixie-slim "
                + "failed after 0.1s: no network)");
        assertThat(docker.calls).containsExactly("close");
    }

    @Test
    void closeClosesBothExecutors() {
        RecordingExecutor docker = RecordingExecutor.containers("docker", true);
        RecordingExecutor local = RecordingExecutor.plain("local");
        new AutoSandbox(docker.asContainerExecutor(), local.asExecutor(), notices::add).close();

        assertThat(docker.calls).containsExactly("close");
        assertThat(local.calls).containsExactly("close");
    }
}
