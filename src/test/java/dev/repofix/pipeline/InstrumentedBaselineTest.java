package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.env.SharedEnvironmentCache;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.Command;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline is the only run of the suite before localization: real {@code mvn} (JUnit 5
 * and JUnit 4) and real pytest on a generated project with one known bug, whose run under
 * the builtin engine counts the test commands started until the localize stage ends: the
 * baseline and the flaky check's rerun of the failing test, no coverage run. The baseline gives both the verdict's failing tests and the per-test coverage the
 * localization ranks the buggy line by; its verdicts are those of a plain baseline.
 * Candidates are left out (the stages propose none): what is measured ends at localization.
 */
@Tag("slow")
class InstrumentedBaselineTest {
    private final Clock clock = Clock.systemUTC();
    private final HostEnvironment host = HostEnvironment.fromSystem();

    @TempDir
    Path temp;

    @Test
    void oneMavenJunit5RunGivesTheBaselineAndThePerTestCoverageLocalizationUses() throws IOException {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 2, Duration.ofMillis(30),
                GeneratedMavenProject.Framework.JUNIT5);

        assertOneRunBeforeLocalization(repo, GeneratedMavenProject.CALC, GeneratedMavenProject.BUG, "mvn ");
    }

    @Test
    void oneMavenJunit4RunGivesTheBaselineAndThePerTestCoverageLocalizationUses() throws IOException {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 2, Duration.ofMillis(30),
                GeneratedMavenProject.Framework.JUNIT4);

        assertOneRunBeforeLocalization(repo, GeneratedMavenProject.CALC, GeneratedMavenProject.BUG, "mvn ");
    }

    @Test
    void onePytestRunGivesTheBaselineAndThePerTestCoverageLocalizationUses() throws IOException {
        Path repo = GeneratedPytestProject.write(temp.resolve("repo"), 2, Duration.ofMillis(30));

        assertOneRunBeforeLocalization(repo, GeneratedPytestProject.CALC, GeneratedPytestProject.BUG, "pytest");
    }

    private void assertOneRunBeforeLocalization(Path repo, String file, String bug, String testTool)
            throws IOException {
        int bugLine = lineOf(repo.resolve(file), bug);
        Counting executor = new Counting(new LocalProcessExecutor(clock), testTool);
        BuiltinStages builtin = BuiltinStages.withCoverage(executor, host, Duration.ofMinutes(5), clock,
                SpectrumFormula.OCHIAI, Optional.of(SharedEnvironmentCache.dir().resolve("tools")));
        AtomicInteger runsBeforeLocalization = new AtomicInteger(-1);
        ProgressListener atLocalization = e -> {
            if (e instanceof ProgressEvent.StageFinished f && f.stage().equals("localize")) {
                runsBeforeLocalization.set(executor.testRuns.size());
            }
        };

        RunResult instrumented = pipeline(executor, builtin, atLocalization, "instrumented").run(config(repo,
                "instrumented"));
        RunResult plain = pipeline(new LocalProcessExecutor(clock), new BuiltinStages(), ProgressListener.none(),
                "plain").run(config(repo, "plain"));

        assertThat(instrumented.error()).as("%s", instrumented.notes()).isEmpty();
        assertThat(runsBeforeLocalization.get()).as("the baseline and the flaky check's one rerun, no coverage run: %s",
                executor.testRuns).isEqualTo(2);
        assertThat(instrumented.notes()).as("coverage read from the baseline")
                .anyMatch(n -> n.startsWith("localization: per-test coverage from the instrumented baseline"))
                .noneMatch(n -> n.contains("ran under coverage"));
        assertThat(instrumented.localization().orElseThrow().locations()).as("ranked by the baseline's spectra")
                .extracting(Location::file, Location::line).contains(org.assertj.core.groups.Tuple.tuple(file,
                        bugLine));
        assertThat(instrumented.failing()).extracting(TestResult::id)
                .isEqualTo(plain.failing().stream().map(TestResult::id).toList()).hasSize(1);
        assertThat(instrumented.flaky()).isEqualTo(plain.flaky()).isEmpty();
        assertThat(instrumented.passingCount()).isEqualTo(plain.passingCount());
        assertThat(instrumented.status()).isEqualTo(plain.status());
    }

    private RepairPipeline pipeline(Executor executor, BuiltinStages builtin, ProgressListener progress,
            String name) {
        TestRunner runner = new TestRunner(executor, host, ReportParsers.standard(), new StackFrameExtractor());
        return new RepairPipeline(new Workspaces(temp.resolve("work-" + name), Duration.ofMinutes(1)),
                new BuildDetector(), runner, new RepairPipeline.Engine(new NoCandidates(builtin), "builtin",
                        Optional.empty()), clock, progress, new Cancellation(), () -> "run-" + name,
                Screenings.none());
    }

    /** One rerun of the failing tests, through the build (no screening): the flaky check runs as users get it. */
    private RunConfig config(Path repo, String name) {
        return new RunConfig(repo.toString(), Optional.empty(), Optional.empty(), temp.resolve("out-" + name), 10,
                Duration.ofMinutes(15), Duration.ofMinutes(5), host, 1, 1);
    }

    private static int lineOf(Path file, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text.strip())) {
                return i + 1;
            }
        }
        throw new IllegalStateException(text + " is not in " + file);
    }

    /** Local processes; keeps the shell scripts that run the tests ({@code testTool} in them), in order. */
    private static final class Counting extends dev.repofix.exec.ForwardingExecutor {
        private final Executor local;
        private final String testTool;
        final List<String> testRuns = new CopyOnWriteArrayList<>();

        Counting(Executor local, String testTool) {
            super(List.of(local));
            this.local = local;
            this.testTool = testTool;
        }

        @Override
        protected Executor delegate(Optional<dev.repofix.exec.SandboxImage> family) {
            return local;
        }

        @Override
        public dev.repofix.exec.ExecResult run(Command command) {
            String script = String.join(" ", command.argv());
            if (script.contains(testTool)) {
                testRuns.add(script);
            }
            return super.run(command);
        }
    }

    /** The builtin engine's issue and localization, and no candidate: the run ends after localization. */
    private static final class NoCandidates implements Stages {
        private final BuiltinStages builtin;

        NoCandidates(BuiltinStages builtin) {
            this.builtin = builtin;
        }

        @Override
        public IssueDraft draftIssue(FailureReport failures) {
            return builtin.draftIssue(failures);
        }

        @Override
        public Localization localize(FailureReport failures, IssueDraft issue) {
            return builtin.localize(failures, issue);
        }

        @Override
        public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
            return new ArrayList<>();
        }

        @Override
        public List<String> notes() {
            return builtin.notes();
        }

        @Override
        public TestInstrumentation baselineInstrumentation() {
            return builtin.baselineInstrumentation();
        }
    }
}
