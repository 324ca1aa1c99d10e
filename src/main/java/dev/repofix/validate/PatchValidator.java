package dev.repofix.validate;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.Durations;
import dev.repofix.exec.SandboxKind;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.HunkPlacement;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.patch.PathSafety;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.BuildLog;
import dev.repofix.testrun.ReportBudget;
import dev.repofix.testrun.TestReach;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Dual testing of one candidate, each run in a fresh copy of the workspace:
 * <ol>
 *   <li>A: the patch's source changes with the ORIGINAL tests. The failing tests run
 *       first (when the build can select them); only survivors run the whole suite.
 *       Every baseline-failing test must pass and no baseline-passing test may fail.</li>
 *   <li>B, when the patch edits tests: the whole patch, with its MODIFIED tests, and
 *       the whole suite must pass.</li>
 * </ol>
 * VALID needs both. Passing B but not A is TESTS_TAMPERED: the patch made the tests
 * agree with it rather than the code agree with the tests; unless A did not even build
 * (the patch changed an API and the tests' calls with it), which is TESTS_CHANGED_API.
 * Before either, a patch that touches a protected path ({@code patch.ProtectedPaths}), or a
 * build file that runs code while the tests are not in the Docker sandbox, is NOT_APPLIED.
 */
public final class PatchValidator implements Validator {
    /**
     * Starts the evidence line of a candidate refused because it edits a build file that runs
     * code while the tests do not run in the Docker sandbox; the path follows.
     */
    public static final String NEEDS_DOCKER = "refused outside the Docker sandbox: ";
    private static final int EXCERPT_LINES = 15;
    /** Starts the evidence line of a deciding run that reused the baseline's compiled classes. */
    static final String REUSED = "deciding run with the baseline's compiled classes, only ";
    /** Starts the evidence line of a deciding run put under the baseline's coverage ({@link DecidingRunCoverage}). */
    static final String UNDER_COVERAGE = "deciding run under the baseline's per-test coverage";

    private final Workspace workspace;
    private final SuiteRunner suite;
    private final PatchApplier applier;
    private final Clock clock;
    private final boolean screenFirst;
    /**
     * Candidates that {@link #screen} passed (the failing tests pass with them), with that
     * screening's phase times: their full validation does not screen them again, and carries
     * those times.
     */
    private final Map<String, PhaseTimes> passedScreening = new java.util.concurrent.ConcurrentHashMap<>();
    private final RunLimits limits;
    private final Optional<Screening> screening;
    private final SandboxKind sandbox;
    private final boolean selectTests;
    private final Optional<Path> compiledBaseline;
    private final DecidingRunCoverage coverage;

    /**
     * @param screenFirst run the failing tests alone before the whole suite. Pays when they
     *                    are a small part of the suite's time; where start-up dominates (a
     *                    small suite) it only adds a run, see {@link #screeningPays}
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst) {
        this(workspace, suite, applier, clock, screenFirst, RunLimits.none(), Optional.empty());
    }

    /**
     * @param limits    the most one test run of a candidate may take (a patch that makes a
     *                  loop endless is then a TIMEOUT at this limit)
     * @param screening screens candidates before their full run instead of running the
     *                  failing tests through the build; empty to screen as {@code screenFirst} says
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst, RunLimits limits, Optional<Screening> screening) {
        this(workspace, suite, applier, clock, screenFirst, limits, screening, SandboxKind.LOCAL);
    }

    /**
     * @param sandbox what confines the tests as the executor that runs them says (with
     *                {@code --sandbox auto}, what it chose): a candidate that edits a build file
     *                that runs code is validated only in {@link SandboxKind#DOCKER}
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst, RunLimits limits, Optional<Screening> screening, SandboxKind sandbox) {
        this(workspace, suite, applier, clock, screenFirst, limits, screening, sandbox, false);
    }

    /**
     * @param selectTests let the deciding run skip the test classes whose per-test coverage
     *                    ({@link Baseline#reach()}) reaches no changed file, as {@link TestSelector}
     *                    decides; false: the whole suite always
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst, RunLimits limits, Optional<Screening> screening, SandboxKind sandbox,
            boolean selectTests) {
        this(workspace, suite, applier, clock, screenFirst, limits, screening, sandbox, selectTests, Optional.empty());
    }

    /**
     * @param compiledBaseline the copy the baseline ran in, with the classes its build compiled: a
     *                         deciding run of a candidate that changes only method bodies reuses
     *                         them where {@link CompiledClasses} finds that safe; empty: every
     *                         deciding run compiles everything
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst, RunLimits limits, Optional<Screening> screening, SandboxKind sandbox,
            boolean selectTests, Optional<Path> compiledBaseline) {
        this(workspace, suite, applier, clock, screenFirst, limits, screening, sandbox, selectTests, compiledBaseline,
                DecidingRunCoverage.none());
    }

    /**
     * @param coverage puts a candidate's deciding run under coverage where a check after the
     *                 verdict reads it ({@code pipeline.StoppedLinesCheck}); {@link DecidingRunCoverage#none()}: plain
     */
    public PatchValidator(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock,
            boolean screenFirst, RunLimits limits, Optional<Screening> screening, SandboxKind sandbox,
            boolean selectTests, Optional<Path> compiledBaseline, DecidingRunCoverage coverage) {
        this.coverage = Objects.requireNonNull(coverage, "coverage");
        this.compiledBaseline = Objects.requireNonNull(compiledBaseline, "compiledBaseline");
        this.selectTests = selectTests;
        this.sandbox = Objects.requireNonNull(sandbox, "sandbox");
        this.workspace = Objects.requireNonNull(workspace, "workspace");
        this.suite = Objects.requireNonNull(suite, "suite");
        this.applier = Objects.requireNonNull(applier, "applier");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.screenFirst = screenFirst;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.screening = Objects.requireNonNull(screening, "screening");
    }

    /**
     * Whether screening is worth it, from measured times: running the failing tests alone
     * must cost under half of the whole suite. Unknown (no rerun was made) counts as yes.
     */
    public static boolean screeningPays(Duration suiteTime, Optional<Duration> failingOnlyTime) {
        return failingOnlyTime.map(t -> t.toMillis() * 2 < suiteTime.toMillis()).orElse(true);
    }

    /** Validates {@code candidate} against {@code baseline} within {@code timeout} in all. */
    @Override
    public Validation validate(PatchCandidate candidate, Baseline baseline, Duration timeout) {
        Instant start = clock.instant();
        String id = candidate.id();
        return switch (candidate.patch()) {
            case PatchText.Unreadable unreadable -> Validation.of(id, Verdict.NOT_APPLIED, unreadable.reason(),
                    since(start));
            case PatchText.Parsed parsed -> validatePatch(id, parsed.patch(), baseline, start, start.plus(timeout));
        };
    }

    private Validation validatePatch(String id, Patch patch, Baseline baseline, Instant start, Instant deadline) {
        Optional<Validation> refused = refused(id, patch);
        if (refused.isPresent()) {
            return refused.get().with(List.of(), since(start), PhaseTimes.none());
        }
        Patch tests = patch.filter(suite.build()::isTestPath);
        Patch source = patch.filter(p -> !suite.build().isTestPath(p));
        List<String> evidence = new ArrayList<>();
        if (!tests.isEmpty()) {
            evidence.add("edits tests: " + String.join(", ", tests.paths()));
        }
        Phases times = new Phases();
        times.planned = selection(patch, baseline);
        Validation a = inCopy(id, "a", source, evidence, times,
                copy -> originalTests(id, copy, source, baseline, deadline, times, evidence));
        if (tests.isEmpty() || a.verdict() == Verdict.NOT_APPLIED || a.verdict() == Verdict.TIMEOUT
                || a.verdict() == Verdict.SCREENED_NOT_FINISHED) {
            return a.with(evidence, since(start), times.value).withSelection(times.ran);
        }
        List<String> evidenceB = new ArrayList<>();
        Validation b = inCopy(id, "b", patch, evidenceB, times, copy -> {
            Instant began = clock.instant();
            Validation v = modifiedTests(id, copy, baseline, deadline);
            times.value = times.value.withModifiedTests(since(began));
            return v;
        });
        return combine(a, b).with(evidence, since(start), times.value).withSelection(times.ran);
    }

    /** What the deciding run of {@code patch} is to run. */
    private TestSelection selection(Patch patch, Baseline baseline) {
        if (!selectTests) {
            return new TestSelection.WholeSuite("test selection is off (test-selection: off)");
        }
        if (suite.userCommand()) {
            return new TestSelection.WholeSuite("the tests run through a test command of the user's own, which "
                    + "cannot be given test classes");
        }
        return TestSelector.select(patch, baseline, suite.build(), workspace.files());
    }

    /**
     * NOT_APPLIED, before anything is applied or run, when the patch (its source or its test
     * part, as written, through a link, either side of a deletion) touches a path that
     * {@link PathSafety} refuses, or a build file that runs code while the tests are not in
     * the Docker sandbox; empty when it may be validated.
     */
    private Optional<Validation> refused(String id, Patch patch) {
        for (String path : patch.paths()) {
            Optional<String> why = PathSafety.refusal(workspace.root(), path);
            if (why.isPresent()) {
                return Optional.of(new Validation(id, Verdict.NOT_APPLIED, List.of(), List.of(), List.of(), why.get(),
                        List.of("refused: " + path), Duration.ZERO));
            }
        }
        if (sandbox == SandboxKind.DOCKER) {
            return Optional.empty();
        }
        for (String path : patch.paths()) {
            Optional<String> why = PathSafety.refusalOutsideDocker(workspace.root(), path);
            if (why.isPresent()) {
                return Optional.of(new Validation(id, Verdict.NOT_APPLIED, List.of(), List.of(), List.of(), why.get()
                        + ". The tests of this run are local processes (--sandbox local, or auto without a Docker "
                        + "engine that has the image), where it would run on this machine unconfined: refused, not "
                        + "run. Run with --sandbox docker to have it validated.", List.of(NEEDS_DOCKER + path),
                        Duration.ZERO));
            }
        }
        return Optional.empty();
    }

    /** The phase times of one validation, filled in as its phases run. */
    private static final class Phases {
        PhaseTimes value = PhaseTimes.none();
        /** What the deciding run was to run. */
        TestSelection planned = new TestSelection.WholeSuite("not decided");
        /** What it ran, once it ran. */
        Optional<TestSelection> ran = Optional.empty();
    }

    /** Verdict from stage A (original tests) and stage B (the patch's own tests). */
    static Validation combine(Validation a, Validation b) {
        if (b.verdict() == Verdict.NOT_APPLIED) {
            return b;
        }
        if (a.verdict() == Verdict.VALID && b.verdict() == Verdict.VALID) {
            return a;
        }
        if (a.verdict() == Verdict.BUILD_FAILED && b.verdict() == Verdict.VALID) {
            return new Validation(a.candidateId(), Verdict.TESTS_CHANGED_API, a.fixed(), a.stillFailing(), a.broken(),
                    "changes an API with its tests: the original tests no longer build against it, its own tests "
                            + "pass; the build error with the original tests: " + a.detail(), a.evidence(), a.elapsed());
        }
        if (a.verdict() != Verdict.VALID && b.verdict() == Verdict.VALID) {
            return new Validation(a.candidateId(), Verdict.TESTS_TAMPERED, a.fixed(), a.stillFailing(), a.broken(),
                    "passes only with its own test edits; with the original tests: " + a.detail(), a.evidence(),
                    a.elapsed());
        }
        if (a.verdict() == Verdict.VALID) {
            return new Validation(b.candidateId(), b.verdict() == Verdict.TESTS_FAIL ? Verdict.TESTS_FAIL : b.verdict(),
                    b.fixed(), b.stillFailing(), b.broken(), "its modified tests fail: " + b.detail(), b.evidence(),
                    b.elapsed());
        }
        return a;
    }

    private interface CopyWork {
        Validation run(Path copy);
    }

    private Validation inCopy(String id, String stage, Patch patch, List<String> evidence, Phases times,
            CopyWork work) {
        Instant began = clock.instant();
        Path copy = workspace.newCopy(id + "-" + stage);
        try {
            if (!patch.isEmpty()) {
                ApplyResult applied = applier.apply(copy, patch);
                if (applied instanceof ApplyResult.NotApplied n) {
                    times.value = times.value.plusApply(since(began));
                    return Validation.of(id, Verdict.NOT_APPLIED, n.reason(), Duration.ZERO);
                }
                for (HunkPlacement h : ((ApplyResult.Applied) applied).placements()) {
                    evidence.add(describe(h));
                }
            }
            times.value = times.value.plusApply(since(began));
            return work.run(copy);
        } finally {
            workspace.discard(copy);
        }
    }

    /**
     * Screens the candidate's source changes alone, in the warm JVM where there is one, else
     * through the build's selection of the failing tests (whatever {@code screenFirst} says:
     * this is asked for where a full run is to be spared).
     */
    @Override
    public Optional<Validation> screen(PatchCandidate candidate, Baseline baseline, Duration timeout) {
        Instant start = clock.instant();
        String id = candidate.id();
        if (!(candidate.patch() instanceof PatchText.Parsed parsed) || baseline.failing().isEmpty()) {
            return Optional.empty();
        }
        Optional<Validation> refused = refused(id, parsed.patch());
        if (refused.isPresent()) {
            return Optional.of(refused.get().with(List.of(), since(start), PhaseTimes.none()));
        }
        if (!parsed.patch().filter(suite.build()::isTestPath).isEmpty()) {
            return Optional.empty(); // its own tests decide too (TESTS_TAMPERED, TESTS_CHANGED_API): the full run
        }
        Patch source = parsed.patch();
        List<String> evidence = new ArrayList<>();
        Phases times = new Phases();
        Validation v = inCopy(id, "screen", source, evidence, times, copy -> {
            Screened screened = screened(id, copy, source.paths(), baseline, start.plus(timeout), times, evidence,
                    true);
            if (screened.passed()) {
                passedScreening.put(id, times.value);
            }
            return screened.verdict().orElse(null);
        });
        return Optional.ofNullable(v).map(x -> x.with(evidence, since(start), times.value));
    }

    /**
     * What screening found: a final verdict, or none, with whether the candidate passed it
     * (else it was not screened, or screening could not judge it).
     */
    private record Screened(Optional<Validation> verdict, boolean passed) {}

    /**
     * Screens in the warm JVM when there is one, else through the build's selection when
     * {@code throughBuild} (and the build can select).
     */
    private Screened screened(String id, Path copy, List<String> sources, Baseline baseline, Instant deadline,
            Phases times, List<String> evidence, boolean throughBuild) {
        boolean warm = false;
        if (screening.isPresent() && !baseline.failing().isEmpty()) {
            Instant began = clock.instant();
            ScreenResult r = screening.get().screen(id, copy, sources, baseline.failing(),
                    left(deadline, limits.screen()));
            times.value = times.value.withScreen(since(began));
            if (r instanceof ScreenResult.Ran ran) {
                times.value = times.value.withBuild(ran.build());
            }
            Optional<Validation> early = WarmScreenVerdict.of(id, r, baseline);
            if (early.isPresent()) {
                return new Screened(early, false);
            }
            warm = !(r instanceof ScreenResult.Inconclusive);
            evidence.add(r instanceof ScreenResult.Inconclusive i ? "not screened: " + i.why()
                    : "passed screening (" + WarmScreenVerdict.SCREENED + ", " + Durations.format(since(began)) + ")");
        }
        Instant screening = clock.instant();
        Optional<TestOutcome> screen = warm || !throughBuild || baseline.failing().isEmpty() ? Optional.empty()
                : suite.only(copy, baseline.failing(), left(deadline, limits.screen()));
        if (screen.isPresent()) {
            times.value = times.value.withScreen(since(screening));
            Optional<Validation> early = screenVerdict(id, screen.get(), baseline);
            if (early.isPresent()) {
                return new Screened(early, false);
            }
        }
        return new Screened(Optional.empty(),
                warm || screen.filter(TestOutcome.Completed.class::isInstance).isPresent());
    }

    /**
     * Stage A: failing tests first (in the warm JVM when there is one), the whole suite
     * only when they all pass.
     */
    private Validation originalTests(String id, Path copy, Patch source, Baseline baseline, Instant deadline,
            Phases times, List<String> evidence) {
        List<String> sources = source.paths();
        Screened first;
        PhaseTimes screenedBefore = passedScreening.get(id);
        if (screenedBefore != null) {
            evidence.add("passed screening before this run (the failing tests pass with it)");
            screenedBefore.screen().ifPresent(t -> times.value = times.value.withScreen(t));
            screenedBefore.build().ifPresent(t -> times.value = times.value.withBuild(t));
            first = new Screened(Optional.empty(), true);
        } else {
            first = screened(id, copy, sources, baseline, deadline, times, evidence, screenFirst);
        }
        if (first.verdict().isPresent()) {
            return first.verdict().get();
        }
        boolean screened = first.passed();
        Instant full = clock.instant();
        reuseCompiled(copy, sources, evidence);
        // The budget, not the baseline's time, limits this run when what is left is the shorter.
        boolean budgetBound = limits.full().map(l -> Duration.between(full, deadline).compareTo(l) < 0).orElse(true);
        boolean[] instrumented = {false};
        Decided decided = decidingRun(copy, times.planned, deadline, command -> {
            TestCommand with = coverage.command(id, source, copy, command);
            instrumented[0] |= !with.equals(command);
            return with;
        });
        if (instrumented[0]) {
            decided = underCoverage(id, copy, decided, deadline, times.planned, evidence);
        }
        TestSelection tests = decided.tests();
        TestOutcome outcome = decided.outcome();
        Baseline judged = baseline;
        if (tests instanceof TestSelection.Selected s) {
            Set<String> skipped = Set.copyOf(s.skipped());
            judged = baseline.apart(baseline.passing().stream()
                    .filter(t -> skipped.contains(TestReach.testClass(t))).toList());
        }
        times.ran = Optional.of(tests);
        evidence.add(switch (tests) {
            case TestSelection.Selected s -> "deciding run: " + s.ran().size() + " test class(es) ran, "
                    + s.skipped().size() + " skipped (" + s.why() + ")";
            case TestSelection.WholeSuite w -> "deciding run: the whole suite (" + w.why() + ")";
        });
        times.value = times.value.withFullRun(since(full));
        Baseline verdictBase = judged;
        return switch (outcome) {
            case TestOutcome.Completed c -> notLoaded(id, verdictBase, c.run())
                    .orElseGet(() -> compare(id, verdictBase, c.run(), Duration.ZERO));
            case TestOutcome.TimedOut t when screened && budgetBound -> Validation.of(id,
                    Verdict.SCREENED_NOT_FINISHED, "screened VALID, full run not finished: the failing tests pass "
                            + "with it, but the run of the whole suite was cut off by the time budget after "
                            + Durations.format(t.exec().elapsed()) + "; raise --timeout to have it proven",
                    Duration.ZERO);
            case TestOutcome other -> failed(id, other);
        };
    }

    /** What a deciding run ran, and what came of it. */
    private record Decided(TestSelection tests, TestOutcome outcome) {}

    /**
     * The deciding run: the selected test classes where {@code planned} selects some and the
     * build can run them alone, else the whole suite; each command passed through {@code with}.
     */
    private Decided decidingRun(Path copy, TestSelection planned, Instant deadline, UnaryOperator<TestCommand> with) {
        Optional<TestOutcome> some = planned instanceof TestSelection.Selected s
                ? suite.files(copy, s.testFiles(), left(deadline, limits.full()), with) : Optional.empty();
        if (some.isPresent() && !(some.get() instanceof TestOutcome.NoTests)) {
            return new Decided(planned, some.get());
        }
        TestSelection tests = planned instanceof TestSelection.Selected
                ? new TestSelection.WholeSuite("the build could not run the selected test classes alone") : planned;
        return new Decided(tests, suite.all(copy, left(deadline, limits.full()), with));
    }

    /**
     * A deciding run that ran under coverage: its data handed on while the copy is there; where it
     * ended without reports (its build failed, no test ran) it runs again plain, so that coverage
     * never changes a verdict, as with the instrumented baseline. A run cut off at its limit keeps
     * its TIMEOUT: the limit is a multiple of the baseline's time, which ran under the same coverage.
     */
    private Decided underCoverage(String id, Path copy, Decided decided, Instant deadline, TestSelection planned,
            List<String> evidence) {
        boolean completed = decided.outcome() instanceof TestOutcome.Completed;
        coverage.ran(id, copy, switch (decided.tests()) {
            case TestSelection.Selected s -> s.ran().size() + " test class(es) of the deciding run (" + s.why() + ")";
            case TestSelection.WholeSuite w -> "the whole suite in the deciding run (" + w.why() + ")";
        }, completed);
        if (completed || decided.outcome() instanceof TestOutcome.TimedOut) {
            evidence.add(UNDER_COVERAGE + " (for the lines the fix stops running)");
            return decided;
        }
        evidence.add(UNDER_COVERAGE + " ended without reports, so it ran again without it (the verdict is the "
                + "plain run's)");
        return decidingRun(copy, planned, deadline, UnaryOperator.identity());
    }

    /**
     * Puts the baseline's compiled classes into {@code copy} where {@link CompiledClasses} finds
     * that gives what compiling everything gives ({@code sources}, the patch's changed files,
     * change only method bodies; a plain Maven build); anything else compiles everything.
     */
    private void reuseCompiled(Path copy, List<String> sources, List<String> evidence) {
        if (compiledBaseline.isEmpty() || !(suite.build() instanceof MavenBuild) || suite.userCommand()
                || Files.exists(copy.resolve("target"), LinkOption.NOFOLLOW_LINKS)) {
            return; // not Maven's own command, or the copy was built already (screened through the build)
        }
        Optional<String> whyNot = CompiledClasses.whyNot(workspace.root(), compiledBaseline.get(), copy, sources);
        if (whyNot.isPresent()) {
            evidence.add("compiled everything: " + whyNot.get());
            return;
        }
        try {
            CompiledClasses.reuse(compiledBaseline.get(), copy, sources, clock.instant());
            evidence.add(REUSED + String.join(", ", sources) + " compiled again");
        } catch (IOException | UncheckedIOException e) {
            // Half-copied classes are still correct: Maven compiles every source newer than its class, or missing one.
            evidence.add("compiled everything: the baseline's classes could not be copied: " + e.getMessage());
        }
    }

    /** Stage B: with the patch's own tests, nothing may fail (known-flaky tests and those outside a case aside). */
    private Validation modifiedTests(String id, Path copy, Baseline baseline, Instant deadline) {
        return switch (suite.all(copy, left(deadline, limits.full()))) {
            case TestOutcome.Completed c when notLoaded(id, baseline, c.run()).isPresent() ->
                    notLoaded(id, baseline, c.run()).get();
            case TestOutcome.Completed c -> {
                List<String> failing = c.run().failing().stream().map(TestResult::id)
                        .filter(t -> !baseline.flaky().contains(t) && !baseline.outside().contains(t)).toList();
                yield failing.isEmpty()
                        ? new Validation(id, Verdict.VALID, List.of(), List.of(), List.of(), "", Duration.ZERO)
                        : new Validation(id, Verdict.TESTS_FAIL, List.of(), failing, List.of(),
                                failing.size() + " test(s) fail: " + head(failing), Duration.ZERO);
            }
            case TestOutcome other -> failed(id, other);
        };
    }

    private static Optional<Validation> screenVerdict(String id, TestOutcome screen, Baseline baseline) {
        return switch (screen) {
            case TestOutcome.Completed c when notLoaded(id, baseline, c.run()).isPresent() ->
                    notLoaded(id, baseline, c.run());
            case TestOutcome.Completed c -> {
                Validation v = compare(id, new Baseline(baseline.run(), baseline.failing(), List.of(), baseline.flaky()),
                        c.run(), Duration.ZERO);
                yield v.verdict() == Verdict.VALID ? Optional.empty()
                        : Optional.of(new Validation(id, Verdict.TESTS_FAIL, v.fixed(), v.stillFailing(), List.of(),
                                v.detail() + " (screened: the whole suite was not run)", Duration.ZERO));
            }
            // The target tests did not run (e.g. the build selects them differently): decide on the whole suite.
            case TestOutcome.NoTests n -> Optional.empty();
            case TestOutcome other -> Optional.of(failed(id, other));
        };
    }

    /**
     * BUILD_FAILED when, with the patch, a test module no longer loads that loaded before
     * (pytest: a SyntaxError or ImportError at collection), as a Java patch that does not
     * compile is; with what Python said.
     */
    private static Optional<Validation> notLoaded(String id, Baseline baseline, TestRun after) {
        List<TestResult> added = after.collectionErrors().stream()
                .filter(r -> !baseline.run().find(r.id()).map(TestResult::isCollectionError).orElse(false)).toList();
        if (added.isEmpty()) {
            return Optional.empty();
        }
        String modules = head(added.stream().map(TestResult::id).toList());
        return Optional.of(Validation.of(id, Verdict.BUILD_FAILED, added.size() + " test module(s) no longer load with "
                + "the patch (" + modules + "):\n" + added.get(0).collectionErrorReason(), Duration.ZERO));
    }

    private static Validation failed(String id, TestOutcome outcome) {
        return switch (outcome) {
            case TestOutcome.TimedOut t -> Validation.of(id, Verdict.TIMEOUT, "tests did not finish in the time left ("
                    + Durations.format(t.exec().elapsed()) + ")", Duration.ZERO);
            case TestOutcome.BuildFailed b -> Validation.of(id, Verdict.BUILD_FAILED,
                    BuildLog.errorExcerpt(b.exec().output(), EXCERPT_LINES), Duration.ZERO);
            case TestOutcome.NoTests n -> Validation.of(id, Verdict.BUILD_FAILED, "no test ran with the patch applied",
                    Duration.ZERO);
            case TestOutcome.Completed c -> throw new IllegalArgumentException("completed runs are compared, not failed");
        };
    }

    /**
     * The verdict of {@code after} against {@code baseline}. Runs whose reports held more
     * tests than were kept ({@link TestRun#complete()}) are judged so that nothing unseen
     * can pass: a run with failures counted and not kept is never VALID, and when the
     * baseline did not keep all its failures, any failure now that is not a kept target
     * counts as broken (it may be one of the targets not kept, still failing).
     */
    static Validation compare(String id, Baseline baseline, TestRun after, Duration elapsed) {
        Map<String, TestResult> now = after.byId();
        List<String> fixed = new ArrayList<>();
        List<String> stillFailing = new ArrayList<>();
        for (String t : baseline.failing()) {
            if (Optional.ofNullable(now.get(t)).map(r -> r.status() == TestStatus.PASSED).orElse(false)) {
                fixed.add(t);
            } else {
                stillFailing.add(t);
            }
        }
        // A passing test must still pass: skipped or missing now means it no longer checks anything.
        // Missing from a run that did not keep all its passing tests says nothing: a failure is kept first.
        List<String> broken = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (String t : baseline.passing()) {
            Optional<TestStatus> status = Optional.ofNullable(now.get(t)).map(TestResult::status);
            if (status.isEmpty() && after.othersNotKept() > 0) {
                continue;
            }
            if (status.orElse(null) != TestStatus.PASSED) {
                broken.add(t);
                shown.add(status.orElse(null) == TestStatus.SKIPPED ? t + " (skipped)" : t);
            }
        }
        if (baseline.run().failingNotKept() > 0) {
            Set<String> known = new HashSet<>(baseline.failing());
            known.addAll(baseline.passing());
            known.addAll(baseline.flaky());
            known.addAll(baseline.outside());
            for (TestResult r : after.failing()) {
                if (!known.contains(r.id())) {
                    broken.add(r.id());
                    shown.add(r.id());
                }
            }
        }
        boolean unseen = after.failingNotKept() > 0;
        Verdict verdict = stillFailing.isEmpty() && broken.isEmpty() && !unseen ? Verdict.VALID : Verdict.TESTS_FAIL;
        String detail = verdict == Verdict.VALID ? "" : describe(stillFailing, shown);
        if (unseen) {
            detail = (detail.isEmpty() ? "" : detail + "; ") + after.failingNotKept() + " more failing test(s) not kept "
                    + "(more than " + ReportBudget.MAX_FAILURES_KEPT + " failed), so the run cannot be valid";
        }
        return new Validation(id, verdict, fixed, stillFailing, broken, detail, elapsed);
    }

    private static String describe(HunkPlacement h) {
        return h.file() + " hunk " + h.hunk() + ": " + h.placement() + " at line " + h.line()
                + (h.offset() == 0 ? "" : " (offset " + (h.offset() > 0 ? "+" : "") + h.offset() + ")");
    }

    static String describe(List<String> stillFailing, List<String> broken) {
        List<String> parts = new ArrayList<>();
        if (!stillFailing.isEmpty()) {
            parts.add(stillFailing.size() + " target test(s) still fail: " + head(stillFailing));
        }
        if (!broken.isEmpty()) {
            parts.add(broken.size() + " passing test(s) broke: " + head(broken));
        }
        return String.join("; ", parts);
    }

    private static String head(List<String> ids) {
        return ids.size() <= 3 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 3)) + ", ...";
    }

    private Duration left(Instant deadline, Optional<Duration> runLimit) {
        Duration d = Duration.between(clock.instant(), deadline);
        if (runLimit.isPresent() && runLimit.get().compareTo(d) < 0) {
            d = runLimit.get();
        }
        return d.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : d;
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }
}
