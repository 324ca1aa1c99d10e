package dev.repofix.pipeline;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.Durations;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.LinesRun;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.validate.DecidingRunCoverage;
import dev.repofix.validate.StoppedLines;
import dev.repofix.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a candidate's VALID verdict: the lines of the methods it edits that the baseline's
 * passing tests ran and that no test runs with it applied ({@link StoppedLines}). What runs with
 * it applied comes from its deciding run where that ran under the baseline's coverage: as a
 * {@link DecidingRunCoverage} this check puts the deciding run of each candidate whose edited
 * methods the passing tests ran under the same tool ({@link LinesRun#instrument}) and keeps what
 * it ran ({@link LinesRun#read}), so no run of its own is needed. That run ran the whole suite, or
 * with selection the test classes whose coverage reached a changed file (and those whose source
 * names one): every test that ran a line of the edited files before. Where the deciding run
 * could not carry it (the coverage came from the failing and related tests only, the tools could
 * not be set up, the run left no data), the tests whose per-test coverage reached the edited files
 * run once more under the same tool in a copy with the candidate ({@link LinesRun#rerun}), within
 * what is left of the run's budget. A line neither run sees is a line the tests that ran it before
 * no longer reach. Where it cannot tell (no per-test coverage, no time, no data) it says "not
 * checked" in the run's notes and adds no caveat. {@link #apply} and {@link #notes} are called from
 * the search's thread only; the deciding runs' two methods from the validators' threads.
 */
final class StoppedLinesCheck implements Function<PatchCandidate, List<String>>, DecidingRunCoverage {
    private static final Logger LOG = LoggerFactory.getLogger(StoppedLinesCheck.class);
    /** No run under coverage starts with less than this left of the run's budget. */
    static final Duration MIN_TIME = Duration.ofSeconds(10);

    private final Workspace workspace;
    private final BuildSystem build;
    private final Optional<LinesRun> lines;
    private final Function<String, Optional<String>> source;
    private final Supplier<Duration> remaining;
    private final Duration perRun;
    private final Clock clock;
    /** Whether a run without coverage says so: stages that never read coverage (a model's) would say it every run. */
    private final boolean sayMissing;
    private final List<String> notChecked = new ArrayList<>();
    /** Which tests each run ran, for people, without repeats. */
    private final Set<String> ran = new java.util.LinkedHashSet<>();
    private int runs;
    private Duration spent = Duration.ZERO;
    /** What each candidate's deciding run under coverage ran, by candidate id, until {@link #apply} takes it. */
    private final Map<String, LinesRun.Rerun> carried = new ConcurrentHashMap<>();
    /** Why a candidate's deciding run ran plain where the check needed its coverage, by candidate id. */
    private final Map<String, String> plain = new ConcurrentHashMap<>();
    /** Time spent setting the tools up in deciding runs' copies and reading what they left, in nanoseconds. */
    private final AtomicLong carrying = new AtomicLong();
    /** The candidates checked from their deciding run's coverage, and which tests that run ran. */
    private int fromDecidingRuns;
    private final Set<String> decidingTests = new java.util.LinkedHashSet<>();
    /** The candidates whose deciding run could not carry the coverage, and why: they ran again. */
    private final List<String> rerunWhy = new ArrayList<>();

    /**
     * @param lines     the baseline's lines and the rerun; empty: no per-test coverage, every candidate "not checked"
     * @param source    a source file of the checkout as text (before any patch)
     * @param remaining what is left of the run's budget, asked before each run
     * @param perRun    the limit of one test run of a candidate
     * @param sayMissing whether a candidate left unchecked for want of coverage is named in the notes (the
     *                  builtin engine, which reads coverage where it can); model stages never have it
     */
    StoppedLinesCheck(Workspace workspace, BuildSystem build, Optional<LinesRun> lines,
            Function<String, Optional<String>> source, Supplier<Duration> remaining, Duration perRun, Clock clock,
            boolean sayMissing) {
        this.sayMissing = sayMissing;
        this.workspace = workspace;
        this.build = build;
        this.lines = lines;
        this.source = source;
        this.remaining = remaining;
        this.perRun = perRun;
        this.clock = clock;
    }

    /** The caveats of a VALID candidate: one per line it stops running; empty when none or not checked. */
    @Override
    public List<String> apply(PatchCandidate candidate) {
        if (!(candidate.patch() instanceof PatchText.Parsed parsed)) {
            return List.of();
        }
        Patch patch = parsed.patch().filter(p -> !build.isTestPath(p));
        PatchText sourceOnly = new PatchText.Parsed(parsed.text(), patch);
        if (lines.isEmpty()) {
            if (sayMissing && patch.files().stream().anyMatch(f -> f.path().endsWith(".py") || f.path().endsWith(".java"))) {
                notChecked.add(candidate.id() + ": no per-test coverage of the baseline");
            }
            return List.of();
        }
        Map<String, Set<Integer>> before = lines.get().baseline();
        // Nothing the passing tests ran in the edited methods: nothing to lose, no run.
        if (StoppedLines.of(sourceOnly, source, before, Map.of()).isEmpty()) {
            return List.of();
        }
        LinesRun.Rerun fromRun = carried.remove(candidate.id());
        if (fromRun instanceof LinesRun.Rerun.Ran r) {
            fromDecidingRuns++;
            decidingTests.add(r.tests());
            return StoppedLines.of(sourceOnly, source, before, r.lines()).stream()
                    .map(StoppedLines.Stopped::caveat).toList();
        }
        Optional.ofNullable(fromRun instanceof LinesRun.Rerun.NotRun n ? n.why() : plain.get(candidate.id()))
                .ifPresent(why -> rerunWhy.add(candidate.id() + ": " + why));
        Duration left = remaining.get();
        if (left.compareTo(MIN_TIME) < 0) {
            notChecked.add(candidate.id() + ": the time budget ran out");
            return List.of();
        }
        Instant start = clock.instant();
        Path copy = workspace.newCopy(candidate.id() + "-lines");
        try {
            if (!patch.isEmpty() && new PatchApplier().apply(copy, patch) instanceof ApplyResult.NotApplied n) {
                notChecked.add(candidate.id() + ": the patch did not apply to a fresh copy (" + n.reason() + ")");
                return List.of();
            }
            runs++;
            Set<String> edited = new java.util.TreeSet<>();
            patch.files().forEach(f -> edited.add(f.path()));
            return switch (lines.get().rerun(copy, min(left.minus(Duration.ofSeconds(1)), perRun), edited)) {
                case LinesRun.Rerun.NotRun r -> {
                    notChecked.add(candidate.id() + ": " + r.why());
                    yield List.of();
                }
                case LinesRun.Rerun.Ran r -> {
                    ran.add(r.tests().isEmpty() ? lines.get().tests() : r.tests());
                    yield StoppedLines.of(sourceOnly, source, before, r.lines()).stream()
                            .map(StoppedLines.Stopped::caveat).toList();
                }
            };
        } catch (RuntimeException e) {
            // It adds a caveat to a verdict that is out; its failure takes nothing from the candidate.
            LOG.warn("the lines run by {} were not compared", candidate.id(), e);
            notChecked.add(candidate.id() + ": " + e.getMessage());
            return List.of();
        } finally {
            workspace.discard(copy);
            spent = spent.plus(Duration.between(start, clock.instant()));
        }
    }

    /**
     * The deciding run's command under the baseline's coverage where this check will read it: a
     * candidate whose edited methods the passing tests ran in the baseline; plain for the others.
     */
    @Override
    public TestCommand command(String candidateId, Patch sourcePatch, Path copy, TestCommand plainCommand) {
        if (lines.isEmpty() || StoppedLines.of(new PatchText.Parsed("", sourcePatch), source, lines.get().baseline(),
                Map.of()).isEmpty()) {
            return plainCommand;
        }
        Instant start = clock.instant();
        try {
            return switch (lines.get().instrument(copy, plainCommand)) {
                case TestInstrumentation.Instrumented.On on -> on.command();
                case TestInstrumentation.Instrumented.Off off -> {
                    plain.put(candidateId, off.why());
                    yield plainCommand;
                }
            };
        } catch (RuntimeException e) {
            // The deciding run decides the verdict: a tool that fails leaves it plain, and the check runs again.
            LOG.warn("the deciding run of {} runs without coverage", candidateId, e);
            plain.put(candidateId, "the coverage tools could not be set up: " + e.getMessage());
            return plainCommand;
        } finally {
            carrying.addAndGet(Duration.between(start, clock.instant()).toNanos());
        }
    }

    /** Keeps what the deciding run under coverage ran, for {@link #apply}. */
    @Override
    public void ran(String candidateId, Path copy, String tests, boolean completed) {
        if (lines.isEmpty()) {
            return;
        }
        Instant start = clock.instant();
        try {
            carried.put(candidateId, completed ? lines.get().read(copy, tests)
                    : new LinesRun.Rerun.NotRun("its deciding run under coverage ended without reports"));
        } catch (RuntimeException e) {
            LOG.warn("the coverage of {}'s deciding run was not read", candidateId, e);
            carried.put(candidateId, new LinesRun.Rerun.NotRun("its deciding run's coverage was not read: "
                    + e.getMessage()));
        } finally {
            carrying.addAndGet(Duration.between(start, clock.instant()).toNanos());
        }
    }

    /** What the run's notes say: the runs it took, and the candidates it could not check and why. */
    List<String> notes() {
        List<String> out = new ArrayList<>();
        if (fromDecidingRuns > 0) {
            out.add("lines the tests stop running: read from the deciding run's coverage for " + fromDecidingRuns
                    + " VALID candidate(s), no run of its own (" + String.join("; ", decidingTests) + "; the tools' "
                    + "set-up and the data read took " + Durations.format(Duration.ofNanos(carrying.get()))
                    + " in all)");
        }
        if (!rerunWhy.isEmpty()) {
            out.add("lines the tests stop running: the deciding run did not carry the coverage for "
                    + String.join("; ", rerunWhy));
        }
        if (runs > 0) {
            String tests = ran.isEmpty() ? lines.map(LinesRun::tests).orElse("the tests")
                    : ran.size() == 1 ? ran.iterator().next() : "the tests (" + String.join("; ", ran) + ")";
            out.add("lines the tests stop running: " + tests + " ran again under coverage for " + runs
                    + " VALID candidate(s), after their verdicts (" + Durations.format(spent) + " in all)");
        }
        if (!notChecked.isEmpty()) {
            out.add("lines the tests stop running: not checked for " + String.join("; ", notChecked));
        }
        return out;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
