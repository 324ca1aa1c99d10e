package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.RunConfig;
import dev.repofix.env.EnvironmentException;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.report.MarkdownReport;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The set-up is a stage of its own: before the baseline, timed, in the record, and a failure ends the run there. */
class SetupStageTest {
    private final List<ProgressEvent> events = new ArrayList<>();
    private final List<Command> commands = new ArrayList<>();

    @TempDir
    Path temp;

    @Test
    void aSetUpThatAsksForWhatTheMachineLacksEndsTheRunAsAnInputErrorWithItsRecord() throws Exception {
        EnvironmentPreparer lacking = (root, build) -> {
            throw new EnvironmentException(ErrorKind.INPUT, "the project needs Python >=3.14; install it");
        };

        RunResult r = pipeline(lacking).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.INPUT);
            assertThat(e.stage()).isEqualTo("setup");
            assertThat(e.message()).contains("Python >=3.14");
        });
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).startsWith("checkout=OK",
                "setup=FAILED", "baseline=SKIPPED");
        assertThat(r.build()).as("detected before the set-up").isEqualTo("pytest");
        assertThat(commands).as("no test ran").isEmpty();
    }

    @Test
    void aFailingSetUpCommandEndsTheRunAsAnEnvironmentError() throws Exception {
        EnvironmentPreparer failing = (root, build) -> {
            throw new EnvironmentException(ErrorKind.RUNTIME, "'pip install -e .' failed (exit 1)");
        };

        RunResult r = pipeline(failing).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.ENVIRONMENT);
            assertThat(e.stage()).isEqualTo("setup");
        });
        assertThat(commands).isEmpty();
    }

    @Test
    void thePreparedEnvironmentIsTimedAsItsOwnStageBeforeTheBaselineAndReachesItsCommand() throws Exception {
        EnvironmentPreparer venv = (root, build) -> new PreparedEnvironment("python 3.12 venv, pip install -e .[test]",
                Map.of("VIRTUAL_ENV", "/envs/a"), List.of(Path.of("/envs/a/bin")), List.of(), List.of(),
                Duration.ofSeconds(42), false);

        RunResult r = pipeline(venv).run(config());

        assertThat(r.stages()).extracting(StageRecord::stage).startsWith("checkout", "setup", "baseline");
        assertThat(r.stages().get(1).summary())
                .isEqualTo("environment: python 3.12 venv, pip install -e .[test] (prepared in 42.0s)");
        assertThat(events).contains(new ProgressEvent.StageStarted("setup"));
        assertThat(events).filteredOn(e -> e instanceof ProgressEvent.StageFinished f && f.stage().equals("setup"))
                .singleElement().extracting(e -> ((ProgressEvent.StageFinished) e).summary()).asString()
                .contains("prepared in 42.0s");
        assertThat(commands).first().satisfies(c -> {
            assertThat(c.environment()).containsEntry("VIRTUAL_ENV", "/envs/a");
            assertThat(c.pathPrefix()).containsExactly(Path.of("/envs/a/bin"));
        });
        assertThat(new MarkdownReport().render(r)).contains("| setup | ok |")
                .contains("environment: python 3.12 venv");
    }

    @Test
    void validatingAGivenPatchPreparesTheEnvironmentFirstToo() throws Exception {
        EnvironmentPreparer variables = (root, build) -> new PreparedEnvironment("probe", Map.of("PROBE", "yes"),
                List.of(), List.of(), List.of(), Duration.ZERO, true);

        RunResult r = pipeline(variables).validate(config(), "--- a/x.py\n+++ b/x.py\n@@ -0,0 +1 @@\n+x = 1\n");

        assertThat(r.stages().get(1).summary()).isEqualTo("environment: probe (reused)");
        assertThat(commands).first().satisfies(c -> assertThat(c.environment()).containsEntry("PROBE", "yes"));
    }

    @Test
    void withNothingPreparedTheStageSaysTestsRunWithWhatTheMachineHas() throws Exception {
        RunResult r = pipeline(EnvironmentPreparer.NONE).run(config());

        assertThat(r.stages().get(1).summary())
                .isEqualTo("environment: none prepared, tests run with what the machine has");
        assertThat(commands).first().satisfies(c -> assertThat(c.pathPrefix()).isEmpty());
    }

    @Test
    void aDetectedStepThatFailedIsNamedWithItsOutputInTheStage() throws Exception {
        EnvironmentPreparer failed = (root, build) -> new PreparedEnvironment("none: the environment set-up failed: "
                + "`mvn -q test` (exit code 1):\n[ERROR] cannot write /env/repository; tests run with what the machine "
                + "has", Map.of(), List.of(), List.of(), List.of(), Duration.ZERO, false);

        RunResult r = pipeline(failed).run(config());

        assertThat(r.stages().get(1).summary()).startsWith("environment: none: the environment set-up failed: "
                + "`mvn -q test` (exit code 1)").contains("[ERROR] cannot write /env/repository");
    }

    private RepairPipeline pipeline(EnvironmentPreparer preparer) {
        // Records the commands; each says no test ran, which ends the run after the baseline.
        Executor recording = command -> {
            commands.add(command);
            return new ExecResult(new ExecResult.Outcome.Exited(5), "no tests ran", Duration.ofMillis(1));
        };
        TestRunner runner = new TestRunner(recording, new HostEnvironment(Map.of()), ReportParsers.standard(),
                new StackFrameExtractor());
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)), new BuildDetector(),
                runner, new RepairPipeline.Engine(new BuiltinStages(), "builtin", Optional.empty()),
                Clock.systemUTC(), events::add, new Cancellation(), () -> "run-1", Screenings.none(), preparer);
    }

    private RunConfig config() throws Exception {
        Path repo = PreparedEnvironmentPipelineTest.committed(temp.resolve("repo"), Map.of(
                "tests/test_a.py", "def test_a():\n    assert True\n"));
        return new RunConfig(repo.toString(), Optional.empty(), Optional.of("python3 -m pytest"), temp.resolve("out"),
                10, Duration.ofMinutes(5), Duration.ofMinutes(2), new HostEnvironment(Map.of()), 0, 1);
    }
}
