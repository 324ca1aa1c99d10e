package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.Command;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PreparedEnvironmentTest {
    private static final Command TESTS = Command.shell("pytest", Path.of("/ws/copy-3"),
            Map.of("PATH", "/usr/bin", "PYTHONPATH", "/extra"), Duration.ofMinutes(1));

    @Test
    void leavesACommandAsItIsWhenNothingWasPrepared() {
        assertThat(PreparedEnvironment.none().applyTo(TESTS)).isEqualTo(TESTS);
    }

    @Test
    void givesTheCommandTheVariablesThePathFoldersTheCopysOwnSourcesAndReadOnlyFolders() {
        PreparedEnvironment venv = new PreparedEnvironment("python venv", Map.of("VIRTUAL_ENV", "/cache/envs/a/venv"),
                List.of(Path.of("/cache/envs/a/venv/bin")), List.of(Path.of("/cache/envs/a")), List.of("src"),
                Duration.ofSeconds(3), false);

        Command c = venv.applyTo(TESTS);

        assertThat(c.environment()).containsEntry("VIRTUAL_ENV", "/cache/envs/a/venv")
                .containsEntry("PYTHONPATH", "/ws/copy-3/src:/extra");
        assertThat(c.environmentWithPath()).containsEntry("PATH", "/cache/envs/a/venv/bin:/usr/bin");
        assertThat(c.mounts()).containsExactly(new Command.Mount(Path.of("/cache/envs/a"), false));
        assertThat(c.network()).isFalse();
    }
}
