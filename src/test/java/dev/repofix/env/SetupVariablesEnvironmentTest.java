package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.UnittestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.Command;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's variables (a benchmark case's {@code env}): its set-up commands and its tests get
 * them, they define the environment as its commands do, and what the set-up printed is kept
 * beside the environment. No network: the commands install nothing.
 */
class SetupVariablesEnvironmentTest {
    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = new HostEnvironment(Map.of("PATH", System.getenv("PATH"),
            "HOME", System.getProperty("user.home")));

    private PreparedEnvironment prepare(Path root, List<String> setup, Map<String, String> variables) {
        RunSettings run = RunSettings.defaults().withSetup(setup).withEnvironment(Optional.empty(), variables);
        return EnvironmentSetup.of(run, executor, host, dir.resolve("cache"), Clock.systemUTC())
                .prepare(root, new UnittestBuild());
    }

    private Path project() throws Exception {
        Path root = Files.createDirectories(dir.resolve("project/tests"));
        Files.writeString(root.resolve("test_words.py"), "import unittest\n");
        return root.getParent();
    }

    @Test
    void theSetupAndTheTestsGetTheVariablesWhichDefineTheEnvironmentAndTheSetupIsLogged() throws Exception {
        Path root = project();
        List<String> setup = List.of("echo \"mode=$CALC_MODE\" | tee \"$VIRTUAL_ENV/mode\"");

        PreparedEnvironment env = prepare(root, setup, Map.of("CALC_MODE", "strict"));

        Path venv = Path.of(env.variables().get("VIRTUAL_ENV"));
        assertThat(Files.readString(venv.resolve("mode"))).as("the set-up got the variable").isEqualTo("mode=strict\n");
        assertThat(env.variables()).containsEntry("CALC_MODE", "strict");
        assertThat(env.description()).endsWith("; env: CALC_MODE");
        Command test = env.applyTo(Command.shell("true", root, Map.of("CALC_MODE", "lenient"), Duration.ofMinutes(1)));
        assertThat(test.environment()).as("the tests get it, over their own").containsEntry("CALC_MODE", "strict");
        Path log = EnvironmentStore.setupLog(env).orElseThrow();
        assertThat(log.getFileName().toString()).isEqualTo(venv.getParent().getFileName() + ".log");
        assertThat(Files.readString(log)).contains("$ " + setup.get(0) + "\nmode=strict\n").contains(" -m venv ");

        PreparedEnvironment again = prepare(root, setup, Map.of("CALC_MODE", "strict"));
        assertThat(again.reused()).isTrue();
        assertThat(again.variables()).containsEntry("CALC_MODE", "strict");
        PreparedEnvironment other = prepare(root, setup, Map.of("CALC_MODE", "lenient"));
        assertThat(other.reused()).as("another value, another environment").isFalse();
        assertThat(other.variables().get("VIRTUAL_ENV")).isNotEqualTo(venv.toString());
        assertThat(new EnvironmentStore(dir.resolve("cache"), Clock.systemUTC()).list()).hasSize(2);
    }

    @Test
    void variablesWithNothingToInstallStillReachTheTests() throws Exception {
        PreparedEnvironment env = prepare(project(), List.of(), Map.of("CALC_MODE", "strict"));

        assertThat(env.isNone()).isFalse();
        assertThat(env.variables()).containsExactly(Map.entry("CALC_MODE", "strict"));
        assertThat(EnvironmentStore.setupLog(env)).as("nothing was set up, nothing logged").isEmpty();
    }

    @Test
    void aFailedSetupKeepsItsLogAndThePruneRemovesIt() throws Exception {
        Path root = project();

        assertThatThrownBy(() -> prepare(root, List.of("echo about to fail; exit 3"), Map.of()))
                .isInstanceOf(EnvironmentException.class);

        EnvironmentStore store = new EnvironmentStore(dir.resolve("cache"), Clock.systemUTC());
        Path log;
        try (var files = Files.list(store.root())) {
            log = files.filter(f -> f.toString().endsWith(".log")).findFirst().orElseThrow();
        }
        assertThat(Files.readString(log)).contains("about to fail").contains("set-up failed: ");

        prepare(root, List.of("true"), Map.of());
        store.prune(Optional.empty(), true);
        try (var files = Files.list(store.root())) {
            assertThat(files.filter(f -> f.toString().endsWith(".log")).toList())
                    .as("the prune removes the logs of what it removes, and of failed set-ups").isEmpty();
        }
    }
}
