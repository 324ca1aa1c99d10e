package dev.repofix.repair.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A source file split into lines (without terminators) and lexed once as a whole, so that
 * each line knows which columns are code and which lie inside literals or comments, even
 * when a block comment or text block started lines earlier. Immutable; never holds nulls.
 */
public final class SourceFile {
    private final String path;
    private final SourceLanguage language;
    private final List<String> lines;
    private final List<ColumnKind[]> columns;
    private final List<List<Token>> tokens;

    private SourceFile(String path, SourceLanguage language, String content) {
        this.path = Objects.requireNonNull(path, "path");
        this.language = Objects.requireNonNull(language, "language");
        this.lines = splitLines(Objects.requireNonNull(content, "content"));
        this.columns = ColumnScanner.scan(lines, Dialect.of(path, language));
        List<List<Token>> lexed = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            lexed.add(LineLexer.tokenize(lines.get(i), columns.get(i), language));
        }
        this.tokens = List.copyOf(lexed);
    }

    /**
     * A file whose language follows from its extension.
     *
     * @throws IllegalArgumentException when {@link SourceLanguage#forPath} does not know the extension
     */
    public static SourceFile of(String path, String content) {
        Objects.requireNonNull(path, "path");
        SourceLanguage language = SourceLanguage.forPath(path).orElseThrow(() -> new IllegalArgumentException(
                "no fix templates for '" + path + "': its extension is not a supported source language;"
                        + " pass the language explicitly if it is one"));
        return new SourceFile(path, language, content);
    }

    /** A file lexed as {@code language} whatever its extension says. */
    public static SourceFile of(String path, SourceLanguage language, String content) {
        return new SourceFile(path, language, content);
    }

    public String path() {
        return path;
    }

    public SourceLanguage language() {
        return language;
    }

    /** Number of lines; a final line terminator does not start another line. */
    public int lineCount() {
        return lines.size();
    }

    /** The text of 1-based line {@code line}, without its terminator. */
    public String line(int line) {
        return lines.get(index(line));
    }

    /** The tokens of the code on 1-based line {@code line}, in column order; empty for blank and comment-only lines. */
    public List<Token> tokens(int line) {
        return tokens.get(index(line));
    }

    /** Whether 0-based {@code column} of 1-based {@code line} is code; false past the line's end. */
    public boolean isCode(int line, int column) {
        ColumnKind[] kinds = columns.get(index(line));
        return column >= 0 && column < kinds.length && kinds[column] == ColumnKind.CODE;
    }

    private int index(int line) {
        if (line < 1 || line > lines.size()) {
            throw new IllegalArgumentException("line " + line + " is out of range for " + path + ": it has "
                    + lines.size() + (lines.size() == 1 ? " line" : " lines") + " (numbered from 1)");
        }
        return line - 1;
    }

    /** Splits at \n, \r\n and \r. */
    public static List<String> splitLines(String content) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(content.substring(start, i));
                if (c == '\r' && i + 1 < content.length() && content.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < content.length()) {
            lines.add(content.substring(start));
        }
        return List.copyOf(lines);
    }
}
