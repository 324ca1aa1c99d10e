package dev.repofix.repair.source;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A Python file as the syntax nodes {@code py_sites.py} reported (Python's own {@code ast}),
 * each with its exact source range, over the file's text with {@code \n} line ends. Never null inside.
 */
public final class PythonTree {
    private final SourceFile file;
    private final String text;
    private final int[] lineStarts;
    private final List<JsonNode> nodes;

    PythonTree(SourceFile file, List<JsonNode> nodes) {
        this.file = file;
        this.nodes = List.copyOf(nodes);
        StringBuilder all = new StringBuilder();
        lineStarts = new int[file.lineCount() + 1];
        for (int l = 1; l <= file.lineCount(); l++) {
            lineStarts[l - 1] = all.length();
            all.append(file.line(l)).append('\n');
        }
        lineStarts[file.lineCount()] = all.length();
        this.text = all.toString();
    }

    public SourceFile file() {
        return file;
    }

    public String text() {
        return text;
    }

    /** Offset of a range's first character; {@code range} is {@code [line, col, endLine, endCol]}. */
    public int begin(JsonNode range) {
        return offset(range.get(0).asInt(), range.get(1).asInt());
    }

    /** Offset just past a range's last character. */
    public int end(JsonNode range) {
        return offset(range.get(2).asInt(), range.get(3).asInt());
    }

    public String source(JsonNode range) {
        return text.substring(begin(range), end(range));
    }

    private int offset(int line, int column) {
        int start = lineStarts[Math.min(line, lineStarts.length - 1) - 1];
        return Math.min(start + column, text.length());
    }

    /** 1-based line of an offset. */
    public int lineOf(int offset) {
        int line = 1;
        while (line < lineStarts.length - 1 && lineStarts[line] <= offset) {
            line++;
        }
        return line;
    }

    public int lineStart(int line) {
        return lineStarts[line - 1];
    }

    /** Offset just past the last character of 1-based {@code line}, before its {@code \n}. */
    public int lineEnd(int line) {
        return lineStarts[line] - 1;
    }

    /** The nodes of kind {@code k} whose range covers 1-based {@code line}, in the order reported. */
    public List<JsonNode> nodesOn(int line, String k) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : nodes) {
            JsonNode r = n.get("r");
            if (n.path("k").asText().equals(k) && r.get(0).asInt() <= line && r.get(2).asInt() >= line) {
                out.add(n);
            }
        }
        return out;
    }

    /** Every node of kind {@code k} in the file, in the order reported. */
    public List<JsonNode> nodes(String k) {
        return nodes.stream().filter(n -> n.path("k").asText().equals(k)).toList();
    }

    /** Every statement node, in the order reported (outer before inner). */
    public List<JsonNode> statements() {
        return nodes.stream().filter(n -> n.path("k").asText().equals("stmt")).toList();
    }

    /** The innermost statement that starts on or covers {@code line}, if any. */
    public java.util.Optional<JsonNode> statementOn(int line) {
        JsonNode best = null;
        for (JsonNode s : nodesOn(line, "stmt")) {
            best = s;
        }
        return java.util.Optional.ofNullable(best);
    }
}
