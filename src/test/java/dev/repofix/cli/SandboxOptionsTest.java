package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.app.Sandboxes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.config.SandboxSpec;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SandboxOptionsTest {
    @TempDir
    Path dir;

    @Test
    void fixValidateAndBenchTakeTheSandboxOptions() {
        FixCommand fix = CommandLine.populateCommand(new FixCommand(env(Map.of())), "--repo", dir.toString(),
                "--sandbox", "docker", "--sandbox-memory", "1g", "--sandbox-cpus", "1.5", "--sandbox-pids", "256",
                "--sandbox-image", "python", "--work-dir", dir.resolve("w").toString());
        ValidateCommand validate = CommandLine.populateCommand(new ValidateCommand(env(Map.of())), "--patch", "p",
                "--sandbox", "local");
        BenchCommand bench = CommandLine.populateCommand(new BenchCommand(env(Map.of())), "sandbox",
                "--sandbox-memory", "3g");

        ResolvedConfig c = fix.options.resolve(env(Map.of()).host(), Optional.empty());
        assertThat(c.value(ConfigKey.SANDBOX).source()).isEqualTo("--sandbox");
        SandboxSettings s = Sandboxes.settings(SandboxSpec.of(c), new HostEnvironment(Map.of()), "run-1");
        assertThat(s.limits().memoryBytes()).isEqualTo(1L << 30);
        assertThat(s.limits().cpus()).isEqualTo(1.5);
        assertThat(s.limits().pids()).isEqualTo(256);
        assertThat(s.image()).contains("repofix/sandbox-python:1");
        assertThat(Sandboxes.workDir(SandboxSpec.of(c), env(Map.of()))).isEqualTo(dir.resolve("w"));
        assertThat(validate.options.sandbox.sandbox).isEqualTo("local");
        assertThat(bench.sandbox.memory).isEqualTo("3g");
    }

    @Test
    void workDirComesFromTheActionInputOrDefaultsToTheTempFolder() {
        Environment inAction = env(Map.of("INPUT_WORK-DIR", "/github/home/repofix"));
        FixCommand fix = CommandLine.populateCommand(new FixCommand(inAction), "--repo", dir.toString());
        FixCommand plain = CommandLine.populateCommand(new FixCommand(env(Map.of())), "--repo", dir.toString());

        assertThat(Sandboxes.workDir(fix.options.settings(inAction.host(), Optional.empty()).sandbox(), inAction))
                .isEqualTo(Path.of("/github/home/repofix"));
        assertThat(Sandboxes.workDir(plain.options.settings(env(Map.of()).host(), Optional.empty()).sandbox(), env(Map.of())))
                .isEqualTo(dir);
    }

    @Test
    void localNeedsNoEngine() {
        FixCommand fix = CommandLine.populateCommand(new FixCommand(env(Map.of())), "--repo", dir.toString(),
                "--sandbox", "local");
        StringWriter err = new StringWriter();

        try (Executor e = Sandboxes.create(fix.options.settings(env(Map.of()).host(), Optional.empty()).sandbox(),
                env(Map.of()), new PrintWriter(err), "run-1")) {
            assertThat(e).isInstanceOf(LocalProcessExecutor.class);
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void autoFallsBackToLocalProcessesAndSaysWhyWhenNoEngineAnswers() {
        Environment noEngine = env(Map.of("DOCKER_HOST", "unix://" + dir.resolve("no.sock")));
        FixCommand fix = CommandLine.populateCommand(new FixCommand(noEngine), "--repo", dir.toString());
        StringWriter err = new StringWriter();

        try (Executor e = Sandboxes.create(fix.options.settings(noEngine.host(), Optional.empty()).sandbox(), noEngine,
                new PrintWriter(err), "run-1")) {
            assertThat(e).isInstanceOf(LocalProcessExecutor.class);
        }
        assertThat(err.toString()).startsWith("repofix: sandbox: local processes, not isolated (no Docker engine "
                + "answered within 2s").contains(dir.resolve("no.sock").toString()).hasLineCount(1);
    }

    @Test
    void dockerWithoutAnEngineIsAnErrorThatSaysWhatToDo() {
        Environment noEngine = env(Map.of("DOCKER_HOST", "unix://" + dir.resolve("no.sock")));
        StringWriter err = new StringWriter();

        int code = Cli.run(new String[] {"fix", "--repo", dir.toString(), "--sandbox", "docker", "--out",
                dir.resolve("out").toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err), noEngine);

        assertThat(code).isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).contains("repofix: error: cannot reach the Docker engine at unix://")
                .contains("use --sandbox local");
    }

    @Test
    void badSandboxValuesAreUsageErrorsNamingTheirSource() {
        StringWriter err = new StringWriter();
        int code = Cli.run(new String[] {"config", "--repo", dir.toString(), "--sandbox-memory", "2x"},
                new PrintWriter(new StringWriter()), new PrintWriter(err), env(Map.of()));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("sandbox-memory = '2x' (from --sandbox-memory) is not a size");
        assertThatThrownBy(() -> Sandboxes.create(CommandLine.populateCommand(new FixCommand(env(Map.of())),
                "--sandbox", "podman").options.settings(env(Map.of()).host(), Optional.empty()).sandbox(), env(Map.of()),
                new PrintWriter(new StringWriter()), "run-1"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not one of auto, docker, local");
        assertThatThrownBy(() -> Sandboxes.settings(CommandLine.populateCommand(new FixCommand(env(Map.of())),
                "--sandbox-cache", "relative/dir").options.settings(env(Map.of()).host(), Optional.empty()).sandbox(),
                new HostEnvironment(Map.of()), "r"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("relative/dir");
    }

    private Environment env(Map<String, String> vars) {
        return new Environment(new HostEnvironment(vars), Clock.systemUTC(), dir, false);
    }
}
