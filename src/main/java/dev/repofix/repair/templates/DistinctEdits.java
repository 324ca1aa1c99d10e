package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects edits of one line in the order offered, dropping those that change nothing or
 * repeat an earlier text. Two edits that a description alone cannot tell apart (the same
 * operator twice on a line) are described with the words around each change instead.
 */
public final class DistinctEdits {
    private final int line;
    private final String original;
    private final Map<String, Offered> byReplacement = new LinkedHashMap<>();

    /** An edit and, when it came from {@link #replace}, the columns it changed. */
    private record Offered(LineEdit edit, int start, int end, String text) {}

    public DistinctEdits(SourceFile file, int line) {
        this.line = line;
        this.original = file.line(line);
    }

    /** Offers the line with columns {@code [start, end)} replaced by {@code text}. */
    void replace(int start, int end, String text, String description) {
        offer(new Offered(new LineEdit(line, original.substring(0, start) + text + original.substring(end),
                description), start, end, text));
    }

    public void add(LineEdit edit) {
        offer(new Offered(edit, -1, -1, ""));
    }

    private void offer(Offered o) {
        if (!o.edit().replacement().equals(original)) {
            byReplacement.putIfAbsent(o.edit().replacement(), o);
        }
    }

    public List<LineEdit> toList() {
        Map<String, Integer> sameDescription = new HashMap<>();
        byReplacement.values().forEach(o -> sameDescription.merge(o.edit().description(), 1, Integer::sum));
        List<LineEdit> out = new ArrayList<>();
        for (Offered o : byReplacement.values()) {
            boolean ambiguous = sameDescription.get(o.edit().description()) > 1 && o.start() >= 0;
            out.add(ambiguous ? new LineEdit(line, o.edit().replacement(), inContext(o)) : o.edit());
        }
        return List.copyOf(out);
    }

    /** {@code `v <= hi` -> `v < hi`}: the change with the name or number before and after it. */
    private String inContext(Offered o) {
        int from = wordBefore(o.start());
        int to = wordAfter(o.end());
        String before = original.substring(from, to).strip();
        String after = (original.substring(from, o.start()) + o.text() + original.substring(o.end(), to)).strip();
        return "`" + before + "` -> `" + after + "`";
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '$';
    }

    private int wordBefore(int column) {
        int i = column;
        while (i > 0 && original.charAt(i - 1) == ' ') {
            i--;
        }
        while (i > 0 && isWordChar(original.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    private int wordAfter(int column) {
        int i = column;
        while (i < original.length() && original.charAt(i) == ' ') {
            i++;
        }
        while (i < original.length() && isWordChar(original.charAt(i))) {
            i++;
        }
        return i;
    }
}
