package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.SandboxSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class MountedWorkDirTest {
    private static final Predicate<Path> GITHUB_MOUNTS = Set.of(Path.of("/github/home"))::contains;

    @Test
    void aGitHubContainerActionPutsTheCopiesUnderTheMountedHome() {
        HostEnvironment host = new HostEnvironment(Map.of("GITHUB_ACTIONS", "true"));

        assertThat(MountedWorkDir.of(host, true, GITHUB_MOUNTS)).contains(Path.of("/github/home/.repofix-work"));
    }

    @Test
    void onTheRunnerItselfTheTempFolderStays() {
        HostEnvironment host = new HostEnvironment(Map.of("GITHUB_ACTIONS", "true"));

        assertThat(MountedWorkDir.of(host, false, GITHUB_MOUNTS)).isEmpty();
        assertThat(MountedWorkDir.of(host, true, p -> false)).isEmpty();
    }

    @Test
    void outsideCiNothingIsChosen() {
        assertThat(MountedWorkDir.of(new HostEnvironment(Map.of()), true, p -> true)).isEmpty();
    }

    @Test
    void aGitLabJobPutsTheCopiesBesideTheProjectsInTheBuildsFolder() {
        HostEnvironment host = new HostEnvironment(Map.of("GITLAB_CI", "true", "CI_BUILDS_DIR", "/builds",
                "CI_PROJECT_DIR", "/builds/acme/bank"));

        assertThat(MountedWorkDir.of(host, true, Set.of(Path.of("/builds"))::contains))
                .contains(Path.of("/builds/.repofix-work"));
        assertThat(MountedWorkDir.of(host, true, p -> false)).isEmpty();
    }

    @Test
    void inAGitHubContainerTheCopiesLeaveTheTempFolderUnlessWorkDirIsSet() {
        Environment env = new Environment(new HostEnvironment(Map.of("GITHUB_ACTIONS", "true")), Clock.systemUTC(),
                Path.of("/tmp"), false);

        assertThat(Sandboxes.workDir(spec(Optional.empty()), env, true, GITHUB_MOUNTS))
                .isEqualTo(Path.of("/github/home/.repofix-work"));
        assertThat(Sandboxes.workDir(spec(Optional.of(Path.of("/github/home/mine"))), env, true, GITHUB_MOUNTS))
                .isEqualTo(Path.of("/github/home/mine"));
        assertThat(Sandboxes.workDir(spec(Optional.empty()), env, false, GITHUB_MOUNTS)).isEqualTo(Path.of("/tmp"));
    }

    private static SandboxSpec spec(Optional<Path> workDir) {
        return new SandboxSpec(SandboxSpec.Mode.AUTO, SandboxSpec.MIN_MEMORY, 1, SandboxSpec.MIN_PIDS, "", List.of(),
                workDir);
    }
}
