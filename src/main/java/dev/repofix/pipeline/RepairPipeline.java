package dev.repofix.pipeline;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.Durations;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RunConfig;
import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.BuildLog;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.FlakyCheck;
import dev.repofix.validate.PatchValidator;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One run: checkout, baseline tests (failing ones rerun to set flaky ones apart), then
 * either the three stages and validation of their candidates until one is VALID, or
 * the validation of one given patch. Wires the parts; decides nothing a part can
 * decide itself.
 */
public final class RepairPipeline {
    private static final int LOG_LINES = 40;

    private final Workspaces workspaces;
    private final BuildDetector detector;
    private final TestRunner runner;
    private final Stages stages;
    private final Clock clock;
    private final ProgressListener progress;

    public RepairPipeline(Workspaces workspaces, BuildDetector detector, TestRunner runner, Stages stages, Clock clock,
            ProgressListener progress) {
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.stages = Objects.requireNonNull(stages, "stages");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /**
     * Runs the whole pipeline.
     *
     * @throws RepofixException for input the run cannot work with (no repository, no build, no tests)
     */
    public RunResult run(RunConfig config) {
        return withBaseline(config, (run, ready) -> repair(run, ready));
    }

    /**
     * Validates one given patch (unified diff or edit blocks) the way candidates are:
     * dual testing against the baseline. The result has that patch as its only candidate.
     */
    public RunResult validate(RunConfig config, String patchText) {
        return withBaseline(config, (run, ready) -> {
            PatchCandidate given = new PatchCandidate("patch", "given", "", 1, "the given patch", patchText);
            run.candidates = List.of(given);
            new CandidateSearch(run, validator(ready), progress, clock).validate(ready.baseline);
            return run.result(ready, run.fix.isPresent() ? RunStatus.FIXED : RunStatus.NOT_FIXED, "");
        });
    }

    private interface AfterBaseline {
        RunResult apply(RunState run, Ready ready);
    }

    /** What the stages and the validator need once the baseline is known. */
    record Ready(Workspace ws, BuildSystem build, TestCommand command, SuiteRunner suite, TestRun run,
            Baseline baseline, String log, boolean screenFirst) {}

    private RunResult withBaseline(RunConfig config, AfterBaseline next) {
        RunState run = new RunState(config, clock.instant(), clock);
        try (Workspace ws = timed(run, "checkout", () -> workspaces.open(config.repo(), config.ref()),
                w -> w.files().files().size() + " files from " + w.source())) {
            BuildSystem build = detector.detect(ws.root(), config.testCommand());
            String override = config.testCommand().orElse(null);
            TestCommand command = build.testCommand(ws.root(), override);
            SuiteRunner suite = new SuiteRunner(build, command, override, runner, ws.files());
            TestOutcome baseline = timed(run, "baseline",
                    () -> runner.run(ws.root(), build, command, ws.files(), config.testTimeout()),
                    RepairPipeline::summarize);
            return switch (baseline) {
                case TestOutcome.Completed c when c.run().failing().isEmpty() -> run.result(
                        new Ready(ws, build, command, suite, c.run(), Baseline.of(c.run()), "", false),
                        RunStatus.TESTS_PASS, "");
                case TestOutcome.Completed c -> {
                    FlakyCheck.Result checked = timed(run, "flaky-check", () -> new FlakyCheck(suite)
                                    .check(Baseline.of(c.run()), ws.root(), config.reruns(), config.testTimeout()),
                            r -> r.baseline().flaky().isEmpty() ? "no flaky test in " + config.reruns() + " rerun(s)"
                                    : r.baseline().flaky().size() + " flaky: " + String.join(", ", r.baseline().flaky()));
                    boolean screen = PatchValidator.screeningPays(c.exec().elapsed(), checked.failingOnly());
                    Ready ready = new Ready(ws, build, command, suite, c.run(), checked.baseline(),
                            BuildLog.tail(c.exec().output(), LOG_LINES), screen);
                    yield checked.baseline().failing().isEmpty() ? run.result(ready, RunStatus.FLAKY_ONLY, "")
                            : next.apply(run, ready);
                }
                case TestOutcome.BuildFailed b -> run.result(new Ready(ws, build, command, suite, new TestRun(List.of()),
                        Baseline.of(new TestRun(List.of())), "", false), RunStatus.BUILD_BROKEN,
                        BuildLog.errorExcerpt(b.exec().output(), LOG_LINES));
                case TestOutcome.NoTests n -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                        "no tests ran: '" + command.shell() + "' (" + build.name() + ") finished without reporting "
                                + "any test; check that the repository has tests, or pass --test-cmd");
                case TestOutcome.TimedOut t -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                        "the tests did not finish within " + Durations.format(config.testTimeout()) + ": '"
                                + command.shell() + "'; raise --timeout, or pass a --test-cmd that runs fewer tests");
            };
        }
    }

    /**
     * Runs the stages; a stage that cannot answer (a model that refuses the key, cannot be
     * reached or never returns parseable output) ends the run with a report that says so.
     */
    private RunResult repair(RunState run, Ready ready) {
        try {
            return stages(run, ready);
        } catch (RepofixException e) {
            run.notes.add(e.getMessage());
            return run.result(ready, RunStatus.STAGE_FAILED, "");
        }
    }

    private RunResult stages(RunState run, Ready ready) {
        List<TestResult> failing = ready.run.failing().stream()
                .filter(t -> ready.baseline.failing().contains(t.id())).toList();
        FailureReport failures = new FailureReport(ready.command.shell(), ready.run, failing, ready.log,
                ready.ws.files(), ready.build);
        run.issue = Optional.of(timed(run, "issue", () -> stages.draftIssue(failures), IssueDraft::title));
        Localization loc = timed(run, "localize", () -> stages.localize(failures, run.issue.get()),
                l -> l.locations().size() + " location(s)" + (l.locations().isEmpty() ? "" : ", top " + l.locations().get(0)));
        run.localization = Optional.of(loc);
        List<PatchCandidate> proposed = timed(run, "patch", () -> stages.propose(failures, run.issue.get(), loc),
                p -> p.size() + " candidate(s)");
        int max = run.config.maxCandidates();
        if (proposed.size() > max) {
            run.notes.add("validated at most the first " + max + " of " + proposed.size() + " candidates (--max-candidates)");
        }
        run.candidates = proposed.subList(0, Math.min(proposed.size(), max));
        CandidateSearch search = new CandidateSearch(run, validator(ready), progress, clock);
        timed(run, "validate", () -> search.validate(ready.baseline),
                v -> run.fix.map(f -> "VALID: " + f.description()).orElse("no valid patch"));
        return run.result(ready, run.fix.isPresent() ? RunStatus.FIXED : RunStatus.NOT_FIXED, "");
    }

    private PatchValidator validator(Ready ready) {
        return new PatchValidator(ready.ws, ready.suite, new PatchApplier(), clock, ready.screenFirst);
    }

    private <T> T timed(RunState run, String stage, Supplier<T> body, Function<T, String> summary) {
        progress.onEvent(new ProgressEvent.StageStarted(stage));
        Instant start = clock.instant();
        T value = body.get();
        Duration elapsed = Duration.between(start, clock.instant());
        run.timings.put(stage, elapsed);
        progress.onEvent(new ProgressEvent.StageFinished(stage, elapsed, summary.apply(value)));
        return value;
    }

    static String summarize(TestOutcome o) {
        return switch (o) {
            case TestOutcome.Completed c -> c.run().failing().size() + " failing, " + c.run().passing().size() + " passing";
            case TestOutcome.BuildFailed b -> "build failed before tests reported";
            case TestOutcome.NoTests n -> "no tests ran";
            case TestOutcome.TimedOut t -> "timed out";
        };
    }
}
