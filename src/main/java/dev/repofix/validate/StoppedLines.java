package dev.repofix.validate;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.PatchText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The lines of a changed method that the baseline's passing tests ran and that no test runs
 * once a candidate is applied: the dynamic half of what {@link DeadBranches} finds statically.
 * A fix that moves a test onto the wrong name ({@code hasattr(iterable, ...)} to
 * {@code hasattr(default, ...)}) leaves no branch unreachable by its text, yet the tests stop
 * running the branch: this sees it in the coverage of both runs.
 *
 * <p>Only lines inside a method or function the patch edits count (JavaParser's callables for
 * Java; for Python the {@code def} blocks, by their indentation), only lines some passing test
 * ran before, and never a line the patch removes or changes: that it no longer runs is the
 * patch's point. Both coverages must come from the same tests (the caller's to ensure), so a
 * line missing after is one those tests no longer reach. Pure.
 */
public final class StoppedLines {
    private StoppedLines() {}

    /**
     * A line the candidate stops running.
     *
     * @param file   repository-relative path
     * @param line   its 1-based line in the patched file
     * @param text   the line's code, trimmed
     * @param method the method or function it is in
     */
    public record Stopped(String file, int line, String text, String method) {
        /** The caveat, one sentence with code in backticks ("stops running line 7 (`...`) of `last` ..."). */
        public String caveat() {
            return STOPS + "line " + line + " (`" + text + "`) of `" + method + "` in " + file
                    + ", which the passing tests ran before";
        }
    }

    /** How every caveat of this check starts, so that a report can word it apart from unreachable code. */
    public static final String STOPS = "stops running ";

    /**
     * What {@code patch} stops running: per edited {@code .py}/{@code .java} file whose text
     * {@code before} gives, the lines of {@code ranBefore} (passing tests, original numbering)
     * inside an edited method whose line after the patch is not in {@code ranAfter} (patched
     * numbering). Empty when the patch does not parse or apply exactly.
     */
    public static List<Stopped> of(PatchText patch, Function<String, Optional<String>> before,
            Map<String, Set<Integer>> ranBefore, Map<String, Set<Integer>> ranAfter) {
        if (!(patch instanceof PatchText.Parsed parsed)) {
            return List.of();
        }
        List<Stopped> out = new ArrayList<>();
        for (FilePatch file : parsed.patch().files()) {
            String path = file.path();
            if (!(path.endsWith(".py") || path.endsWith(".java"))) {
                continue;
            }
            Optional<String> old = before.apply(path);
            if (old.isPresent()) {
                out.addAll(inFile(path, old.get(), file.hunks(), ranBefore.getOrDefault(path, Set.of()),
                        ranAfter.getOrDefault(path, Set.of())));
            }
        }
        return List.copyOf(out);
    }

    static List<Stopped> inFile(String path, String before, List<Hunk> hunks, Set<Integer> ranBefore,
            Set<Integer> ranAfter) {
        String[] lines = before.split("\n", -1);
        Optional<LineMap> map = LineMap.of(lines, hunks);
        if (map.isEmpty()) {
            return List.of();
        }
        List<Span> spans = path.endsWith(".py") ? pythonFunctions(lines) : javaMethods(before);
        Set<Span> edited = new HashSet<>();
        for (int at : map.get().edited()) {
            innermost(spans, at).ifPresent(edited::add);
        }
        List<Stopped> out = new ArrayList<>();
        // In line order, whatever order the caller's set has.
        for (int line : new java.util.TreeSet<>(ranBefore)) {
            if (line < 1 || line > lines.length || map.get().touched().contains(line)) {
                continue;
            }
            Optional<Span> in = innermost(spans, line);
            int after = map.get().newLine(line);
            if (in.isPresent() && edited.contains(in.get()) && after > 0 && !ranAfter.contains(after)) {
                out.add(new Stopped(path, after, lines[line - 1].strip(), in.get().name()));
            }
        }
        return out;
    }

    /** A method or function: its name and its first and last line. */
    record Span(String name, int first, int last) {}

