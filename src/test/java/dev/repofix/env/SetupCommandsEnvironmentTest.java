package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.UnittestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code setup} commands for a Python project whose files declare nothing to install (a
 * benchmark case's usual shape): they run in a venv of repofix's own, never in the machine's
 * Python, and the environment says what was set up. No network: the commands install nothing.
 */
class SetupCommandsEnvironmentTest {
    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = new HostEnvironment(Map.of("PATH", System.getenv("PATH"),
            "HOME", System.getProperty("user.home")));

    private PreparedEnvironment prepare(Path root, List<String> setup) {
        return EnvironmentSetup.of(RunSettings.defaults().withSetup(setup), executor, host, dir.resolve("cache"),
                Clock.systemUTC()).prepare(root, new UnittestBuild());
    }

    @Test
    void setupCommandsOfAProjectDeclaringNothingRunInAVenvAndTheEnvironmentSaysWhatWasSetUp() throws Exception {
        Path root = Files.createDirectories(dir.resolve("project/tests"));
        Files.writeString(root.resolve("test_words.py"), "import unittest\n");
        root = root.getParent();
        List<String> setup = List.of("echo made > \"$VIRTUAL_ENV/made-by-setup\"");

        assertThat(prepare(root, List.of()).isNone()).as("nothing to install, no setup: nothing prepared").isTrue();
        PreparedEnvironment env = prepare(root, setup);

        assertThat(env.description()).matches("python 3\\.[\\d.]+ venv; setup: echo made > \"\\$VIRTUAL_ENV/"
                + "made-by-setup\"");
        Path venv = Path.of(env.variables().get("VIRTUAL_ENV"));
        assertThat(env.pathFolders()).containsExactly(venv.resolve("bin"));
        assertThat(venv.resolve("made-by-setup")).as("the setup ran with the venv active").exists();
        assertThat(Files.readString(venv.resolve("pyvenv.cfg"))).contains("include-system-site-packages = false");
        assertThat(env.reused()).isFalse();
        assertThat(new EnvironmentStore(dir.resolve("cache"), Clock.systemUTC()).list()).singleElement()
                .satisfies(e -> {
                    assertThat(e.kind()).isEqualTo("python");
                    assertThat(e.description()).isEqualTo(env.description());
                });

        PreparedEnvironment again = prepare(root, setup);

        assertThat(again.reused()).isTrue();
        assertThat(again.description()).isEqualTo(env.description());
        assertThat(prepare(root, List.of("true")).variables().get("VIRTUAL_ENV")).as("other commands, another one")
                .isNotEqualTo(venv.toString());
    }
}
