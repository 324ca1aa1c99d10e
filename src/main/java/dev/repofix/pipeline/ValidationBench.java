package dev.repofix.pipeline;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RunConfig;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.FlakyCheck;
import dev.repofix.validate.PatchValidator;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.Validation;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Measures validation on one repository: a bare run of the whole suite (T_suite), the
 * screening of one candidate (copy, apply, failing tests only) and a full verdict on
 * the fix (dual testing), each the median of {@code repeat} runs after one warm-up.
 */
public final class ValidationBench {
    private final Workspaces workspaces;
    private final BuildDetector detector;
    private final TestRunner runner;
    private final RepairPipeline pipeline;
    private final Clock clock;

    public ValidationBench(Workspaces workspaces, BuildDetector detector, TestRunner runner, RepairPipeline pipeline,
            Clock clock) {
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Figures for one repository; T_suite and the times are medians. */
    public record Figures(String repo, String build, int tests, Duration suite, Duration screen, Duration verdict,
            String verdictName) {
        public double screenRatio() {
            return ratio(screen);
        }

        public double verdictRatio() {
            return ratio(verdict);
        }

        private double ratio(Duration d) {
            return suite.isZero() ? 0 : (double) d.toNanos() / suite.toNanos();
        }
    }

    /**
     * Finds the fix with the builtin engine first (that run is not timed), then times.
     *
     * @throws RepofixException when the repository has no failing test or no VALID fix to time
     */
    public Figures measure(RunConfig config, int repeat) {
        RunResult found = pipeline.run(config);
        PatchCandidate fix = found.fix().orElseThrow(() -> new RepofixException(RepofixException.ErrorKind.INPUT,
                config.repo() + " has no failing test with a fix repofix finds (" + found.status()
                        + "); bench validate needs a repository whose bug the builtin engine fixes"));
        try (Workspace ws = workspaces.open(config.repo(), config.ref())) {
            BuildSystem build = detector.detect(ws.root(), config.testCommand());
            String override = config.testCommand().orElse(null);
            TestCommand command = build.testCommand(ws.root(), override);
            SuiteRunner suite = new SuiteRunner(build, command, override, runner, ws.files());
            // As the pipeline does: the baseline in its own copy, the pristine tree left as it was.
            Path baselineCopy = ws.newCopy("baseline");
            TestOutcome.Completed first;
            FlakyCheck.Result checked;
            try {
                first = (TestOutcome.Completed) suite.all(baselineCopy, config.testTimeout());
                checked = new FlakyCheck(suite).check(Baseline.of(first.run()), baselineCopy, 1, config.testTimeout());
            } finally {
                ws.discard(baselineCopy);
            }
            Baseline baseline = checked.baseline();
            boolean screenFirst = PatchValidator.screeningPays(first.exec().elapsed(), checked.failingOnly());
            Duration tSuite = median(repeat, () -> {
                Path copy = ws.newCopy("suite");
                try {
                    return time(() -> suite.all(copy, config.testTimeout()));
                } finally {
                    ws.discard(copy);
                }
            });
            Duration tScreen = median(repeat, () -> time(() -> screen(ws, suite, fix, baseline, config.testTimeout())));
            PatchValidator validator = new PatchValidator(ws, suite, new PatchApplier(), clock, screenFirst);
            Validation[] last = new Validation[1];
            Duration tVerdict = median(repeat, () -> time(() -> last[0] = validator.validate(fix, baseline,
                    config.testTimeout().multipliedBy(3))));
            return new Figures(config.repo(), build.name(), first.run().executedCount(), tSuite, tScreen, tVerdict,
                    last[0].verdict().name() + (screenFirst ? " (screened first)" : " (screening skipped: it costs over half a suite run)"));
        }
    }

    /** Screening as the validator does it: a fresh copy, the patch, the failing tests only. */
    private static Void screen(Workspace ws, SuiteRunner suite, PatchCandidate fix, Baseline baseline, Duration limit) {
        Path copy = ws.newCopy("screen");
        try {
            if (new PatchApplier().apply(copy, fix.diff()) instanceof ApplyResult.NotApplied n) {
                throw new IllegalStateException("the fix no longer applies: " + n.reason());
            }
            Optional<TestOutcome> only = suite.only(copy, baseline.failing(), limit);
            if (only.isEmpty()) {
                suite.all(copy, limit);
            }
            return null;
        } finally {
            ws.discard(copy);
        }
    }

    private interface Timed {
        Duration run();
    }

    private Duration time(java.util.function.Supplier<?> body) {
        Instant start = clock.instant();
        body.get();
        return Duration.between(start, clock.instant());
    }

    private static Duration median(int repeat, Timed timed) {
        timed.run(); // warm-up: the first run fills caches (Maven's local repository, the OS page cache)
        List<Duration> times = new ArrayList<>();
        for (int i = 0; i < Math.max(1, repeat); i++) {
            times.add(timed.run());
        }
        times.sort(null);
        return times.get(times.size() / 2);
    }
}
