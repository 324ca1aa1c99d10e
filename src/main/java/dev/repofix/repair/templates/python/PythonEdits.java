package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.repair.templates.SuspectedLineEdits;
import java.util.List;

/**
 * Collects the edits of one suspected Python line as changes of the original text: a
 * node's source range replaced, or lines inserted above or removed with a statement. Only
 * the changed text is replaced; the rest of each line keeps its formatting. An edit that
 * does not touch the suspected line, changes nothing or repeats an earlier text is dropped.
 */
final class PythonEdits {
    private final PythonTree tree;
    private final SuspectedLineEdits edits;

    PythonEdits(PythonTree tree, int line) {
        this.tree = tree;
        this.edits = new SuspectedLineEdits(tree.file(), line);
    }

    /** Replaces a node's range ({@code [line, col, endLine, endCol]}) with {@code text}. */
    void replace(JsonNode range, String text, String description) {
        replace(tree.begin(range), tree.end(range), text, description);
    }

    /** Replaces offsets {@code [from, to)} of the tree's text with {@code text}. */
    void replace(int from, int to, String text, String description) {
        int first = tree.lineOf(from);
        int last = tree.lineOf(Math.max(from, to - 1));
        String all = tree.text();
        String before = all.substring(tree.lineStart(first), from);
        String after = all.substring(to, tree.lineEnd(last));
        offer(new LineEdit(first, last, before + text + after, description));
    }

    /** Inserts lines above a statement, each prefixed with the statement's indentation. */
    void insertBefore(JsonNode statement, List<String> lines, String description) {
        int first = statement.get("r").get(0).asInt();
        String indent = indentOf(first);
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(indent).append(l).append('\n'));
        offer(new LineEdit(first, first, text + tree.file().line(first), description));
    }

    /** Removes the lines of a statement that has them to itself. */
    void remove(JsonNode statement, String description) {
        JsonNode r = statement.get("r");
        int first = r.get(0).asInt();
        int last = r.get(2).asInt();
        String head = tree.text().substring(tree.lineStart(first), tree.begin(r));
        String tail = tree.text().substring(tree.end(r), tree.lineEnd(last)).strip();
        if (head.isBlank() && (tail.isEmpty() || tail.startsWith("#"))) {
            offer(new LineEdit(first, last, "", description));
        }
    }

    /** Offers an edit built whole by a template (lines inserted below a statement, an import added). */
    void add(LineEdit edit) {
        offer(edit);
    }

    /** Inserts lines below the last line of a statement, each prefixed with {@code indent}. */
    void insertAfter(JsonNode statement, String indent, List<String> lines, String description) {
        JsonNode r = statement.get("r");
        int first = r.get(0).asInt();
        int last = r.get(2).asInt();
        StringBuilder text = new StringBuilder();
        for (int l = first; l <= last; l++) {
            text.append(l == first ? "" : "\n").append(tree.file().line(l));
        }
        lines.forEach(l -> text.append('\n').append(indent).append(l));
        offer(new LineEdit(first, last, text.toString(), description));
    }

    /** The line's leading whitespace. */
    String indentOf(int lineNumber) {
        String text = tree.file().line(lineNumber);
        return text.substring(0, text.length() - text.stripLeading().length());
    }

    private void offer(LineEdit edit) {
        edits.offer(edit);
    }

    List<LineEdit> toList() {
        return edits.toList();
    }
}
