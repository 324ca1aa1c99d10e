package dev.repofix.repair;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects edits of one line in the order offered, dropping those that change nothing or repeat an earlier text. */
final class DistinctEdits {
    private final int line;
    private final String original;
    private final Map<String, LineEdit> byReplacement = new LinkedHashMap<>();

    DistinctEdits(SourceFile file, int line) {
        this.line = line;
        this.original = file.line(line);
    }

    /** Offers the line with columns {@code [start, end)} replaced by {@code text}. */
    void replace(int start, int end, String text, String description) {
        add(new LineEdit(line, original.substring(0, start) + text + original.substring(end), description));
    }

    void add(LineEdit edit) {
        if (!edit.replacement().equals(original)) {
            byReplacement.putIfAbsent(edit.replacement(), edit);
        }
    }

    List<LineEdit> toList() {
        return List.copyOf(byReplacement.values());
    }
}
