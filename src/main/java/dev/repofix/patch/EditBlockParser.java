package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads SEARCH/REPLACE edit blocks: the path on the last non-empty line before
 * {@code <<<<<<< SEARCH} (code fences skipped), old lines, {@code =======}, new lines,
 * {@code >>>>>>> REPLACE}. Each block becomes one file patch with one hunk of unknown
 * position; blocks apply in order, so a later block may edit what an earlier one wrote.
 */
final class EditBlockParser {
    private static final Pattern SEARCH = Pattern.compile("^<{5,9} ?SEARCH\\s*$");
    private static final Pattern DIVIDER = Pattern.compile("^={5,9}\\s*$");
    private static final Pattern REPLACE = Pattern.compile("^>{5,9} ?REPLACE\\s*$");

    private EditBlockParser() {}

    /** Whether {@code lines} hold at least one edit block (a SEARCH marker at the start of a line). */
    static boolean present(List<String> lines) {
        return lines.stream().anyMatch(l -> marks(SEARCH, '<', l));
    }

    static List<FilePatch> parse(List<String> lines) {
        List<FilePatch> files = new ArrayList<>();
        String previous = null;
        for (int i = 0; i < lines.size(); i++) {
            if (!marks(SEARCH, '<', lines.get(i))) {
                refuseDiffLine(lines, i);
                continue;
            }
            String path = pathBefore(lines, i, previous);
            int divider = find(lines, DIVIDER, '=', i + 1, path, "=======");
            int end = find(lines, REPLACE, '>', divider + 1, path, ">>>>>>> REPLACE");
            List<HunkLine> hunk = new ArrayList<>();
            lines.subList(i + 1, divider).forEach(l -> hunk.add(HunkLine.remove(l)));
            lines.subList(divider + 1, end).forEach(l -> hunk.add(HunkLine.add(l)));
            files.add(new FilePatch(path, ChangeKind.MODIFY, List.of(new Hunk(0, hunk))));
            previous = path;
            i = end;
        }
        return files;
    }

    /**
     * Refuses a diff outside the blocks: reading only the blocks would silently drop it,
     * and a patch applies whole or not at all.
     */
    private static void refuseDiffLine(List<String> lines, int i) {
        String line = lines.get(i);
        boolean headers = line.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ");
        if (headers || line.startsWith("diff --git ") || line.startsWith("@@ ")) {
            throw new PatchException("the patch mixes SEARCH/REPLACE edit blocks with a unified diff (line " + (i + 1)
                    + ": `" + line.strip() + "`); send one format");
        }
    }

    /**
     * The path for the block at {@code search}: the last line before it that is neither
     * empty nor a fence; a block right after another one edits the same file.
     */
    private static String pathBefore(List<String> lines, int search, String previous) {
        for (int i = search - 1; i >= 0; i--) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("```") || line.startsWith("~~~")) {
                continue;
            }
            if (marks(REPLACE, '>', line) && previous != null) {
                return previous;
            }
            Optional<String> path = PatchPaths.fromLabel(line);
            if (path.isEmpty()) {
                throw new PatchException("the edit block at line " + (search + 1) + " names no file: `" + line
                        + "` is not a path; put the file's path on the line before <<<<<<< SEARCH");
            }
            return path.get();
        }
        throw new PatchException("the edit block at line " + (search + 1)
                + " names no file: put the file's path on the line before <<<<<<< SEARCH");
    }

    /**
     * Whether {@code line} is the marker; its first character rules out almost every line
     * before a matcher is made for it, which counts in text of millions of lines.
     */
    private static boolean marks(Pattern marker, char first, String line) {
        return !line.isEmpty() && line.charAt(0) == first && marker.matcher(line).matches();
    }

    private static int find(List<String> lines, Pattern marker, char first, int from, String path, String shown) {
        for (int i = from; i < lines.size(); i++) {
            if (marks(marker, first, lines.get(i))) {
                return i;
            }
            if (marks(SEARCH, '<', lines.get(i))) {
                break;
            }
        }
        throw new PatchException("the edit block for " + path + " starting before line " + (from + 1)
                + " has no " + shown + " line; each block needs SEARCH, =======, REPLACE markers in turn");
    }
}
