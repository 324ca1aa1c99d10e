package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxImage;
import dev.repofix.exec.SandboxKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The set-up runs the repository's code: where its tests are confined to a sandbox, so is the
 * set-up (with network), and nothing of it runs on this machine.
 */
class SandboxedSetupTest {
    @TempDir
    Path dir;

    /** An executor that records what it is asked to run and says every command succeeded. */
    private static final class Recording implements Executor {
        private final SandboxKind kind;
        final List<Command> commands = new ArrayList<>();

        Recording(SandboxKind kind) {
            this.kind = kind;
        }

        @Override
        public ExecResult run(Command command) {
            commands.add(command);
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ofMillis(1));
        }

        @Override
        public SandboxKind sandboxKind(Optional<SandboxImage> family) {
            return kind;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void theRepositorysSetupRunsInTheSandboxImageWithNetworkWhenItsTestsRunThere() throws IOException {
        Path root = Files.createDirectories(dir.resolve("repo"));
        Files.writeString(root.resolve("go.mod"), "module example.com/m\n\ngo 1.21\n");
        Files.writeString(root.resolve("m_test.go"), "package m\n");
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        RunSettings run = RunSettings.defaults().withSetup(List.of("./install-what-the-tests-need.sh"));
        Recording host = new Recording(SandboxKind.LOCAL);
        Recording sandbox = new Recording(SandboxKind.DOCKER);

        EnvironmentSetup.of(run, host, sandbox, new HostEnvironment(Map.of("PATH", "/usr/bin:/bin")),
                dir.resolve("cache"), dir.resolve("work"), Clock.systemUTC()).prepare(root, build);

        assertThat(host.commands).as("nothing of the repository's set-up runs on this machine").isEmpty();
        assertThat(sandbox.commands).anySatisfy(c -> {
            assertThat(String.join(" ", c.argv())).contains("./install-what-the-tests-need.sh");
            assertThat(c.image()).isEqualTo(build.sandboxImage()).isPresent();
            assertThat(c.network()).isTrue();
        });
    }
}
