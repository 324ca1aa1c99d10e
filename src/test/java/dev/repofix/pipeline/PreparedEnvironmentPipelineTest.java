package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.env.SharedEnvironmentCache;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.validate.WarmJvmScreenings;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every test command of a run gets the environment its set-up prepared: the test processes
 * say from inside which interpreter and which variables they got, in the baseline (under
 * per-test coverage), the candidates' runs and the warm-JVM screening. Real pytest, a real
 * virtual environment and real Maven, so tagged slow.
 */
@Tag("slow")
class PreparedEnvironmentPipelineTest {
    private final Clock clock = Clock.systemUTC();
    private final HostEnvironment host = HostEnvironment.fromSystem();
    private final LocalProcessExecutor executor = new LocalProcessExecutor(clock);
    private final List<ProgressEvent> events = new ArrayList<>();

    @TempDir
    Path temp;

    @Test
    void everyPytestProcessOfTheRunRunsInThePreparedVirtualEnvironment() throws Exception {
        Path repo = committed(temp.resolve("repo"), Map.of(
                "calc/__init__.py", "",
                "calc/ops.py", """
                        def add(a, b):
                            return a - b
                        """,
                "tests/test_ops.py", """
                        from calc.ops import add


                        def test_add():
                            assert add(2, 3) == 5
                        """,
                "tests/test_env.py", """
                        import os
                        import sys


                        def test_runs_in_the_prepared_virtual_environment():
                            assert os.path.realpath(sys.prefix) == os.path.realpath(os.environ["VIRTUAL_ENV"])
                        """,
                "conftest.py", """
                        import os
                        import sys


                        def pytest_sessionstart(session):
                            log = os.environ.get("PROBE_LOG")
                            if log:
                                kind = "coverage" if os.environ.get("REPOFIX_COVERAGE_OUT") else "tests"
                                with open(log, "a") as f:
                                    f.write(kind + " " + os.getcwd() + " " + os.path.realpath(sys.prefix) + "\\n")
                        """));
        Path venv = temp.resolve("venv");
        Path log = temp.resolve("probe.log");
        EnvironmentPreparer preparer = (root, build) -> {
            // Installs nothing: the host's pytest and coverage.py come in through the system site.
            run(root, "python3", "-m", "venv", "--system-site-packages", venv.toString());
            return new PreparedEnvironment("test venv", Map.of("VIRTUAL_ENV", venv.toString(),
                    "PROBE_LOG", log.toString()), List.of(venv.resolve("bin")), List.of(venv), List.of(),
                    Duration.ofSeconds(3), false);
        };
        BuiltinStages stages = BuiltinStages.withCoverage(executor, host, Duration.ofMinutes(3), clock,
                SpectrumFormula.OCHIAI, Optional.of(SharedEnvironmentCache.dir().resolve("tools")));

        RunResult r = pipeline(new RepairPipeline.Engine(stages, "builtin", Optional.empty()), Screenings.none(),
                preparer).run(config(repo, Optional.of("python3 -m pytest")));

        assertThat(r.status()).as("%s %s", r.notes(), r.validations()).isEqualTo(RunStatus.FIXED);
        assertThat(r.failing()).extracting(t -> t.id()).as("the environment test passes, only the bug fails")
                .containsExactly("tests/test_ops.py::test_add");
        List<String> lines = Files.readAllLines(log);
        String prefix = venv.toRealPath().toString();
        assertThat(lines).as("every pytest process: interpreter prefix").isNotEmpty()
                .allSatisfy(l -> assertThat(l).endsWith(" " + prefix));
        assertThat(lines).as("the baseline, under per-test coverage").anySatisfy(l -> assertThat(l)
                .startsWith("coverage ").contains("baseline"));
        assertThat(lines).as("a candidate's run").anySatisfy(l -> assertThat(l).startsWith("tests ")
                .doesNotContain("baseline"));
        assertThat(r.stages()).filteredOn(s -> s.stage().equals("setup")).singleElement()
                .satisfies(s -> assertThat(s.summary()).isEqualTo("environment: test venv (prepared in 3.0s)"));
    }

    @Test
    void theWarmJvmScreeningRunsInThePreparedEnvironment() throws Exception {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 1, Duration.ofMillis(30));
        Path test = repo.resolve("src/test/java/gen/CalcTest.java");
        // The failing test, which screening runs in the warm JVM, says where it ran and what it got.
        Files.writeString(test, Files.readString(test).replace("void sumsUpToAndIncludingN() {", """
                void sumsUpToAndIncludingN() throws Exception {
                        String log = System.getenv("PROBE_LOG");
                        if (log != null) {
                            String who = System.getProperty("sun.java.command", "").contains("ScreeningMain")
                                    ? "screening" : "surefire";
                            java.nio.file.Files.writeString(java.nio.file.Path.of(log), who + " "
                                    + System.getenv("PROBE") + "\\n", java.nio.file.StandardOpenOption.CREATE,
                                    java.nio.file.StandardOpenOption.APPEND);
                        }
                """));
        try (Git git = Git.open(repo.toFile())) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("probe").setAuthor("T", "t@example.com").setCommitter("T", "t@example.com")
                    .setSign(false).call();
        }
        Path log = temp.resolve("probe.log");
        EnvironmentPreparer preparer = (root, build) -> new PreparedEnvironment("test variables",
                Map.of("PROBE_LOG", log.toString(), "PROBE", "prepared"), List.of(), List.of(), List.of(),
                Duration.ZERO, true);

        RunResult r = pipeline(new RepairPipeline.Engine(new BuiltinStages(), "builtin", Optional.empty()),
                new WarmJvmScreenings(executor, host, clock), preparer).run(config(repo, Optional.empty()));

        assertThat(r.status()).as("%s %s", r.notes(), r.validations()).isEqualTo(RunStatus.FIXED);
        assertThat(r.notes()).noneMatch(n -> n.contains("screening in a warm test JVM is off"));
        assertThat(Files.readAllLines(log)).contains("surefire prepared", "screening prepared")
                .allSatisfy(l -> assertThat(l).endsWith(" prepared"));
        assertThat(r.stages()).filteredOn(s -> s.stage().equals("setup")).singleElement()
                .satisfies(s -> assertThat(s.summary()).isEqualTo("environment: test variables (reused)"));
    }

    private RepairPipeline pipeline(RepairPipeline.Engine engine, Screenings screenings, EnvironmentPreparer preparer) {
        TestRunner runner = new TestRunner(executor, host, ReportParsers.standard(), new StackFrameExtractor());
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)), new BuildDetector(),
                runner, engine, clock, events::add, new Cancellation(), () -> "run-1", screenings, preparer);
    }

    private RunConfig config(Path repo, Optional<String> testCommand) {
        return new RunConfig(repo.toString(), Optional.empty(), testCommand, temp.resolve("out"), 10,
                Duration.ofMinutes(15), Duration.ofMinutes(5), host, 1, 1);
    }

    static Path committed(Path dir, Map<String, String> files) throws Exception {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("init").setAuthor("T", "t@example.com").setCommitter("T", "t@example.com")
                    .setSign(false).call();
        }
        return dir;
    }

    private static void run(Path dir, String... argv) {
        try {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", argv) + " failed");
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
