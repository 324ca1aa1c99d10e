package dev.repofix.repair.localize;

import dev.repofix.build.BuildSystem;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builtin stage 2, first version: suspects lines from the failing tests' stack frames.
 * Where an exception comes out of the code under test, its deepest in-repository frame
 * is the effect and the lines just above it (the guarding condition) are likely the
 * cause. Where only test frames exist (an assertion failed), the functions the test
 * calls are suspected instead, since the stack shows nothing of them.
 */
public final class FrameLocalizer {
    private static final int MAX_LOCATIONS = 60;
    private static final int LINES_ABOVE = 6;
    private static final double ABOVE_DECAY = 0.85;
    private static final int MAX_TESTS = 5;

    private final CalleeFinder callees = new CalleeFinder();

    public Localization localize(FailureReport report, SourceCache sources) {
        Map<String, Location> found = new LinkedHashMap<>();
        BuildSystem build = report.build();
        for (TestResult test : report.failing()) {
            List<StackFrame> source = test.frames().stream().filter(f -> !build.isTestPath(f.file())).toList();
            for (int rank = 0; rank < source.size(); rank++) {
                StackFrame f = source.get(rank);
                double score = 1.0 / (1 + rank);
                String why = rank == 0 ? "raised here in " + test.id() : "on the stack of " + test.id();
                add(found, sources, f.file(), f.line(), score, why);
                addLinesAbove(found, sources, f, score);
            }
        }
        if (found.isEmpty()) {
            List<TestResult> tests = report.failing().subList(0, Math.min(MAX_TESTS, report.failing().size()));
            for (CalleeFinder.Suspect s : callees.suspects(tests, build, sources)) {
                add(found, sources, s.file(), s.line(), s.score(), s.reason());
            }
        }
        List<Location> ranked = new ArrayList<>(found.values());
        ranked.sort(Comparator.comparingDouble(Location::score).reversed());
        return new Localization(normalized(ranked.subList(0, Math.min(MAX_LOCATIONS, ranked.size()))));
    }

    /**
     * Scores add up over tests without a cap, so that a line raised in three tests outranks
     * one raised in one; scaled back into [0, 1] here, by the top score, keeping the order.
     */
    private static List<Location> normalized(List<Location> ranked) {
        double top = ranked.isEmpty() ? 1.0 : ranked.get(0).score();
        if (top <= 1.0) {
            return ranked;
        }
        return ranked.stream().map(l -> new Location(l.file(), l.line(), l.content(), l.score() / top, l.reason()))
                .toList();
    }

    /** The lines above a frame, up to its function's declaration: conditions that decide to throw. */
    private static void addLinesAbove(Map<String, Location> found, SourceCache sources, StackFrame f, double score) {
        Optional<SourceFile> file = sources.get(f.file());
        if (file.isEmpty()) {
            return;
        }
        SourceFile sf = file.get();
        double s = score;
        int taken = 0;
        for (int l = f.line() - 1; l >= 1 && taken < LINES_ABOVE; l--) {
            if (l > sf.lineCount() || SourceOutline.declaredName(sf, l).isPresent()) {
                break;
            }
            if (!SourceOutline.hasStatement(sf, l)) {
                continue;
            }
            s *= ABOVE_DECAY;
            taken++;
            add(found, sources, f.file(), l, s, "above " + f.file() + ":" + f.line() + ", where it is raised");
        }
    }

    /** Adds or strengthens a location (scores may exceed 1 until normalized); lines that are not code are ignored. */
    static void add(Map<String, Location> found, SourceCache sources, String file, int line, double score, String why) {
        Optional<SourceFile> sf = sources.get(file);
        String content = "";
        if (sf.isPresent()) {
            if (line > sf.get().lineCount() || !SourceOutline.hasStatement(sf.get(), line)) {
                return;
            }
            content = sf.get().line(line);
        }
        String key = file + ":" + line;
        Location old = found.get(key);
        double total = old == null ? score : old.score() + score * 0.5;
        String reason = old == null ? why : old.reason();
        found.put(key, new Location(file, line, content, total, reason));
    }

    /** Keeps insertion order while removing repeats. */
    static <T> List<T> distinct(List<T> in) {
        Set<T> set = new LinkedHashSet<>(in);
        return new ArrayList<>(set);
    }
}