    private static Optional<Span> innermost(List<Span> spans, int line) {
        Span best = null;
        for (Span s : spans) {
            if (s.first() <= line && line <= s.last() && (best == null || s.last() - s.first() < best.last() - best.first())) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Java methods and constructors by JavaParser; none when the file does not parse. */
    static List<Span> javaMethods(String source) {
        Optional<CompilationUnit> tree = JavaSyntax.tree(source);
        List<Span> out = new ArrayList<>();
        tree.ifPresent(t -> t.findAll(CallableDeclaration.class).forEach(c -> c.getRange().ifPresent(r ->
                out.add(new Span(c.getNameAsString(), r.begin.line, r.end.line)))));
        return out;
    }

    /**
     * Python functions: a {@code def} line and the lines after it that are blank or indented
     * deeper, as Python's own grammar blocks them. A line inside a string that starts at a
     * lower indent ends the block early: the function then looks shorter, never longer.
     */
    static List<Span> pythonFunctions(String[] lines) {
        List<Span> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].stripLeading();
            if (!(code.startsWith("def ") || code.startsWith("async def "))) {
                continue;
            }
            int indent = lines[i].length() - code.length();
            String name = code.substring(code.indexOf("def ") + 4).split("[(\\s:]", 2)[0];
            int last = i;
            for (int j = i + 1; j < lines.length; j++) {
                String l = lines[j];
                if (l.isBlank()) {
                    continue;
                }
                if (l.length() - l.stripLeading().length() <= indent) {
                    break;
                }
                last = j;
            }
            out.add(new Span(name, i + 1, last + 1));
        }
        return out;
    }

    /**
     * How the patch moves the file's lines: which original lines it removes (touched), where
     * it edits (the removed lines, or the line before an insertion), and each kept line's
     * number after it.
     */
    record LineMap(int[] newOf, Set<Integer> touched, Set<Integer> edited) {
        int newLine(int old) {
            return old < newOf.length ? newOf[old] : 0;
        }

        /** The map of {@code hunks} over {@code lines}; empty when a hunk's old lines are not found in order. */
        static Optional<LineMap> of(String[] lines, List<Hunk> hunks) {
            int[] newOf = new int[lines.length + 1];
            Set<Integer> touched = new HashSet<>();
            Set<Integer> edited = new HashSet<>();
            int oldAt = 0; // 0-based: lines before it are mapped
            int shift = 0;
            for (Hunk h : hunks) {
                int at = find(lines, h.oldLines(), Math.max(oldAt, h.oldStart() - 1), oldAt);
                if (at < 0) {
                    return Optional.empty();
                }
                for (int i = oldAt; i < at; i++) {
                    newOf[i + 1] = i + 1 + shift;
                }
                int o = at;
                int n = at + shift;
                for (HunkLine l : h.lines()) {
                    switch (l.kind()) {
                        case CONTEXT -> newOf[++o] = ++n;
                        case REMOVE -> {
                            touched.add(++o);
                            edited.add(o);
                        }
                        case ADD -> {
                            n++;
                            edited.add(Math.max(1, o));
                        }
                    }
                }
                shift = n - o;
                oldAt = o;
            }
            for (int i = oldAt; i < lines.length; i++) {
                newOf[i + 1] = i + 1 + shift;
            }
            return Optional.of(new LineMap(newOf, touched, edited));
        }

        /** Where {@code block} starts at or after {@code from}, nearest to {@code hint}; -1 when nowhere. */
        private static int find(String[] lines, List<String> block, int hint, int from) {
            if (block.isEmpty()) {
                return Math.min(hint + 1, lines.length);
            }
            int best = -1;
            for (int i = from; i + block.size() <= lines.length; i++) {
                if (matches(lines, block, i) && (best < 0 || Math.abs(i - hint) < Math.abs(best - hint))) {
                    best = i;
                }
            }
            return best;
        }

        private static boolean matches(String[] lines, List<String> block, int at) {
            for (int k = 0; k < block.size(); k++) {
                if (!lines[at + k].equals(block.get(k))) {
                    return false;
                }
            }
            return true;
        }
    }
}
