package dev.repofix.repair.localize;

import dev.repofix.build.BuildSystem;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builtin stage 2 with coverage: lines ranked by a spectrum formula over per-test
 * coverage, plus a share of the stack-trace evidence ({@link FrameLocalizer}'s scores);
 * equal scores go to the line nearer the deepest in-repository frame. A suspect of the
 * frames in a file coverage did not measure keeps only its frame evidence, so it ranks
 * below every line a failing test ran; one in a measured file that no test ran is dropped.
 */
public final class SpectrumLocalizer {
    static final int MAX_LOCATIONS = 60;
    /** How much a line's stack-trace score adds to its spectrum score (both in [0, 1]). */
    static final double FRAME_WEIGHT = 0.25;
    /** How far below the best line it decides a lifted branch condition scores: only enough to rank after it. */
    static final double BELOW_DECIDED = 1e-6;

    private final SpectrumFormula formula;
    private final JavaTrees javaTrees;
    private final PythonTrees pythonTrees;

    SpectrumLocalizer(SpectrumFormula formula) {
        this(formula, new JavaTrees(), PythonTrees.fromProcessPath());
    }

    /** The trees: where the loops of Java and Python files are read, caches shared with the templates. */
    public SpectrumLocalizer(SpectrumFormula formula, JavaTrees javaTrees, PythonTrees pythonTrees) {
        this.formula = Objects.requireNonNull(formula, "formula");
        this.javaTrees = Objects.requireNonNull(javaTrees, "javaTrees");
        this.pythonTrees = Objects.requireNonNull(pythonTrees, "pythonTrees");
    }

    /** A scored line before it becomes a {@link Location}. */
    private record Scored(String file, int line, double score, int distance, String reason) {}

    public Localization localize(Spectra spectra, Localization frames, FailureReport report, SourceCache sources) {
        BuildSystem build = report.build();
        Optional<StackFrame> deepest = deepestFrame(report);
        Map<String, Location> byFrame = new HashMap<>();
        frames.locations().forEach(l -> byFrame.put(l.file() + ":" + l.line(), l));
        Map<String, Scored> scored = new HashMap<>();
        for (Spectra.LineSpectrum s : spectra.lines()) {
            if (s.failed() == 0 || build.isTestPath(s.file())) {
                continue;
            }
            String key = s.file() + ":" + s.line();
            Location frame = byFrame.get(key);
            double score = formula.score(s, spectra) + (frame == null ? 0 : FRAME_WEIGHT * frame.score());
            String reason = String.format(Locale.ROOT, "%s %.2f: run by %d of %d failing and %d of %d passing tests",
                    formula.name().toLowerCase(Locale.ROOT), formula.score(s, spectra), s.failed(),
                    spectra.totalFailed(), s.passed(), spectra.totalPassed())
                    + (frame == null ? "" : "; " + frame.reason());
            scored.put(key, new Scored(s.file(), s.line(), score, distance(deepest, s.file(), s.line()), reason));
        }
        liftLoopHeaders(scored, sources);
        liftBranchConditions(scored, sources);
        liftUnreadLocals(scored, sources);
        liftSelfComparisons(scored, sources);
        Set<String> measured = spectra.lines().stream().map(Spectra.LineSpectrum::file).collect(Collectors.toSet());
        for (Location l : frames.locations()) {
            if (measured.contains(l.file())) {
                if (spectra.tracing() == Spectra.Tracing.PROBES && onAFailingStack(l, report)) {
                    // JaCoCo marks a line run only when a probe after it fires: the lines of a block
                    // that an exception left midway look unrun, though the stack shows they ran.
                    scored.putIfAbsent(l.file() + ":" + l.line(), new Scored(l.file(), l.line(), l.score(),
                            distance(deepest, l.file(), l.line()), l.reason()
                                    + " (on the failing test's stack, where coverage probes cannot see)"));
                }
                continue; // coverage saw this file and no test ran the line: a parameter line, a comment, dead code
            }
            scored.putIfAbsent(l.file() + ":" + l.line(), new Scored(l.file(), l.line(), FRAME_WEIGHT * l.score(),
                    distance(deepest, l.file(), l.line()), l.reason() + " (no failing test ran it under coverage)"));
        }
        List<Scored> ranked = new ArrayList<>(scored.values());
        ranked.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparingInt(Scored::distance)
                .thenComparing(Scored::file).thenComparingInt(Scored::line));
        List<Location> out = new ArrayList<>();
        double top = ranked.isEmpty() ? 1 : Math.max(1, ranked.get(0).score());
        for (Scored s : ranked) {
            if (out.size() == MAX_LOCATIONS) {
                break;
            }
            Optional<SourceFile> sf = sources.get(s.file());
            if (sf.isPresent() && s.line() <= sf.get().lineCount()) {
                out.add(new Location(s.file(), s.line(), sf.get().line(s.line()), s.score() / top, s.reason()));
            }
        }
        return new Localization(out);
    }

    /**
     * A loop's condition scores at least as high as the best line of its body (see
     * {@link LoopHeaders}); on a tie it ranks first, being the earlier line.
     */
    private void liftLoopHeaders(Map<String, Scored> scored, SourceCache sources) {
        for (String file : files(scored)) {
            for (LoopHeaders.Loop loop : structures(file, sources, LoopHeaders::of, LoopHeaders::of)) {
                Scored header = scored.get(file + ":" + loop.header());
                double best = best(scored, file, loop.header(), loop.bodyFirst(), loop.bodyLast())
                        .map(Scored::score).orElse(0.0);
                if (header != null && best > header.score()) { // null: no failing test ran the loop
                    scored.put(file + ":" + loop.header(), new Scored(file, header.line(), best, header.distance(),
                            header.reason() + "; raised to its loop body's score: a wrong bound shows only in "
                                    + "the iterations failing tests reach"));
                }
            }
        }
    }

    /**
     * A branch condition scores just below the best line it decides to run, its body or its
     * else chain (see {@link BranchHeaders}): a wrong condition ({@code isinstance(x, list)} for
     * a {@code Sequence}) sends failing tests down the other branch, whose lines then score
     * high while the condition, run by every test, scores low. Just below, so that a fault in
     * the branch's own line still ranks first; the enclosing conditions follow it, nearest the
     * failure first.
     */
    private void liftBranchConditions(Map<String, Scored> scored, SourceCache sources) {
        for (String file : files(scored)) {
            for (BranchHeaders.Branch branch : structures(file, sources, BranchHeaders::of, BranchHeaders::of)) {
                Scored header = scored.get(file + ":" + branch.header());
                Scored best = best(scored, file, branch.header(), branch.first(), branch.last()).orElse(null);
                double lifted = best == null ? 0 : best.score() - BELOW_DECIDED;
                if (header == null && branch.constant() && best != null) { // javac left no code on the line
                    scored.put(file + ":" + branch.header(), new Scored(file, branch.header(), lifted,
                            best.distance(), "a constant condition (no code to cover) deciding line " + best.line()
                                    + ", which failing tests ran; ranked just below it"));
                } else if (header != null && lifted > header.score()) { // null: no failing test ran the condition
                    scored.put(file + ":" + branch.header(), new Scored(file, header.line(), lifted, header.distance(),
                            header.reason() + "; raised to just below line " + best.line() + ", which it decides to "
                                    + "run: a wrong condition shows in the branch failing tests take"));
                }
            }
        }
    }

    /**
     * The statements of a Python block that assigns a local nothing reads (see {@link
     * UnreadLocals}) rank with the top line, when a failing test ran the assignment (ties go by
     * the distance to the failure, as ever): the
     * statement that would read it is missing among them, and the insertion templates try
     * their places only at suspected lines.
     */
    private void liftUnreadLocals(Map<String, Scored> scored, SourceCache sources) {
        double top = scored.values().stream().mapToDouble(Scored::score).max().orElse(0);
        for (String file : files(scored)) {
            List<UnreadLocals.Gap> gaps = sources.get(file).flatMap(pythonTrees::of).map(UnreadLocals::of)
                    .orElse(List.of());
            for (UnreadLocals.Gap gap : gaps) {
                if (!scored.containsKey(file + ":" + gap.assigned())) {
                    continue; // no failing test ran the assignment
                }
                for (int line : gap.statements()) {
                    Scored s = scored.get(file + ":" + line);
                    if (s != null && top > s.score()) {
                        scored.put(file + ":" + line, new Scored(file, line, top, s.distance(), s.reason()
                                + "; raised to the top: `" + gap.name() + "` (line " + gap.assigned()
                                + ") is assigned and never read, a statement using it may be missing here"));
                    }
                }
            }
        }
    }

    /**
     * A Java line that assigns or compares an expression with itself (see {@link
     * SelfComparisons}) ranks with the top line when a failing test ran it: a slip that does
     * nothing on a line every test runs (a constructor's field) scores too low to be tried.
     */
    private void liftSelfComparisons(Map<String, Scored> scored, SourceCache sources) {
        double top = scored.values().stream().mapToDouble(Scored::score).max().orElse(0);
        for (String file : files(scored)) {
            for (int line : sources.get(file).flatMap(javaTrees::of).map(SelfComparisons::of).orElse(List.of())) {
                Scored s = scored.get(file + ":" + line);
                if (s != null && top > s.score()) { // null: no failing test ran it
                    scored.put(file + ":" + line, new Scored(file, line, top, s.distance(), s.reason()
                            + "; raised to the top: it assigns or compares an expression with itself"));
                }
            }
        }
    }

    /** The best-scored line of {@code [first, last]} other than {@code header}; empty when no failing test ran one. */
    private static Optional<Scored> best(Map<String, Scored> scored, String file, int header, int first, int last) {
        Scored best = null;
        for (int line = first; line <= last; line++) {
            Scored s = line == header ? null : scored.get(file + ":" + line);
            best = s == null || best != null && best.score() >= s.score() ? best : s;
        }
        return Optional.ofNullable(best);
    }

    private static Set<String> files(Map<String, Scored> scored) {
        return scored.values().stream().map(Scored::file).collect(Collectors.toSet());
    }

    /** What {@code java} or {@code python} read from the file's tree (its loops, its branches); none without a tree. */
    private <T> List<T> structures(String file, SourceCache sources,
            java.util.function.Function<dev.repofix.repair.source.JavaTree, List<T>> java,
            java.util.function.Function<dev.repofix.repair.source.PythonTree, List<T>> python) {
        return sources.get(file).flatMap(f -> javaTrees.of(f).map(java).or(() -> pythonTrees.of(f).map(python)))
                .orElse(List.of());
    }

    /**
     * A suspect on a failing test's stack frame: the line ran, yet probe-based coverage can miss
     * it, since the exception left its block before the next probe. Line tracing cannot miss it,
     * so the caller asks only for {@link Spectra.Tracing#PROBES}.
     */
    private static boolean onAFailingStack(Location l, FailureReport report) {
        return report.failing().stream().flatMap(t -> t.frames().stream())
                .anyMatch(f -> f.file().equals(l.file()) && f.line() == l.line());
    }

    /** The first frame of the first failing test that has one: where the failure surfaced. */
    static Optional<StackFrame> deepestFrame(FailureReport report) {
        return report.failing().stream().map(TestResult::frames).filter(f -> !f.isEmpty()).map(f -> f.get(0))
                .findFirst();
    }

    /** Lines from the deepest frame in its file; every line of another file is farther than any in it. */
    private static int distance(Optional<StackFrame> deepest, String file, int line) {
        if (deepest.isEmpty() || !deepest.get().file().equals(file)) {
            return Integer.MAX_VALUE;
        }
        return Math.abs(line - deepest.get().line());
    }
}
