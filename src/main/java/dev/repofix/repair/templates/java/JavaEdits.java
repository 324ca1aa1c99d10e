package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.repair.templates.SuspectedLineEdits;
import java.util.List;

/**
 * Collects the edits of one suspected line as changes of the original text: a node's
 * source range replaced, or whole lines inserted or removed next to a statement. Each
 * becomes a {@link LineEdit} of the lines it touches; an edit that does not touch the
 * suspected line, changes nothing or repeats an earlier text is dropped.
 */
final class JavaEdits {
    private final JavaTree tree;
    private final int line;
    private final SuspectedLineEdits edits;

    JavaEdits(JavaTree tree, int line) {
        this.tree = tree;
        this.line = line;
        this.edits = new SuspectedLineEdits(tree.file(), line);
    }

    /** Replaces the node's source with {@code text}. */
    void replace(Node node, String text, String description) {
        replace(node, node, text, description);
    }

    /**
     * Replaces the source from {@code first}'s start to {@code last}'s end. Not inside a
     * {@code throw}: the exception's arguments are the effect a failing test sees, and a
     * test that fails because something is thrown passes only when it is not thrown; edits
     * of them only spend the budget before the condition that decides to throw.
     */
    void replace(Node first, Node last, String text, String description) {
        if (first.findAncestor(ThrowStmt.class).isEmpty()) {
            replace(tree.begin(first), tree.end(last), text, description);
        }
    }

    /** Replaces offsets {@code [from, to)} of the tree's text with {@code text}. */
    void replace(int from, int to, String text, String description) {
        int first = tree.lineOf(from);
        int last = tree.lineOf(Math.max(from, to - 1));
        if (first > line || last < line) {
            return;
        }
        String all = tree.text();
        String before = all.substring(tree.lineStart(first), from);
        String after = all.substring(to, tree.lineEnd(last));
        offer(new LineEdit(first, last, before + text + after, description));
    }

    /** Inserts whole lines, indented like the statement's first line, above it. */
    void insertBefore(Node statement, List<String> lines, String description) {
        int first = statement.getBegin().orElseThrow().line;
        if (!startsItsLine(statement)) {
            return;
        }
        String indent = indentOf(first);
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(indent).append(l).append('\n'));
        offer(new LineEdit(first, first, text + tree.file().line(first), description));
    }

    /** Inserts whole lines, indented like the statement, below its last line. */
    void insertAfter(Node statement, List<String> lines, String description) {
        int last = statement.getEnd().orElseThrow().line;
        if (!endsItsLine(statement)) {
            return;
        }
        String indent = indentOf(statement.getBegin().orElseThrow().line);
        StringBuilder text = new StringBuilder(tree.file().line(last));
        lines.forEach(l -> text.append('\n').append(indent).append(l));
        offer(new LineEdit(last, last, text.toString(), description));
    }

    /**
     * Inserts lines into a block that has no statement ({@code if (c) {}}, an empty loop
     * body), one indent deeper than the block's opening line: below that line when its
     * {@code {} ends it, else the block's text on its one line is rewritten around them.
     */
    void insertInto(BlockStmt block, List<String> lines, String description) {
        int open = tree.begin(block);
        int openLine = tree.lineOf(open);
        String indent = indentOf(openLine);
        String inner = indent + JavaTemplate.indentUnit(indent);
        String rest = tree.text().substring(open + 1, tree.lineEnd(openLine)).strip();
        if (rest.isEmpty() || rest.startsWith("//")) {
            StringBuilder text = new StringBuilder(tree.file().line(openLine));
            lines.forEach(l -> text.append('\n').append(inner).append(l));
            offer(new LineEdit(openLine, openLine, text.toString(), description));
        } else if (tree.lineOf(tree.end(block) - 1) == openLine) {
            StringBuilder text = new StringBuilder("{\n");
            lines.forEach(l -> text.append(inner).append(l).append('\n'));
            replace(block, text + indent + "}", description);
        }
    }

    /**
     * Inserts whole lines below a statement that spans several lines (an {@code if} with its
     * block): the edit covers the statement's lines from its first, so that it is an edit of
     * the line the statement starts on; for a one-line statement the same as {@link #insertAfter}.
     */
    void insertBelow(Node statement, List<String> lines, String description) {
        int first = statement.getBegin().orElseThrow().line;
        int last = statement.getEnd().orElseThrow().line;
        if (first == last || first != line || !startsItsLine(statement)) {
            insertAfter(statement, lines, description);
            return;
        }
        if (!endsItsLine(statement)) {
            return;
        }
        String indent = indentOf(first);
        StringBuilder text = new StringBuilder();
        for (int l = first; l <= last; l++) {
            text.append(l == first ? "" : "\n").append(tree.file().line(l));
        }
        lines.forEach(l -> text.append('\n').append(indent).append(l));
        offer(new LineEdit(first, last, text.toString(), description));
    }

    /** Removes the lines of a statement that has them to itself. */
    void remove(Node statement, String description) {
        if (startsItsLine(statement) && endsItsLine(statement)) {
            offer(new LineEdit(statement.getBegin().orElseThrow().line, statement.getEnd().orElseThrow().line, "",
                    description));
        }
    }

    /** The line's leading whitespace. */
    String indentOf(int lineNumber) {
        String text = tree.file().line(lineNumber);
        return text.substring(0, text.length() - text.stripLeading().length());
    }

    private boolean startsItsLine(Node statement) {
        int begin = tree.begin(statement);
        return tree.text().substring(tree.lineStart(tree.lineOf(begin)), begin).isBlank();
    }

    private boolean endsItsLine(Node statement) {
        int end = tree.end(statement);
        String rest = tree.text().substring(end, tree.lineEnd(tree.lineOf(end - 1))).strip();
        return rest.isEmpty() || rest.startsWith("//");
    }

    private void offer(LineEdit edit) {
        edits.offer(edit);
    }

    List<LineEdit> toList() {
        return edits.toList();
    }
}
