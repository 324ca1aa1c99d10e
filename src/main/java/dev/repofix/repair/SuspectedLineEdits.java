package dev.repofix.repair;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The edits of one suspected line that the syntax-tree templates offer, in order: an edit
 * that does not touch the line, changes nothing, or repeats an earlier text is dropped.
 */
final class SuspectedLineEdits {
    private final SourceFile file;
    private final int line;
    private final Map<String, LineEdit> edits = new LinkedHashMap<>();

    SuspectedLineEdits(SourceFile file, int line) {
        this.file = file;
        this.line = line;
    }

    void offer(LineEdit edit) {
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

    List<LineEdit> toList() {
        return List.copyOf(edits.values());
    }
}
