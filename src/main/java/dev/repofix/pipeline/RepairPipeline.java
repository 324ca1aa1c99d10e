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
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.PatchValidator;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One run: checkout, baseline tests, the three stages, validation of candidates in
 * order until one is VALID or the budget ends. Wires the parts; decides nothing a
 * part can decide itself.
 */
public final class RepairPipeline {
    /** A candidate is not started with less time than this left: it could not finish. */
    private static final Duration MIN_CANDIDATE_TIME = Duration.ofSeconds(5);
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
        Run run = new Run(config, clock.instant());
        try (Workspace ws = timed(run, "checkout", () -> workspaces.open(config.repo(), config.ref()),
                w -> w.files().files().size() + " files from " + w.source())) {
            BuildSystem build = detector.detect(ws.root(), config.testCommand());
            TestCommand command = build.testCommand(ws.root(), config.testCommand().orElse(null));
            TestOutcome baseline = timed(run, "baseline",
                    () -> runner.run(ws.root(), build, command, ws.files(), config.testTimeout()),
                    RepairPipeline::summarize);
            return switch (baseline) {
                case TestOutcome.Completed c when c.run().failing().isEmpty() ->
                        run.result(ws, build, command, RunStatus.TESTS_PASS, c.run(), "");
                case TestOutcome.Completed c -> repair(run, ws, build, command, c);
                case TestOutcome.BuildFailed b -> run.result(ws, build, command, RunStatus.BUILD_BROKEN,
                        new TestRun(List.of()), BuildLog.errorExcerpt(b.exec().output(), LOG_LINES));
                case TestOutcome.NoTests n -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                        "no tests ran: '" + command.shell() + "' (" + build.name() + ") finished without reporting "
                                + "any test; check that the repository has tests, or pass --test-cmd");
                case TestOutcome.TimedOut t -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                        "the tests did not finish within " + Durations.format(config.testTimeout()) + ": '"
                                + command.shell() + "'; raise --timeout, or pass a --test-cmd that runs fewer tests");
            };
        }
    }

    private RunResult repair(Run run, Workspace ws, BuildSystem build, TestCommand command, TestOutcome.Completed c) {
        FailureReport failures = new FailureReport(command.shell(), c.run(), c.run().failing(),
                BuildLog.tail(c.exec().output(), LOG_LINES), ws.files(), build);
        run.issue = Optional.of(timed(run, "issue", () -> stages.draftIssue(failures), IssueDraft::title));
        Localization loc = timed(run, "localize", () -> stages.localize(failures, run.issue.get()),
                l -> l.locations().size() + " location(s)" + (l.locations().isEmpty() ? "" : ", top " + l.locations().get(0)));
        run.localization = Optional.of(loc);
        List<PatchCandidate> proposed = timed(run, "patch", () -> stages.propose(failures, run.issue.get(), loc),
                p -> p.size() + " candidate(s)");
        if (proposed.size() > run.config.maxCandidates()) {
            run.notes.add("validated the first " + run.config.maxCandidates() + " of " + proposed.size()
                    + " candidates (--max-candidates)");
        }
        run.candidates = proposed.subList(0, Math.min(proposed.size(), run.config.maxCandidates()));
        PatchValidator validator = new PatchValidator(ws, build, command, runner, new PatchApplier(), clock);
        timed(run, "validate", () -> validateAll(run, validator, Baseline.of(c.run())),
                v -> run.fix.map(f -> "VALID: " + f.description()).orElse("no valid patch"));
        RunStatus status = run.fix.isPresent() ? RunStatus.FIXED : RunStatus.NOT_FIXED;
        return run.result(ws, build, command, status, c.run(), "");
    }

    private Void validateAll(Run run, PatchValidator validator, Baseline baseline) {
        Instant deadline = run.startedAt.plus(run.config.timeout());
        int total = run.candidates.size();
        for (int i = 0; i < total; i++) {
            Duration left = Duration.between(clock.instant(), deadline);
            if (left.compareTo(MIN_CANDIDATE_TIME) < 0) {
                run.notes.add("time budget (--timeout " + Durations.format(run.config.timeout()) + ") ran out after "
                        + i + " of " + total + " candidates");
                break;
            }
            PatchCandidate candidate = run.candidates.get(i);
            Duration limit = left.compareTo(run.config.testTimeout()) < 0 ? left : run.config.testTimeout();
            Validation v = validator.validate(candidate, baseline, limit);
            run.validations.add(v);
            progress.onEvent(new ProgressEvent.CandidateValidated(i + 1, total, candidate, v));
            if (v.verdict() == Verdict.VALID) {
                run.fix = Optional.of(candidate);
                break;
            }
        }
        return null;
    }

    private <T> T timed(Run run, String stage, Supplier<T> body, java.util.function.Function<T, String> summary) {
        progress.onEvent(new ProgressEvent.StageStarted(stage));
        Instant start = clock.instant();
        T value = body.get();
        Duration elapsed = Duration.between(start, clock.instant());
        run.timings.put(stage, elapsed);
        progress.onEvent(new ProgressEvent.StageFinished(stage, elapsed, summary.apply(value)));
        return value;
    }

    private static String summarize(TestOutcome o) {
        return switch (o) {
            case TestOutcome.Completed c -> c.run().failing().size() + " failing, " + c.run().passing().size() + " passing";
            case TestOutcome.BuildFailed b -> "build failed before tests reported";
            case TestOutcome.NoTests n -> "no tests ran";
            case TestOutcome.TimedOut t -> "timed out";
        };
    }

    /** Mutable state of one run, turned into an immutable {@link RunResult} at the end. */
    private final class Run {
        final RunConfig config;
        final Instant startedAt;
        final Map<String, Duration> timings = new LinkedHashMap<>();
        final List<String> notes = new ArrayList<>();
        final List<Validation> validations = new ArrayList<>();
        Optional<IssueDraft> issue = Optional.empty();
        Optional<Localization> localization = Optional.empty();
        List<PatchCandidate> candidates = List.of();
        Optional<PatchCandidate> fix = Optional.empty();

        Run(RunConfig config, Instant startedAt) {
            this.config = config;
            this.startedAt = startedAt;
        }

        RunResult result(Workspace ws, BuildSystem build, TestCommand command, RunStatus status, TestRun baseline,
                String buildLog) {
            return new RunResult(ws.source(), ws.commit(), build.name(), command.shell(), status, baseline.failing(),
                    baseline.passing().size(), issue, localization, candidates, validations, fix, buildLog, notes,
                    timings, startedAt, Duration.between(startedAt, clock.instant()));
        }
    }
}
