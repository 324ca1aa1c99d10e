package dev.repofix.pipeline;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.RunConfig;
import dev.repofix.config.UrlCredentials;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.TestSelection;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Measures validation on one repository against its unit, T_suite (a bare run of the
 * whole suite, the median of {@code repeat} runs after one warm-up): whole runs of the
 * builtin engine, without screening in a warm JVM (before) and with it (after), each
 * timed from its start to its end; with the screening time of each candidate and the
 * full run of the fix.
 */
public final class ValidationBench {
    private final Workspaces workspaces;
    private final BuildDetector detector;
    private final TestRunner runner;
    private final RepairPipeline before;
    private final RepairPipeline after;
    private final Clock clock;
    private final boolean selection;

    /**
     * @param before a pipeline that screens through the build only
     * @param after  the same, screening in a warm test JVM
     */
    public ValidationBench(Workspaces workspaces, BuildDetector detector, TestRunner runner, RepairPipeline before,
            RepairPipeline after, Clock clock) {
        this(workspaces, detector, runner, before, after, clock, false);
    }

    /**
     * @param selection compare test selection in the deciding run instead: {@code before} runs
     *                  with {@code test-selection: off}, {@code after} with it on
     */
    public ValidationBench(Workspaces workspaces, BuildDetector detector, TestRunner runner, RepairPipeline before,
            RepairPipeline after, Clock clock, boolean selection) {
        this.selection = selection;
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.before = Objects.requireNonNull(before, "before");
        this.after = Objects.requireNonNull(after, "after");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * One whole run, as its record gives it.
     *
     * @param status  how it ended
     * @param total   from its start to its end: the time to VALID when it is FIXED
     * @param screens the screening time of each candidate validated, in order
     * @param fullRun the full run of the fix through the build, when there is a fix
     * @param notes   what the run noted (screening off, and why)
     * @param verdicts each validated candidate's verdict, by candidate id, in order
     * @param tests    what each candidate's deciding run ran, by candidate id (those that had one)
     * @param fullRuns each candidate's deciding run's time, by candidate id (those that had one)
     */
    public record RunFigures(RunStatus status, Duration total, List<Duration> screens, Optional<Duration> fullRun,
            List<String> notes, Map<String, Verdict> verdicts, Map<String, String> tests,
            Map<String, Duration> fullRuns) {
        /** Without the deciding runs' test selection. */
        public RunFigures(RunStatus status, Duration total, List<Duration> screens, Optional<Duration> fullRun,
                List<String> notes, Map<String, Verdict> verdicts) {
            this(status, total, screens, fullRun, notes, verdicts, Map.of(), Map.of());
        }

        public RunFigures {
            tests = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tests));
            fullRuns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fullRuns));
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(total, "total");
            screens = List.copyOf(screens);
            Objects.requireNonNull(fullRun, "fullRun");
            notes = List.copyOf(notes);
            verdicts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
        }

        static RunFigures of(RunResult r) {
            Map<String, Verdict> verdicts = new LinkedHashMap<>();
            Map<String, String> tests = new LinkedHashMap<>();
            Map<String, Duration> fullRuns = new LinkedHashMap<>();
            for (dev.repofix.validate.Validation v : r.validations()) {
                verdicts.put(v.candidateId(), v.verdict());
                v.selection().ifPresent(s -> tests.put(v.candidateId(), switch (s) {
                    case TestSelection.Selected sel -> sel.ran().size() + " of " + (sel.ran().size()
                            + sel.skipped().size()) + " classes";
                    case TestSelection.WholeSuite w -> "whole suite (" + w.why() + ")";
                }));
                v.phases().fullRun().ifPresent(d -> fullRuns.put(v.candidateId(), d));
            }
            return new RunFigures(r.status(), r.total(), r.validations().stream()
                    .map(v -> v.phases().screen().orElse(Duration.ZERO)).toList(),
                    r.fixValidation().flatMap(v -> v.phases().fullRun()), r.notes(), verdicts, tests, fullRuns);
        }

        /** The median screening time of a candidate; zero when none was screened. */
        public Duration medianScreen() {
            List<Duration> sorted = new ArrayList<>(screens);
            sorted.sort(null);
            return sorted.isEmpty() ? Duration.ZERO : sorted.get(sorted.size() / 2);
        }
    }

    /** Figures for one repository; T_suite is a median. */
    public record Figures(String repo, String build, int tests, Duration suite, RunFigures before, RunFigures after) {
        public double ratio(Duration d) {
            return suite.isZero() ? 0 : (double) d.toNanos() / suite.toNanos();
        }

        /** The candidates both runs validated. */
        public List<String> validatedByBoth() {
            return before.verdicts().keySet().stream().filter(after.verdicts()::containsKey).toList();
        }

        /**
         * The candidates validated by both runs whose verdicts differ, as {@code id: before
         * -> after}: screening must never change a verdict.
         */
        public List<String> verdictsThatDiffer() {
            return validatedByBoth().stream().filter(id -> before.verdicts().get(id) != after.verdicts().get(id))
                    .map(id -> id + ": " + before.verdicts().get(id) + " -> " + after.verdicts().get(id)).toList();
        }
    }

    /** T_suite, then one run without and one with screening in a warm JVM. */
    public Figures measure(RunConfig config, int repeat) {
        BuildSystem build;
        int tests;
        Duration tSuite;
        try (Workspace ws = workspaces.open(config.repo(), config.ref())) {
            build = detector.detect(ws.root(), config.testCommand());
            String override = config.testCommand().orElse(null);
            TestCommand command = build.testCommand(ws.root(), override);
            SuiteRunner suite = new SuiteRunner(build, command, override, runner, ws.files());
            int[] count = {0};
            tSuite = median(repeat, () -> {
                Path copy = ws.newCopy("suite");
                try {
                    Instant start = clock.instant();
                    if (suite.all(copy, config.testTimeout()) instanceof TestOutcome.Completed c) {
                        count[0] = c.run().executedCount();
                    }
                    return Duration.between(start, clock.instant());
                } finally {
                    ws.discard(copy);
                }
            });
            tests = count[0];
        }
        RunFigures plain = RunFigures.of(before.run(selection ? config.withTestSelection(false) : config));
        RunFigures warm = RunFigures.of(after.run(selection ? config.withTestSelection(true) : config));
        return new Figures(UrlCredentials.masked(config.repo()), build.name(), tests, tSuite, plain, warm);
    }

    private interface Timed {
        Duration run();
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
