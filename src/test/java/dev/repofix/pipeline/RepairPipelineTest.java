package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecException;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.model.Pricing;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.StageAttempts;
import dev.repofix.stage.StageException;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRunner;
import dev.repofix.testrun.TestStatus;
import dev.repofix.validate.ScreenResult;
import dev.repofix.validate.Screening;
import dev.repofix.validate.Screenings;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline with fakes for what it wires: a real Git repository and workspace copies,
 * a fake executor that "runs the tests" by writing a JUnit report from the copy's
 * {@code calc.txt} (the test passes when it says {@code fixed}), and scripted stages.
 */
class RepairPipelineTest {
    private static final String TEST_CMD = "run-the-tests";

    @TempDir
    Path temp;

    private Path repo;
    private final Cancellation cancellation = new Cancellation();
    private final List<ProgressEvent> events = new ArrayList<>();

    @BeforeEach
    void repository() throws Exception {
        repo = Files.createDirectories(temp.resolve("repo"));
        Files.writeString(repo.resolve("calc.txt"), "bug\n");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("init").setAuthor("T", "t@example.com").setCommitter("T", "t@example.com")
                    .setSign(false).call();
        }
    }

    @Test
    void assemblesEveryStageAndTheFirstValidCandidateIntoTheRecord() {
        RunResult r = pipeline(testsFromCalc(), stages(candidate("c1", "worse"), candidate("c2", "fixed"),
                candidate("c3", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.FIXED);
        assertThat(r.runId()).isEqualTo("run-1");
        assertThat(r.model()).isEqualTo("scripted");
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).containsExactly("checkout=OK",
                "setup=OK", "baseline=OK", "flaky-check=OK", "issue=OK", "localize=OK", "patch=OK", "validate=OK");
        assertThat(r.candidates()).extracting(c -> c.id() + "=" + c.verdict().map(Verdict::name).orElse("-"))
                .containsExactly("c1=TESTS_FAIL", "c2=VALID", "c3=-");
        assertThat(r.fixId()).contains("c2");
        assertThat(r.alternatives()).as("c3 is the same patch as the fix").isEmpty();
        assertThat(r.fixValidation().orElseThrow().fixed()).containsExactly("calc.CalcTest#works");
        assertThat(r.fixValidation().orElseThrow().phases().fullRun()).isPresent();
        assertThat(r.fixValidation().orElseThrow().phases().apply()).isPresent();
        assertThat(r.error()).isEmpty();
        assertThat(events).filteredOn(ProgressEvent.CandidateValidated.class::isInstance).hasSize(2);
    }

    /**
     * A VALID patch is only plausible: the candidates after it at the same line are
     * validated too (at most a few), and every other VALID one is kept as an alternative
     * the tests cannot tell apart; candidates elsewhere are not tried.
     */
    @Test
    void whatTheStagesSayAboutHowTheyAnsweredReachesTheRunsNotes() {
        ScriptedStages stages = stages(candidate("c1", "fixed"));
        stages.notes.add("localization from stack frames only, no per-test coverage: offline");

        RunResult r = pipeline(testsFromCalc(), stages).run(config());

        assertThat(r.notes()).contains("localization from stack frames only, no per-test coverage: offline");
    }

    /**
     * The flaky check reruns the failing tests in the screening, opened before it: no build
     * invocation but the baseline's and the fix's full run (on main's code the two reruns
     * were two more suite runs through the build).
     */
    @Test
    void theFlakyCheckRerunsTheFailingTestsInTheScreeningNotThroughTheBuild() {
        List<Command> builds = new ArrayList<>();
        CalcScreening screening = new CalcScreening(false);

        RunResult r = pipeline(recording(builds), stages(candidate("c1", "fixed")), screening).run(config());

        assertThat(r.status()).as("%s", r.notes()).isEqualTo(RunStatus.FIXED);
        assertThat(screening.screened).startsWith("rerun-1", "rerun-2");
        assertThat(screening.tests.get(0)).containsExactly("calc.CalcTest#works");
        assertThat(builds).as("the baseline and the fix's full run").hasSize(2);
        assertThat(screening.closed).isTrue();
    }

    /** A failing test that passes on a rerun in the warm JVM is flaky, not a target; the screening is closed. */
    @Test
    void aTestThatPassesOnAWarmRerunIsFlakyAndTheRunEndsThere() {
        List<Command> builds = new ArrayList<>();
        CalcScreening screening = new CalcScreening(true);

        RunResult r = pipeline(recording(builds), stages(candidate("c1", "fixed")), screening).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.FLAKY_ONLY);
        assertThat(r.flaky()).containsExactly("calc.CalcTest#works");
        assertThat(builds).as("the baseline only").hasSize(1);
        assertThat(screening.closed).isTrue();
    }

    @Test
    void afterTheFixTheOtherCandidatesAtItsLineAreTriedToSeeWhetherTheTestsPinItDown() throws IOException {
        Files.writeString(repo.resolve("other.txt"), "x\n");
        commitAll();
        PatchCandidate elsewhere = new PatchCandidate("c4", "scripted", "other.txt", 1, "x -> y",
                PatchText.read("--- a/other.txt\n+++ b/other.txt\n@@ -1 +1 @@\n-x\n+y\n"));
        PatchCandidate alsoFixed = candidate("c3", "fixed   ");

        RunResult r = pipeline(testsFromCalc(), stages(candidate("c1", "worse"), candidate("c2", "fixed"),
                elsewhere, alsoFixed, candidate("c5", "worse"))).run(config());

        assertThat(r.fixId()).contains("c2");
        assertThat(r.candidates()).extracting(c -> c.id() + "=" + c.verdict().map(Verdict::name).orElse("-"))
                .containsExactly("c1=TESTS_FAIL", "c2=VALID", "c4=-", "c3=VALID", "c5=TESTS_FAIL");
        assertThat(r.alternatives()).extracting(PatchCandidate::id).containsExactly("c3");
        assertThat(r.status()).isEqualTo(RunStatus.FIXED);
        assertThat(events).as("the fix is out before the alternatives run").filteredOn(e ->
                e instanceof ProgressEvent.FixProven || e instanceof ProgressEvent.CandidateValidated)
                .extracting(e -> e instanceof ProgressEvent.FixProven p ? "proven " + p.fix().id()
                        : ((ProgressEvent.CandidateValidated) e).candidate().id())
                .containsExactly("c1", "c2", "proven c2", "c3", "c5");
    }

    @Test
    void theBaselineRunsInItsOwnCopySoNoCandidateInheritsWhatItsTestsDeleted() throws IOException {
        Files.writeString(repo.resolve("data.txt"), "fixture\n");
        commitAll();
        Function<Command, ExecResult> cleaningTests = c -> {
            // A test suite that needs its data file, and deletes it when done (as some do).
            if (!Files.exists(c.workdir().resolve("data.txt"))) {
                return report(c, false, "data.txt is missing");
            }
            ExecResult result = testsFromCalc().apply(c);
            try {
                Files.delete(c.workdir().resolve("data.txt"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return result;
        };

        RunResult r = pipeline(cleaningTests, stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.status()).as(r.candidates().toString()).isEqualTo(RunStatus.FIXED);
    }

    @Test
    void theWholeRunsBudgetBoundsTheBaselineAndTheReruns() {
        // Each suite run takes 3 minutes of a 5-minute budget with a 4-minute test timeout.
        SteppedClock clock = new SteppedClock();
        List<Duration> limits = new ArrayList<>();
        Function<Command, ExecResult> slow = c -> {
            limits.add(c.timeout());
            clock.advance(Duration.ofMinutes(3));
            return testsFromCalc().apply(c);
        };
        RunConfig config = new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"),
                30, Duration.ofMinutes(5), Duration.ofMinutes(4), new HostEnvironment(Map.of()), 2, 1);

        RunResult r = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(slow), new RepairPipeline.Engine(stages(candidate("c1", "fixed")),
                        "scripted", Optional.empty()), clock, events::add, cancellation, () -> "run-1").run(config);

        assertThat(limits).as("the baseline gets its test timeout, the one rerun only what is left, no candidate "
                + "starts past the budget").containsExactly(Duration.ofMinutes(4), Duration.ofMinutes(2));
        assertThat(r.status()).isEqualTo(RunStatus.NOT_FIXED);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("ran out before the stages"));
    }

    /** A model that never answers must not hold the run past --timeout: the stage is stopped there. */
    @Test
    void aStageThatNeverAnswersIsStoppedWhereTheRunsBudgetEnds() throws Exception {
        java.util.concurrent.CountDownLatch interrupted = new java.util.concurrent.CountDownLatch(1);
        Stages hanging = new ScriptedStages(List.of()) {
            @Override
            public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
                try {
                    Thread.sleep(Duration.ofMinutes(10));
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
                return List.of();
            }
        };

        RunResult r = pipeline(testsFromCalc(), hanging).run(withTimeout(Duration.ofSeconds(3)));

        assertThat(r.status()).isEqualTo(RunStatus.STAGE_FAILED);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.stage()).isEqualTo("patch");
            assertThat(e.message()).contains("did not finish within what was left of the run's time budget")
                    .contains("raise --timeout");
        });
        assertThat(r.issue()).isPresent();
        assertThat(interrupted.await(30, java.util.concurrent.TimeUnit.SECONDS)).as("the stage was interrupted")
                .isTrue();
    }

    /**
     * The builtin engine asks no model: a stage of its that runs out of the budget names the
     * builtin engine, its stage and the cause, never a model's endpoint.
     */
    @Test
    void aBuiltinStageThatRunsOutOfTheBudgetNamesTheBuiltinEngineNotAModel() {
        RunResult r = runWithLocalizationThatNeverEnds("builtin");

        assertThat(r.status()).isEqualTo(RunStatus.STAGE_FAILED);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.ENGINE);
            assertThat(e.stage()).isEqualTo("localize");
            assertThat(e.message()).startsWith("the builtin engine's localize stage did not finish within what was "
                    + "left of the run's time budget").doesNotContainIgnoringCase("model");
        });
    }

    /** The stages learn the baseline's suite time and the run's deadline: the coverage run's share is cut from them. */
    @Test
    void theStagesGetTheBaselinesSuiteTimeAndTheRunsDeadline() {
        List<FailureReport> seen = new ArrayList<>();
        ScriptedStages recording = new ScriptedStages(List.of(candidate("c1", "fixed"))) {
            @Override
            public Localization localize(FailureReport failures, IssueDraft issue) {
                seen.add(failures);
                return super.localize(failures, issue);
            }
        };
        Instant before = Instant.now();

        pipeline(testsFromCalc(), recording).run(config());

        assertThat(seen).singleElement().satisfies(f -> assertThat(f.budget()).hasValueSatisfying(b -> {
            assertThat(b.suiteTime()).isPositive().isLessThan(Duration.ofMinutes(1));
            assertThat(b.deadline()).isBetween(before.plus(Duration.ofMinutes(5)),
                    Instant.now().plus(Duration.ofMinutes(5)));
        }));
    }

    /** A clone from a server that never answers ends where the run's budget does. */
    @Test
    void aCloneThatNeverFinishesIsStoppedWhereTheRunsBudgetEnds() throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        server.createContext("/", exchange -> {
            try {
                release.await(2, java.util.concurrent.TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/slow.git";
            RunConfig config = new RunConfig(url, Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"), 30,
                    Duration.ofSeconds(2), Duration.ofMinutes(1), new HostEnvironment(Map.of()), 2, 1);

            RunResult r = pipeline(testsFromCalc(), stages()).run(config);

            assertThat(r.status()).isEqualTo(RunStatus.ERROR);
            assertThat(r.error()).hasValueSatisfying(e -> {
                assertThat(e.kind()).isEqualTo(RunError.Kind.ENVIRONMENT);
                assertThat(e.stage()).isEqualTo("checkout");
                assertThat(e.message()).contains("checkout did not finish").contains("check the network");
            });
        } finally {
            release.countDown();
            server.stop(0);
        }
    }

    private RunConfig withTimeout(Duration timeout) {
        return new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"), 30,
                timeout, Duration.ofMinutes(1), new HostEnvironment(Map.of()), 2, 1);
    }

    /**
     * A candidate that makes a loop endless must not cost the whole --test-timeout: each of
     * its test runs gets three times the baseline's time for the same tests, at least 10 s.
     */
    @Test
    void aCandidatesTestRunIsBoundedByTheBaselinesTimeNotTheWholeTestTimeout() {
        List<Duration> limits = new ArrayList<>();
        Function<Command, ExecResult> recording = c -> {
            limits.add(c.timeout());
            return testsFromCalc().apply(c);
        };
        RunConfig config = new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"),
                30, Duration.ofMinutes(30), Duration.ofMinutes(10), new HostEnvironment(Map.of()), 0, 1);

        RunResult r = pipeline(recording, stages(candidate("c1", "worse"), candidate("c2", "fixed"))).run(config);

        assertThat(r.status()).isEqualTo(RunStatus.FIXED);
        assertThat(limits.get(0)).as("the baseline").isEqualTo(Duration.ofMinutes(10));
        assertThat(limits.subList(1, limits.size())).as("the candidates' runs").isNotEmpty()
                .allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(Duration.ofSeconds(10)));
    }

    /**
     * The right candidate passes screening, and the budget ends during its run of the whole
     * suite: it is reported as screened VALID with its full run not finished, not as a
     * fix and not silently as a TIMEOUT.
     */
    @Test
    void aCandidateThatPassedScreeningAndWasCutOffByTheBudgetIsReportedAsSuch() {
        SteppedClock clock = new SteppedClock();
        Function<Command, ExecResult> tests = c -> {
            try {
                if (Files.readString(c.workdir().resolve("calc.txt")).strip().equals("fixed")) {
                    return new ExecResult(new ExecResult.Outcome.TimedOut(c.timeout()), "", c.timeout());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // The baseline: it leaves 10 s of the 5-minute budget.
            clock.advance(Duration.ofMinutes(4).plusSeconds(50));
            ExecResult r = testsFromCalc().apply(c);
            return new ExecResult(r.outcome(), r.output(), Duration.ofMinutes(1));
        };
        dev.repofix.validate.Screening passesWhenFixed = new dev.repofix.validate.Screening() {
            @Override
            public dev.repofix.validate.ScreenResult screen(String candidateId, Path copy, List<String> sources,
                    List<String> ids, Duration limit) {
                try {
                    boolean fixed = Files.readString(copy.resolve("calc.txt")).strip().equals("fixed");
                    return new dev.repofix.validate.ScreenResult.Ran(Map.of("calc.CalcTest#works", fixed
                            ? dev.repofix.testrun.TestStatus.PASSED : dev.repofix.testrun.TestStatus.FAILED),
                            Map.of(), Duration.ZERO, Duration.ofSeconds(1));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void close() {}
        };
        RunConfig config = new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"),
                30, Duration.ofMinutes(5), Duration.ofMinutes(10), new HostEnvironment(Map.of()), 0, 1);

        RunResult r = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(tests), new RepairPipeline.Engine(stages(candidate("c1", "worse"),
                        candidate("c2", "fixed")), "scripted", Optional.empty()), clock, events::add, cancellation,
                () -> "run-1", (copy, build, command, override, failing, environment) -> new Screenings.Opened(
                        Optional.of(passesWhenFixed), "")).run(config);

        assertThat(r.status()).isEqualTo(RunStatus.NOT_FIXED);
        assertThat(r.fix()).isEmpty();
        assertThat(r.candidates()).extracting(c -> c.id() + "=" + c.verdict().map(Verdict::name).orElse("-"))
                .containsExactly("c1=TESTS_FAIL", "c2=SCREENED_NOT_FINISHED");
        assertThat(r.candidates().get(1).validation().orElseThrow().detail())
                .startsWith("screened VALID, full run not finished");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("screened VALID, full run not finished: "
                + "candidate c2 passed screening"));
    }

    /** A clock that moves only when told. */
    private static final class SteppedClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void candidatesLeftOutByMaxCandidatesAreNotedOnlyWhenNoneTriedWasValid() {
        RunConfig oneCandidate = new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD),
                temp.resolve("out"), 1, Duration.ofMinutes(5), Duration.ofMinutes(1), new HostEnvironment(Map.of()), 0, 1);

        RunResult fixed = pipeline(testsFromCalc(), stages(candidate("c1", "fixed"), candidate("c2", "fixed")))
                .run(oneCandidate);
        RunResult notFixed = pipeline(testsFromCalc(), stages(candidate("c1", "worse"), candidate("c2", "fixed")))
                .run(oneCandidate);

        assertThat(fixed.status()).isEqualTo(RunStatus.FIXED);
        assertThat(fixed.notes()).isEmpty();
        assertThat(notFixed.notes()).containsExactly("validated at most the first 1 of 2 candidates (--max-candidates)");
    }

    @Test
    void aGivenPatchIsNamedByTheFilesItEdits() {
        RunResult r = pipeline(testsFromCalc(), stages()).validate(config(), candidate("x", "fixed").diff());

        assertThat(r.status()).isEqualTo(RunStatus.FIXED);
        assertThat(r.fix().orElseThrow().file()).isEqualTo("calc.txt");
        assertThat(r.fix().orElseThrow().line()).as("no line: the patch may edit many").isZero();
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).contains("issue=SKIPPED",
                "validate=OK");
    }

    @Test
    void aCandidateIsValidatedByThePatchItCarriesAndReportedByItsTextAsItCame() {
        Patch fixes = ((PatchText.Parsed) candidate("c1", "fixed").patch()).patch();
        String text = "the fix, as its proposer wrote it";
        PatchCandidate carried = new PatchCandidate("c1", "scripted", "calc.txt", 1, "bug -> fixed",
                new PatchText.Parsed(text, fixes));

        RunResult r = pipeline(testsFromCalc(), stages(carried)).run(config());

        assertThat(r.status()).as("validated from the parsed patch, not the text").isEqualTo(RunStatus.FIXED);
        assertThat(r.fix().orElseThrow().diff()).isEqualTo(text);
    }

    @Test
    void aCandidateWhoseTextIsNoPatchIsNotAppliedWithWhatTheParserSaid() {
        PatchCandidate prose = new PatchCandidate("m1", "llm", "", 1, "model patch",
                PatchText.read("just make it subtract"));

        RunResult r = pipeline(testsFromCalc(), stages(prose)).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.NOT_FIXED);
        assertThat(r.candidates()).singleElement().satisfies(c -> {
            assertThat(c.verdict()).contains(Verdict.NOT_APPLIED);
            assertThat(c.validation().orElseThrow().detail()).isEqualTo("not a patch: expected a unified diff "
                    + "(--- a/file, +++ b/file, @@ hunks) or SEARCH/REPLACE edit blocks");
        });
    }

    @Test
    void aBaselineWhoseOnlyFailuresAreModulesMissingFromTheEnvironmentEndsWithoutARepair() {
        Function<Command, ExecResult> missingModule = c -> {
            try {
                Files.writeString(c.workdir().resolve("TEST-pytest.xml"), "<testsuites><testsuite name=\"pytest\" "
                        + "tests=\"2\"><testcase classname=\"\" name=\"tests.test_io\"><error message=\""
                        + TestResult.COLLECTION_FAILURE + "\">ImportError while importing test module\n"
                        + "E   ModuleNotFoundError: No module named 'yaml'</error></testcase>"
                        + "<testcase classname=\"tests.test_ok\" name=\"test_ok\"/></testsuite></testsuites>");
                return new ExecResult(new ExecResult.Outcome.Exited(2), "", Duration.ofMillis(3));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };

        RunResult r = pipeline(missingModule, stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ENVIRONMENT);
        assertThat(r.environment()).extracting(e -> e.test() + " misses " + e.missing())
                .containsExactly("tests/test_io.py misses yaml");
        assertThat(r.failing()).as("not a target").isEmpty();
        assertThat(r.issue()).as("no issue drafted about an import line").isEmpty();
        assertThat(r.candidates()).isEmpty();
    }

    @Test
    void aBuildThatCannotResolveItsDependenciesIsTheEnvironmentAndNamesTheArtifact() {
        Function<Command, ExecResult> unresolved = c -> new ExecResult(new ExecResult.Outcome.Exited(1), """
                [INFO] Building demo 1.0-SNAPSHOT
                [ERROR] Failed to execute goal on project demo: Could not resolve dependencies for project \
                com.example:demo:jar:1.0-SNAPSHOT: Cannot access central (https://maven-mirror.example/maven2) in \
                offline mode and the artifact org.junit.jupiter:junit-jupiter:jar:5.10.2 has not been downloaded from \
                it before. -> [Help 1]
                """, Duration.ofMillis(3));

        RunResult r = pipeline(unresolved, stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ENVIRONMENT);
        assertThat(r.environment()).singleElement().satisfies(e -> {
            assertThat(e.ofBuild()).isTrue();
            assertThat(e.missing()).isEqualTo("org.junit.jupiter:junit-jupiter:jar:5.10.2");
        });
        assertThat(r.buildLog()).contains("Could not resolve dependencies");
        assertThat(r.candidates()).isEmpty();
    }

    @Test
    void aBuildThatFailsForAnotherReasonStaysBroken() {
        Function<Command, ExecResult> broken = c -> new ExecResult(new ExecResult.Outcome.Exited(1),
                "[ERROR] /repo/src/main/java/calc/Calc.java:[3,5] cannot find symbol\n", Duration.ofMillis(3));

        RunResult r = pipeline(broken, stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.BUILD_BROKEN);
        assertThat(r.environment()).isEmpty();
    }

    @Test
    void passingTestsSkipEveryLaterStage() throws IOException {
        Files.writeString(repo.resolve("calc.txt"), "fixed\n");

        RunResult r = pipeline(testsFromCalc(), stages()).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.TESTS_PASS);
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).containsExactly("checkout=OK",
                "setup=OK", "baseline=OK", "flaky-check=SKIPPED", "issue=SKIPPED", "localize=SKIPPED", "patch=SKIPPED",
                "validate=SKIPPED");
        assertThat(r.stages().get(4).summary()).isEqualTo("no test failed");
    }

    @Test
    void anEngineFailureDuringValidationIsAnErrorThatKeepsTheVerdictsReached() {
        AtomicInteger runs = new AtomicInteger();
        Function<Command, ExecResult> tests = c -> {
            // baseline, two flaky reruns, candidate c1; then the engine is gone
            if (runs.incrementAndGet() > 4) {
                throw new ExecException("the Docker engine stopped answering; start it or pass --sandbox local", null);
            }
            return testsFromCalc().apply(c);
        };

        RunResult r = pipeline(tests, stages(candidate("c1", "worse"), candidate("c2", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.ENVIRONMENT);
            assertThat(e.stage()).isEqualTo("validate");
            assertThat(e.message()).contains("Docker engine stopped answering");
        });
        assertThat(r.candidates()).extracting(c -> c.id() + "=" + c.verdict().map(Verdict::name).orElse("-"))
                .containsExactly("c1=TESTS_FAIL", "c2=-");
        assertThat(r.issue()).isPresent();
        assertThat(r.stages()).filteredOn(s -> s.stage().equals("validate")).singleElement()
                .extracting(StageRecord::status).isEqualTo(StageStatus.FAILED);
    }

    @Test
    void anInterruptDuringTheBaselineIsCancelledNotABrokenBuild() {
        Function<Command, ExecResult> killed = c -> {
            cancellation.cancel("interrupted (SIGINT or SIGTERM)");
            return new ExecResult(new ExecResult.Outcome.Exited(130), "Terminated\n", Duration.ofMillis(5));
        };

        RunResult r = pipeline(killed, stages()).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.CANCELLED);
            assertThat(e.stage()).isEqualTo("baseline");
        });
        assertThat(r.buildLog()).isEmpty();
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).startsWith("checkout=OK",
                "setup=OK", "baseline=FAILED", "flaky-check=SKIPPED");
    }

    /** Ctrl-C during the flaky check's rerun: the record still holds what the baseline found. */
    @Test
    void anInterruptDuringTheFlakyCheckKeepsTheBaselinesFailingTests() {
        AtomicInteger runs = new AtomicInteger();
        Function<Command, ExecResult> interruptedRerun = c -> {
            if (runs.incrementAndGet() == 1) {
                return testsFromCalc().apply(c);
            }
            cancellation.cancel("interrupted (SIGINT or SIGTERM)");
            throw new ExecException("interrupted while running the tests", null);
        };

        RunResult r = pipeline(interruptedRerun, stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(r.error().orElseThrow().stage()).isEqualTo("flaky-check");
        assertThat(r.failing()).extracting(TestResult::id).containsExactly("calc.CalcTest#works");
    }

    /**
     * Ctrl-C after a candidate was VALID, while the other candidates at its line are tried:
     * the record keeps the fix, its verdict and the verdicts before it.
     */
    @Test
    void anInterruptAfterACandidateWasValidKeepsTheFixAndTheVerdictsReached() {
        Function<Command, ExecResult> interruptedAlternative = c -> {
            try {
                if (Files.readString(c.workdir().resolve("calc.txt")).equals("fixed   \n")) {
                    cancellation.cancel("interrupted (SIGINT or SIGTERM)");
                    throw new ExecException("interrupted while running the tests", null);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return testsFromCalc().apply(c);
        };

        RunResult r = pipeline(interruptedAlternative, stages(candidate("c1", "worse"), candidate("c2", "fixed"),
                candidate("c3", "fixed   "))).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(r.error().orElseThrow().kind()).isEqualTo(RunError.Kind.CANCELLED);
        assertThat(r.failing()).extracting(TestResult::id).containsExactly("calc.CalcTest#works");
        assertThat(r.candidates()).extracting(c -> c.id() + "=" + c.verdict().map(Verdict::name).orElse("-"))
                .containsExactly("c1=TESTS_FAIL", "c2=VALID", "c3=-");
        assertThat(r.fix()).hasValueSatisfying(f -> assertThat(f.id()).isEqualTo("c2"));
    }

    @Test
    void aStageThatCannotAnswerIsStageFailedWithWhatCameBefore() {
        Stages failing = new ScriptedStages(List.of()) {
            @Override
            public Localization localize(FailureReport failures, IssueDraft issue) {
                throw new StageException("localize", "the model never answered parseable JSON in 3 attempts");
            }
        };

        RunResult r = pipeline(testsFromCalc(), failing).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.STAGE_FAILED);
        assertThat(r.issue()).isPresent();
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.MODEL);
            assertThat(e.stage()).isEqualTo("localize");
        });
        assertThat(r.stages()).extracting(s -> s.stage() + "=" + s.status()).endsWith("localize=FAILED",
                "patch=SKIPPED", "validate=SKIPPED");
    }

    /** A benchmark counts a model service that cannot be asked as infrastructure, an unusable answer as a miss. */
    @Test
    void aModelServiceThatCannotBeAskedIsAServiceErrorNotAnUnusableAnswer() {
        Stages unreachable = new ScriptedStages(List.of()) {
            @Override
            public IssueDraft draftIssue(FailureReport failures) {
                throw new dev.repofix.model.ModelException(dev.repofix.config.RepofixException.ErrorKind.RUNTIME,
                        "cannot reach http://127.0.0.1:9/v1: connection refused");
            }
        };

        RunResult r = pipeline(testsFromCalc(), unreachable).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.STAGE_FAILED);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.SERVICE);
            assertThat(e.stage()).isEqualTo("issue");
        });
    }

    @Test
    void aBugInAPartIsAnInternalErrorWithARecordNotAStackTrace() {
        Stages buggy = new ScriptedStages(List.of()) {
            @Override
            public IssueDraft draftIssue(FailureReport failures) {
                throw new IllegalStateException("boom");
            }
        };

        RunResult r = pipeline(testsFromCalc(), buggy).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error().orElseThrow().kind()).isEqualTo(RunError.Kind.INTERNAL);
        assertThat(r.error().orElseThrow().message()).contains("boom").contains("this is a bug");
        assertThat(r.failing()).hasSize(1);
    }

    /** A regular expression that recursed per character on a 31,824-character line ended a run with no record. */
    @Test
    void aStackOverflowInAStageIsAnInternalErrorWithTheRunsRecord() {
        Stages overflowing = new ScriptedStages(List.of()) {
            @Override
            public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
                throw new StackOverflowError();
            }
        };

        RunResult r = pipeline(testsFromCalc(), overflowing).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.INTERNAL);
            assertThat(e.stage()).isEqualTo("patch");
            assertThat(e.message()).startsWith("internal error: StackOverflowError in stage patch")
                    .contains("this is a bug");
        });
        assertThat(r.issue()).isPresent();
        assertThat(r.localization()).isPresent();
        assertThat(r.failing()).hasSize(1);
        assertThat(r.stages()).anySatisfy(s -> {
            assertThat(s.stage()).isEqualTo("patch");
            assertThat(s.status()).isEqualTo(StageStatus.FAILED);
        });
    }

    @Test
    void anExhaustedHeapInAStageIsSaidInTheRecordNotSwallowed() {
        Stages hungry = new ScriptedStages(List.of()) {
            @Override
            public Localization localize(FailureReport failures, IssueDraft issue) {
                throw new OutOfMemoryError("Java heap space");
            }
        };

        RunResult r = pipeline(testsFromCalc(), hungry).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(RunError.Kind.INTERNAL);
            assertThat(e.stage()).isEqualTo("localize");
            assertThat(e.message()).startsWith("internal error: OutOfMemoryError in stage localize: Java heap space")
                    .contains("-Xmx");
        });
        assertThat(r.issue()).isPresent();
    }

    @Test
    void anAssertionErrorFromALibraryInTheBaselineIsAnInternalError() {
        Function<Command, ExecResult> asserting = c -> {
            throw new AssertionError("library invariant");
        };

        RunResult r = pipeline(asserting, stages()).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error().orElseThrow().kind()).isEqualTo(RunError.Kind.INTERNAL);
        assertThat(r.error().orElseThrow().message()).contains("AssertionError in stage baseline: library invariant");
    }

    @Test
    void aCommandThatRunsNoTestIsAnInputError() {
        Function<Command, ExecResult> none = c -> new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ZERO);

        RunResult r = pipeline(none, stages()).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.ERROR);
        assertThat(r.error().orElseThrow().kind()).isEqualTo(RunError.Kind.INPUT);
        assertThat(r.error().orElseThrow().message()).contains("no tests ran").contains("--test-cmd");
    }

    @Test
    void theModelsAttemptsTokensAndCostAreTypedFieldsOfTheirStages() {
        ScriptedStages scripted = stages(candidate("c1", "fixed"));
        scripted.attempts.add(new StageAttempts("issue", true, 1, 3, List.of(), 1000, 200));
        scripted.attempts.add(new StageAttempts("localize", true, 2, 3, List.of("no JSON"), 3000, 100));
        Pricing.Price price = new Pricing.Price(2.0, 10.0);

        RunResult r = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(testsFromCalc()), new RepairPipeline.Engine(scripted, "openai:x",
                        Optional.of(price)), Clock.systemUTC(), events::add, cancellation, () -> "run-1").run(config());

        StageRecord localize = r.stages().get(5);
        assertThat(localize.stage()).isEqualTo("localize");
        assertThat(localize.model()).hasValueSatisfying(m -> {
            assertThat(m.attempts()).isEqualTo(2);
            assertThat(m.parsedOn()).hasValue(2);
            assertThat(m.parseErrors()).containsExactly("no JSON");
            assertThat(m.costUsd()).hasValueSatisfying(c -> assertThat(c).isCloseTo(0.007, within()));
        });
        assertThat(r.inputTokens()).isEqualTo(4000);
        assertThat(r.outputTokens()).isEqualTo(300);
        assertThat(r.costUsd()).hasValueSatisfying(c -> assertThat(c).isCloseTo(0.011, within()));
        assertThat(r.stages().get(6).model()).as("the patch stage asked no model here").isEmpty();
    }

    /**
     * The engine's instrumentation reaches the baseline's command only: the flaky check and
     * the candidates' runs are plain, and what it cost against the fix's full run is noted.
     */
    @Test
    void theBaselineRunsUnderTheEnginesInstrumentationAndOnlyTheBaseline() {
        List<Command> builds = new ArrayList<>();
        ScriptedStages stages = stages(candidate("c1", "fixed"));
        stages.instrumentation = new AddsVariable();

        RunResult r = pipeline(recording(builds), stages).run(config());

        assertThat(r.status()).as("%s", r.notes()).isEqualTo(RunStatus.FIXED);
        assertThat(builds).extracting(c -> c.environment().containsKey(AddsVariable.NAME))
                .as("baseline, two reruns, the fix's full run").containsExactly(true, false, false, false);
        assertThat(r.notes()).contains("per-test coverage: the baseline ran the suite under a variable; "
                + "localization reads it, no coverage run of its own");
        assertThat(stages.instrumentation.measured).hasSize(1);
    }

    /** A build that fails compiling the main code fails the same without instrumentation: it is not run twice. */
    @Test
    void anInstrumentedBaselineWhoseMainCodeDoesNotCompileIsNotRunAgain() throws Exception {
        // A Maven project: only its build can tell a main-code compile failure from its output.
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        List<Command> builds = new ArrayList<>();
        ScriptedStages stages = stages(candidate("c1", "fixed"));
        stages.instrumentation = new AddsVariable();
        Function<Command, ExecResult> uncompiled = c -> {
            builds.add(c);
            return new ExecResult(new ExecResult.Outcome.Exited(1), "[ERROR] COMPILATION ERROR :\n[ERROR] Failed to "
                    + "execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile (default-compile) on "
                    + "project calc: Compilation failure", Duration.ofMillis(1));
        };

        RunResult r = pipeline(uncompiled, stages).run(config());

        assertThat(r.status()).isEqualTo(RunStatus.BUILD_BROKEN);
        assertThat(builds).hasSize(1);
        assertThat(r.notes()).contains("per-test coverage: the instrumented baseline's build failed compiling the "
                + "main code, which the instrumentation does not touch, so it was not run again");
    }

    /** An instrumented baseline whose build fails is run again plain: the verdict is the plain run's. */
    @Test
    void anInstrumentedBaselineThatDoesNotCompleteRunsAgainPlain() {
        List<Command> builds = new ArrayList<>();
        ScriptedStages stages = stages(candidate("c1", "fixed"));
        stages.instrumentation = new AddsVariable();
        Function<Command, ExecResult> brokenWhenInstrumented = c -> c.environment().containsKey(AddsVariable.NAME)
                ? new ExecResult(new ExecResult.Outcome.Exited(1), "agent failed", Duration.ofMillis(1))
                : recording(builds).apply(c);

        RunResult r = pipeline(brokenWhenInstrumented, stages).run(config());

        assertThat(r.status()).as("%s", r.notes()).isEqualTo(RunStatus.FIXED);
        assertThat(r.failing()).extracting(TestResult::id).containsExactly("calc.CalcTest#works");
        assertThat(r.notes()).contains("per-test coverage: the instrumented baseline build failed before tests "
                + "reported, so it ran again without instrumentation (its verdict is the plain run's)");
        assertThat(stages.instrumentation.measured).as("a plain baseline has no cost to measure").isEmpty();
    }

    /** Why the baseline ran plain (a build with no coverage tool) is in the notes; an engine with nothing to say adds none. */
    @Test
    void aBaselineThatCannotBeInstrumentedSaysWhyInTheNotes() {
        ScriptedStages stages = stages(candidate("c1", "fixed"));
        stages.off = Optional.of("no per-test coverage for custom builds yet");

        RunResult r = pipeline(testsFromCalc(), stages).run(config());
        RunResult plain = pipeline(testsFromCalc(), stages(candidate("c1", "fixed"))).run(config());

        assertThat(r.notes()).contains("per-test coverage: no per-test coverage for custom builds yet");
        assertThat(plain.notes()).noneMatch(n -> n.startsWith("per-test coverage"));
    }

    /** Instruments a command by adding one variable; keeps what it was told the instrumentation cost. */
    private static final class AddsVariable implements TestInstrumentation {
        static final String NAME = "INSTRUMENTED";
        final List<Duration> measured = new ArrayList<>();

        @Override
        public Instrumented instrument(String project, Path dir, dev.repofix.build.BuildSystem build,
                dev.repofix.build.TestCommand command, dev.repofix.workspace.FileIndex files,
                dev.repofix.env.PreparedEnvironment environment) {
            Map<String, String> env = new java.util.HashMap<>(command.extraEnv());
            env.put(NAME, "1");
            return new Instrumented.On(new dev.repofix.build.TestCommand(command.shell(), env), "a variable");
        }

        @Override
        public Optional<String> measured(String project, dev.repofix.build.BuildSystem build, Duration instrumented,
                Duration plain) {
            measured.add(plain);
            return Optional.of("measured");
        }
    }

    /**
     * A model that never answered before the run's budget ran out: its stage says no answer
     * came in time, not that the answer was unusable.
     */
    @Test
    void aModelStageCutOffByTheBudgetIsRecordedAsNoAnswer() {
        RunResult r = runWithLocalizationThatNeverEnds("openai:x");

        StageRecord localize = r.stages().stream().filter(s -> s.stage().equals("localize")).findFirst().orElseThrow();
        assertThat(localize.status()).isEqualTo(StageStatus.FAILED);
        assertThat(localize.model()).hasValueSatisfying(m -> assertThat(m.outcome()).isEqualTo(AnswerOutcome.NO_ANSWER));
    }

    /** What the stages noted (a request cut to the model's window) stays in the run's notes when a stage failed. */
    @Test
    void theStagesNotesAreKeptWhenAStageFails() {
        ScriptedStages failing = new ScriptedStages(List.of()) {
            @Override
            public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
                notes.add("patch: cut to fit the model's window of 2048 tokens");
                throw new dev.repofix.stage.StageException("patch", "no usable patch answer in 3 attempts");
            }
        };

        RunResult r = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(testsFromCalc()), new RepairPipeline.Engine(failing, "openai:x",
                        Optional.empty()), Clock.systemUTC(), events::add, cancellation, () -> "run-1").run(config());

        assertThat(r.stages()).filteredOn(st -> st.stage().equals("patch")).singleElement()
                .satisfies(st -> assertThat(st.status()).isEqualTo(StageStatus.FAILED));
        assertThat(r.notes()).contains("patch: cut to fit the model's window of 2048 tokens");
    }

    /** A stage the model was not asked (a benchmark's reference was given) says so in its summary. */
    @Test
    void aStageNotAskedOfTheModelSaysSo() {
        ScriptedStages scripted = stages(candidate("c1", "fixed"));
        scripted.attempts.add(new StageAttempts("issue", false, 0, 0, List.of(), 0, 0, AnswerOutcome.NOT_ASKED));

        RunResult r = new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(testsFromCalc()), new RepairPipeline.Engine(scripted, "openai:x",
                        Optional.empty()), Clock.systemUTC(), events::add, cancellation, () -> "run-1").run(config());

        StageRecord issue = r.stages().stream().filter(s -> s.stage().equals("issue")).findFirst().orElseThrow();
        assertThat(issue.summary()).startsWith("not asked of the model, given: ");
        assertThat(issue.model()).hasValueSatisfying(m -> assertThat(m.outcome()).isEqualTo(AnswerOutcome.NOT_ASKED));
    }

    /** A run of 3 s whose localize stage, answered by {@code engine}, never ends before it is interrupted. */
    private RunResult runWithLocalizationThatNeverEnds(String engine) {
        Stages slow = new ScriptedStages(List.of()) {
            @Override
            public Localization localize(FailureReport failures, IssueDraft issue) {
                try {
                    Thread.sleep(Duration.ofMinutes(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new Localization(List.of());
            }
        };
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)),
                new BuildDetector(), runner(testsFromCalc()), new RepairPipeline.Engine(slow, engine,
                        Optional.empty()), Clock.systemUTC(), events::add, cancellation, () -> "run-1")
                .run(withTimeout(Duration.ofSeconds(3)));
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }

    private RepairPipeline pipeline(Function<Command, ExecResult> tests, Stages stages) {
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)), new BuildDetector(),
                runner(tests), new RepairPipeline.Engine(stages, "scripted", Optional.empty()), Clock.systemUTC(),
                events::add, cancellation, () -> "run-1");
    }

    private RepairPipeline pipeline(Function<Command, ExecResult> tests, Stages stages, Screening screening) {
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)), new BuildDetector(),
                runner(tests), new RepairPipeline.Engine(stages, "scripted", Optional.empty()), Clock.systemUTC(),
                events::add, cancellation, () -> "run-1",
                (copy, build, command, override, failing, environment) -> new Screenings.Opened(
                        Optional.of(screening), ""));
    }

    /** {@link #testsFromCalc()}, each command kept in {@code into}. */
    private static Function<Command, ExecResult> recording(List<Command> into) {
        return c -> {
            synchronized (into) {
                into.add(c);
            }
            return testsFromCalc().apply(c);
        };
    }

    /**
     * A warm JVM that runs calc.CalcTest#works as {@link #testsFromCalc()} does; with
     * {@code passesOnRerun}, it passes on the unpatched code (a flaky test).
     */
    private static final class CalcScreening implements Screening {
        final List<String> screened = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<List<String>> tests = new java.util.concurrent.CopyOnWriteArrayList<>();
        final boolean passesOnRerun;
        volatile boolean closed;

        CalcScreening(boolean passesOnRerun) {
            this.passesOnRerun = passesOnRerun;
        }

        @Override
        public ScreenResult screen(String candidateId, Path copy, List<String> sources, List<String> ids,
                Duration limit) {
            screened.add(candidateId);
            tests.add(List.copyOf(ids));
            try {
                boolean pass = Files.readString(copy.resolve("calc.txt")).strip().equals("fixed")
                        || passesOnRerun && candidateId.startsWith("rerun-");
                return new ScreenResult.Ran(Map.of("calc.CalcTest#works", pass ? TestStatus.PASSED
                        : TestStatus.FAILED), Map.of(), Duration.ZERO, Duration.ofMillis(1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static TestRunner runner(Function<Command, ExecResult> tests) {
        Executor executor = tests::apply;
        return new TestRunner(executor, new HostEnvironment(Map.of()), ReportParsers.standard(),
                new StackFrameExtractor());
    }

    private RunConfig config() {
        return new RunConfig(repo.toString(), Optional.empty(), Optional.of(TEST_CMD), temp.resolve("out"), 30,
                Duration.ofMinutes(5), Duration.ofMinutes(1), new HostEnvironment(Map.of()), 2, 1);
    }

    private void commitAll() {
        try (Git git = Git.open(repo.toFile())) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("more").setAuthor("T", "t@example.com").setCommitter("T", "t@example.com")
                    .setSign(false).call();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** One JUnit report of calc.CalcTest#works, failing with {@code why} unless {@code pass}. */
    private static ExecResult report(Command c, boolean pass, String why) {
        try {
            String body = pass ? "" : "<failure message=\"" + why + "\">" + why + "</failure>";
            Files.writeString(c.workdir().resolve("TEST-calc.xml"), "<testsuite name=\"calc.CalcTest\" tests=\"1\">"
                    + "<testcase classname=\"calc.CalcTest\" name=\"works\">" + body + "</testcase></testsuite>");
            return new ExecResult(new ExecResult.Outcome.Exited(pass ? 0 : 1), "", Duration.ofMillis(3));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One test, calc.CalcTest#works, that passes when the copy's calc.txt says "fixed". */
    private static Function<Command, ExecResult> testsFromCalc() {
        return c -> {
            try {
                boolean pass = Files.readString(c.workdir().resolve("calc.txt")).strip().equals("fixed");
                return report(c, pass, "expected fixed");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static PatchCandidate candidate(String id, String to) {
        String diff = "--- a/calc.txt\n+++ b/calc.txt\n@@ -1 +1 @@\n-bug\n+" + to + "\n";
        return new PatchCandidate(id, "scripted", "calc.txt", 1, "bug -> " + to, PatchText.read(diff));
    }

    private static ScriptedStages stages(PatchCandidate... candidates) {
        return new ScriptedStages(List.of(candidates));
    }

    private static class ScriptedStages implements Stages {
        final List<PatchCandidate> candidates;
        final List<StageAttempts> attempts = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        AddsVariable instrumentation;
        Optional<String> off = Optional.empty();

        ScriptedStages(List<PatchCandidate> candidates) {
            this.candidates = candidates;
        }

        @Override
        public IssueDraft draftIssue(FailureReport failures) {
            return new IssueDraft("calc is wrong", "1 test fails", "calc.txt says bug", "wrong value");
        }

        @Override
        public Localization localize(FailureReport failures, IssueDraft issue) {
            return new Localization(List.of(new Location("calc.txt", 1, "bug", 1.0, "it says bug")));
        }

        @Override
        public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
            return candidates;
        }

        @Override
        public List<StageAttempts> attempts() {
            return attempts;
        }

        @Override
        public List<String> notes() {
            return notes;
        }

        @Override
        public TestInstrumentation baselineInstrumentation() {
            if (off.isPresent()) {
                return (project, dir, build, command, files, environment) -> new TestInstrumentation.Instrumented.Off(
                        off.get());
            }
            return instrumentation == null ? TestInstrumentation.none() : instrumentation;
        }
    }
}
