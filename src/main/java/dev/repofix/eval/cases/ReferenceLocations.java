package dev.repofix.eval.cases;

import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The reference locations of a case: where in the ORIGINAL files the reference fix
 * changes the code, the lines a perfect fault localization names. Pure; reads only the
 * diff, never the files (docs/eval.md, "Reference locations", has a worked example).
 *
 * <p>A change block is a run of removed and added lines between old lines the patch keeps:
 * <ul>
 *   <li>a block that removes lines gives those lines (a modified line is a removed one);</li>
 *   <li>a block that only adds gives the line before and the line after the insertion
 *       point: no line 0 at the start of a file, and at the end of a hunk with no old line
 *       after the insertion (the end of the file, in a diff with context) only the line before;</li>
 *   <li>import lines are no location: a removed import, a block that only adds imports,
 *       nor an import as the neighbour of an insertion (Java {@code import} and
 *       {@code package}; Python {@code import x} and {@code from x import y});</li>
 *   <li>a created file has no original lines, so none; a deleted file gives all its lines.</li>
 * </ul>
 */
public final class ReferenceLocations {
    private static final Pattern JAVA_IMPORT = Pattern.compile("\\s*(import|package)\\s+[\\w.*\\s]+;.*");
    private static final Pattern PYTHON_IMPORT = Pattern.compile("\\s*(import\\s+\\S.*|from\\s+\\S+\\s+import\\s.*)");

    private ReferenceLocations() {}

    /**
     * The locations of {@code sourcePatch}, distinct, by file then line.
     *
     * @throws dev.repofix.patch.PatchException when the text is no diff {@link PatchParser} reads
     * @throws IllegalArgumentException when a hunk has no line number ({@code @@ @@}, edit blocks)
     */
    public static List<CaseLine> derive(String sourcePatch) {
        return derive(PatchParser.parse(sourcePatch));
    }

    /**
     * The locations of {@code sourcePatch}, already parsed, distinct, by file then line.
     *
     * @throws IllegalArgumentException when a hunk has no line number ({@code @@ @@}, edit blocks)
     */
    public static List<CaseLine> derive(Patch sourcePatch) {
        SortedSet<CaseLine> out = new TreeSet<>();
        for (FilePatch file : sourcePatch.files()) {
            if (file.kind() == ChangeKind.CREATE) {
                continue;
            }
            for (Hunk hunk : file.hunks()) {
                if (!numbered(hunk)) {
                    throw new IllegalArgumentException("a hunk of " + file.path() + " has no line numbers (`@@ @@` "
                            + "or an edit block); give a unified diff with `@@ -start,count +start,count @@` headers");
                }
                new HunkWalk(file.path(), hunk, out).walk();
            }
        }
        return List.copyOf(out);
    }

    /** Whether the hunk's original lines are known by number: it has a start, or no old lines. */
    static boolean numbered(Hunk hunk) {
        return hunk.oldStart() > 0 || hunk.oldLines().isEmpty();
    }

    /** Whether {@code text} is an import (or Java package) line of the file's language. */
    static boolean isImport(String path, String text) {
        if (path.endsWith(".java")) {
            return JAVA_IMPORT.matcher(text).matches();
        }
        if (path.endsWith(".py") || path.endsWith(".pyi")) {
            return PYTHON_IMPORT.matcher(text).matches();
        }
        return false;
    }

    /** One hunk read top to bottom, tracking the original line number. */
    private static final class HunkWalk {
        private final String path;
        private final Hunk hunk;
        private final SortedSet<CaseLine> out;

        HunkWalk(String path, Hunk hunk, SortedSet<CaseLine> out) {
            this.path = path;
            this.hunk = hunk;
            this.out = out;
        }

        void walk() {
            List<HunkLine> lines = hunk.lines();
            // A hunk without old lines names the line it inserts after; else its first old line.
            int next = hunk.oldLines().isEmpty() ? hunk.oldStart() + 1 : hunk.oldStart();
            Optional<String> before = Optional.empty();
            int i = 0;
            while (i < lines.size()) {
                if (lines.get(i).kind() == HunkLine.Kind.CONTEXT) {
                    before = Optional.of(lines.get(i).text());
                    next++;
                    i++;
                    continue;
                }
                int end = i;
                List<String> added = new ArrayList<>();
                boolean removes = false;
                while (end < lines.size() && lines.get(end).kind() != HunkLine.Kind.CONTEXT) {
                    HunkLine line = lines.get(end);
                    if (line.kind() == HunkLine.Kind.REMOVE) {
                        removes = true;
                        addUnlessImport(next, line.text());
                        before = Optional.of(line.text());
                        next++;
                    } else {
                        added.add(line.text());
                    }
                    end++;
                }
                if (!removes && !added.stream().allMatch(t -> isImport(path, t))) {
                    insertion(next, before, end < lines.size() ? Optional.of(lines.get(end).text()) : Optional.empty());
                }
                i = end;
            }
        }

        /** The neighbours of an insertion before original line {@code next}; {@code after} empty: none known. */
        private void insertion(int next, Optional<String> before, Optional<String> after) {
            if (next - 1 >= 1) {
                // Without context the line before is known only by number: it is not an import we can see.
                addUnlessImport(next - 1, before.orElse(""));
            }
            after.ifPresent(text -> addUnlessImport(next, text));
        }

        private void addUnlessImport(int line, String text) {
            if (!isImport(path, text)) {
                out.add(new CaseLine(path, line));
            }
        }
    }
}
