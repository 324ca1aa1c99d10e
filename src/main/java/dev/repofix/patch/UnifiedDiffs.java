package dev.repofix.patch;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes unified diffs (git style, {@code a/} and {@code b/} prefixes) with java-diff-utils,
 * each line with the ending it has in its file, so that {@code git apply} takes the diff
 * as it is: a CRLF file's lines end in CRLF, and a last line without one is followed by
 * {@code \ No newline at end of file}.
 */
public final class UnifiedDiffs {
    private static final int CONTEXT = 3;
    private static final String NO_NEWLINE = "\\ No newline at end of file\n";
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,\\d+)? \\+(\\d+)(?:,\\d+)? @@");

    private UnifiedDiffs() {}

    /**
     * The diff that turns {@code before} into {@code after} for {@code path}; empty when they
     * differ in line endings only (the applier keeps a file's own). Lines are compared without
     * their endings and written with them.
     */
    public static String create(String path, String before, String after) {
        List<String> a = TextFile.parse(before).lines();
        List<String> b = TextFile.parse(after).lines();
        Patch<String> patch = DiffUtils.diff(a, b);
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff("a/" + path, "b/" + path, a, patch, CONTEXT);
        List<String> oldEnds = endings(before);
        List<String> newEnds = endings(after);
        StringBuilder out = new StringBuilder("diff --git a/" + path + " b/" + path + "\n");
        out.append(lines.get(0)).append('\n').append(lines.get(1)).append('\n');
        int oldLine = 0;
        int newLine = 0;
        for (String line : lines.subList(2, lines.size())) {
            Matcher hunk = HUNK.matcher(line);
            if (hunk.find()) {
                // 0-based index of the hunk's first line on each side (a side without lines has none).
                oldLine = Integer.parseInt(hunk.group(1)) - 1;
                newLine = Integer.parseInt(hunk.group(2)) - 1;
                out.append(line).append('\n');
                continue;
            }
            String text = line.substring(1);
            switch (line.charAt(0)) {
                case '-' -> body(out, '-', text, oldEnds.get(oldLine++));
                case '+' -> body(out, '+', text, newEnds.get(newLine++));
                default -> {
                    String oldEnd = oldEnds.get(oldLine++);
                    String newEnd = newEnds.get(newLine++);
                    if (oldEnd.equals(newEnd)) {
                        body(out, ' ', text, oldEnd);
                    } else {
                        // The same text with another ending is a change for git: say it as one.
                        body(out, '-', text, oldEnd);
                        body(out, '+', text, newEnd);
                    }
                }
            }
        }
        return out.toString();
    }

    private static void body(StringBuilder out, char prefix, String text, String ending) {
        out.append(prefix).append(text).append(ending.isEmpty() ? "\n" + NO_NEWLINE : ending);
    }

    /**
     * The ending of each line of {@code content}, as {@link TextFile#parse} splits it: "\r\n",
     * "\n", or "" for a last line without one.
     */
    static List<String> endings(String content) {
        List<String> ends = new ArrayList<>();
        int start = 0;
        while (start < content.length()) {
            int nl = content.indexOf('\n', start);
            if (nl < 0) {
                ends.add("");
                break;
            }
            ends.add(nl > start && content.charAt(nl - 1) == '\r' ? "\r\n" : "\n");
            start = nl + 1;
        }
        return ends;
    }
}
