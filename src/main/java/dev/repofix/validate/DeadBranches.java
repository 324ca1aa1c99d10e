package dev.repofix.validate;

import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.PatchText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The code a patch makes unreachable: a branch whose test can no longer be true where it
 * is tried, an {@code else} the earlier tests now cover, a statement now after a jump (see
 * {@link BranchChain} for the rules). A candidate that passes every test and does this is
 * plausible but suspect (the tests never needed that code, or need it only where they do not
 * look), so the search ranks it after the others and the report says so.
 *
 * <p>Static and cheap: the edited file is read before and after the patch (in memory) and
 * only what is unreachable after and was not before is reported, so dead code the project
 * already had is never blamed on the patch. Python by its logical lines, Java with
 * JavaParser; other languages get nothing. It is sound where it speaks (each finding is
 * unreachable for every input, if the tests it compares have no side effects, which it
 * checks) and silent where it cannot tell: a branch made dead by the values a name can hold
 * (a test moved onto a variable that never has the attribute), by arithmetic or by types
 * is not found. Pure.
 */
public final class DeadBranches {
    private DeadBranches() {}

    /**
     * What {@code patch} makes unreachable, one sentence per finding ("the branch `elif
     * x > 3:` (line 12) can no longer run: ..."); empty when nothing, or when a file it edits
     * cannot be read ({@code before} empty) or the patch does not apply to it exactly.
     */
    public static List<String> madeBy(PatchText patch, Function<String, Optional<String>> before) {
        if (!(patch instanceof PatchText.Parsed parsed)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (FilePatch file : parsed.patch().files()) {
            if (!readable(file.path())) {
                continue;
            }
            Optional<String> old = before.apply(file.path());
            if (old.isEmpty()) {
                continue;
            }
            apply(old.get(), file.hunks()).ifPresent(after -> out.addAll(between(file.path(), old.get(), after)));
        }
        return List.copyOf(out);
    }

    private static boolean readable(String path) {
        return path.endsWith(".py") || path.endsWith(".java");
    }

    /** What is unreachable in {@code after} and was not in {@code before}, in {@code path}. */
    static List<String> between(String path, String before, String after) {
        Map<String, Integer> had = new HashMap<>();
        findings(path, before).forEach(f -> had.merge(f.key(), 1, Integer::sum));
        List<String> out = new ArrayList<>();
        for (Finding f : findings(path, after)) {
            if (had.merge(f.key(), -1, Integer::sum) < 0) {
                out.add(f.message());
            }
        }
        return out;
    }

    /** A finding: {@code key} names it without its line, so that an edit above it does not make it new. */
    private record Finding(String key, String message) {}

    private static List<Finding> findings(String path, String source) {
        List<Finding> out = new ArrayList<>();
        boolean python = path.endsWith(".py");
        List<BranchChain> chains = python ? PythonBranches.chains(source) : JavaBranches.chains(source);
        for (BranchChain chain : chains) {
            for (BranchChain.Dead d : chain.dead()) {
                out.add(new Finding("branch " + d.branch().header() + " | " + d.why().replaceAll("\\(line \\d+\\)", ""),
                        "the branch `" + d.branch().header() + "` (" + path + ":" + d.branch().line()
                                + ") can no longer run: " + d.why()));
            }
        }
        if (python) {
            for (PythonBranches.Unreached u : PythonBranches.afterJumps(source)) {
                out.add(new Finding("after " + u.jump().code() + " | " + u.statement().code(),
                        "the statement `" + u.statement().code() + "` (" + path + ":" + u.statement().line()
                                + ") can no longer run: it follows `" + u.jump().code() + "` in the same block"));
            }
        }
        return out;
    }

    /** {@code text} with the hunks applied where their old lines are, exactly; empty when one is not found. */
    static Optional<String> apply(String text, List<Hunk> hunks) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int shift = 0;
        for (Hunk h : hunks) {
            List<String> old = h.oldLines();
            int at = find(lines, old, Math.max(0, h.oldStart() - 1 + shift));
            if (at < 0) {
                return Optional.empty();
            }
            List<String> region = lines.subList(at, at + old.size());
            region.clear();
            region.addAll(h.newLines());
            shift += h.newLines().size() - old.size();
        }
        return Optional.of(String.join("\n", lines));
    }

    /** Where {@code block} starts in {@code lines}, nearest to {@code hint}; -1 when nowhere. */
    private static int find(List<String> lines, List<String> block, int hint) {
        if (block.isEmpty()) {
            return Math.min(hint + 1, lines.size());
        }
        int best = -1;
        for (int i = 0; i + block.size() <= lines.size(); i++) {
            if (lines.subList(i, i + block.size()).equals(block) && (best < 0
                    || Math.abs(i - hint) < Math.abs(best - hint))) {
                best = i;
            }
        }
        return best;
    }
}
