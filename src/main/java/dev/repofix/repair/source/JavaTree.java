package dev.repofix.repair.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Java source file parsed once, with its text as JavaParser saw it (lines joined by
 * {@code \n}) so that node ranges map to offsets: an edit replaces exactly one node's
 * source and leaves the rest of the file as it was written. Not thread-safe.
 */
public final class JavaTree {
    private final SourceFile file;
    private final String text;
    private final int[] lineStarts;
    private final CompilationUnit unit;
    private final Map<Integer, List<Node>> onLine = new HashMap<>();

    private JavaTree(SourceFile file, String text, int[] lineStarts, CompilationUnit unit) {
        this.file = file;
        this.text = text;
        this.lineStarts = lineStarts;
        this.unit = unit;
    }

    /** The file's tree; empty when it does not parse as Java (the token templates then apply). */
    static Optional<JavaTree> parse(SourceFile file) {
        List<String> lines = new ArrayList<>(file.lineCount());
        int[] starts = new int[file.lineCount() + 1];
        int offset = 0;
        for (int l = 1; l <= file.lineCount(); l++) {
            starts[l - 1] = offset;
            lines.add(file.line(l));
            offset += file.line(l).length() + 1;
        }
        starts[file.lineCount()] = offset;
        String text = String.join("\n", lines);
        // Tab size 1: a column is a character, as in the file's lines.
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)
                .setAttributeComments(false)
                .setTabSize(1);
        ParseResult<CompilationUnit> result;
        try {
            result = new JavaParser(config).parse(text);
        } catch (RuntimeException | StackOverflowError e) {
            // A parser failure on odd input (or expressions nested past the stack) only means
            // the token templates handle this file.
            return Optional.empty();
        }
        if (!result.isSuccessful() || result.getResult().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new JavaTree(file, text, starts, result.getResult().get()));
    }

    public SourceFile file() {
        return file;
    }

    public String text() {
        return text;
    }

    public CompilationUnit unit() {
        return unit;
    }

    /** Offset in {@link #text} of a 1-based position. */
    int offset(Position p) {
        return lineStarts[p.line - 1] + p.column - 1;
    }

    /** Offset of the node's first character. */
    public int begin(Node n) {
        return offset(n.getBegin().orElseThrow());
    }

    /** Offset just past the node's last character. */
    public int end(Node n) {
        return offset(n.getEnd().orElseThrow()) + 1;
    }

    public String source(Node n) {
        return text.substring(begin(n), end(n));
    }

    /** 1-based line holding {@code offset}. */
    public int lineOf(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }

    /** Offset where 1-based {@code line} starts. */
    public int lineStart(int line) {
        return lineStarts[line - 1];
    }

    /** Offset just past the last character of 1-based {@code line}. */
    public int lineEnd(int line) {
        return lineStarts[line] - 1;
    }

    /** Every node whose range covers 1-based {@code line}, outermost first, in source order; found once per line. */
    public List<Node> nodesOn(int line) {
        return onLine.computeIfAbsent(line, l -> {
            List<Node> out = new ArrayList<>();
            collect(unit, l, out);
            return List.copyOf(out);
        });
    }

    private static void collect(Node node, int line, List<Node> out) {
        for (Node child : node.getChildNodes()) {
            if (child.getRange().isPresent() && child.getRange().get().begin.line <= line
                    && child.getRange().get().end.line >= line) {
                out.add(child);
                collect(child, line, out);
            }
        }
    }

    /** The nodes of one kind on {@code line}. */
    public <T extends Node> List<T> nodesOn(int line, Class<T> kind) {
        return nodesOn(line).stream().filter(kind::isInstance).map(kind::cast).toList();
    }
}
