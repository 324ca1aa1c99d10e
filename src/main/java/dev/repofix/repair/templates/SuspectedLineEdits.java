package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The edits of one suspected line that the syntax-tree templates offer, in order: an edit
 * that does not touch the line, changes nothing, or repeats an earlier text is dropped.
 */
public final class SuspectedLineEdits {
    private final SourceFile file;
    private final int line;
    private final Map<String, LineEdit> edits = new LinkedHashMap<>();

    public SuspectedLineEdits(SourceFile file, int line) {
        this.file = file;
        this.line = line;
    }

    public void offer(LineEdit edit) {
        if (edit.line() > line || edit.lastLine() < line) {
            return;
        }
        StringBuilder original = new StringBuilder();
        for (int l = edit.line(); l <= edit.lastLine(); l++) {
            original.append(l == edit.line() ? "" : "\n").append(file.line(l));
        }
        if (!edit.replacement().contentEquals(original)) {
            edits.putIfAbsent(edit.line() + ":" + edit.lastLine() + ":" + edit.replacement(), edit);
        }
    }

    /**
     * The edits in order. Two one-line edits that the same description would name (the
     * first or the second {@code a} of {@code gcd(a, a)} changed) are described by the text
     * around each change instead: {@code `gcd(a, a)` -> `gcd(b, a)`}.
     */
    public List<LineEdit> toList() {
        Map<String, Integer> sameDescription = new java.util.HashMap<>();
        edits.values().forEach(e -> sameDescription.merge(e.description(), 1, Integer::sum));
        return edits.values().stream().map(e -> sameDescription.get(e.description()) > 1 && e.line() == e.lastLine()
                && e.line() == line ? new LineEdit(line, e.replacement(), inContext(file.line(line), e.replacement()))
                : e).toList();
    }

    /** The changed text of a line with the name and brackets next to it, before and after. */
    static String inContext(String before, String after) {
        int prefix = 0;
        int max = Math.min(before.length(), after.length());
        while (prefix < max && before.charAt(prefix) == after.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < max - prefix && before.charAt(before.length() - 1 - suffix)
                == after.charAt(after.length() - 1 - suffix)) {
            suffix++;
        }
        int from = prefix;
        while (from > 0 && " ([,.".indexOf(before.charAt(from - 1)) >= 0) {
            from--;
        }
        while (from > 0 && isWordChar(before.charAt(from - 1))) {
            from--;
        }
        int to = suffix; // characters kept from the end
        while (to > 0 && " )],".indexOf(before.charAt(before.length() - to)) >= 0) {
            to--;
        }
        while (to > 0 && isWordChar(before.charAt(before.length() - to))) {
            to--;
        }
        while (to > 0 && ")]".indexOf(before.charAt(before.length() - to)) >= 0) {
            to--;
        }
        return "`" + before.substring(from, before.length() - to).strip() + "` -> `"
                + after.substring(from, after.length() - to).strip() + "`";
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
