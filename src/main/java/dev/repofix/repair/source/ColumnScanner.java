package dev.repofix.repair.source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Marks every column of a file as code, literal or comment. Scans the whole file in order
 * because block comments, text blocks and triple-quoted strings carry over line ends.
 */
final class ColumnScanner {
    /** A rest-of-line comment: no closing delimiter. */
    private static final Literal LINE_COMMENT = new Literal(ColumnKind.COMMENT, null, false, false);
    private static final Literal BLOCK_COMMENT = new Literal(ColumnKind.COMMENT, "*/", false, true);

    private final Dialect dialect;
    /** The literal or comment still open at the end of the previous line, or null. */
    private Literal open;

    /**
     * A literal or comment that has been opened and waits for its closing delimiter.
     *
     * @param closer     the closing delimiter, or null when it runs to the end of the line
     * @param escapes    a backslash makes the next character part of the literal
     * @param spansLines it stays open past a line end (otherwise only after a trailing backslash)
     */
    private record Literal(ColumnKind kind, String closer, boolean escapes, boolean spansLines) {}

    /** A literal starting at some column, and how many columns its opening delimiter takes. */
    private record Opening(Literal literal, int length) {}

    private ColumnScanner(Dialect dialect) {
        this.dialect = dialect;
    }

    static List<ColumnKind[]> scan(List<String> lines, Dialect dialect) {
        ColumnScanner scanner = new ColumnScanner(dialect);
        List<ColumnKind[]> kinds = new ArrayList<>(lines.size());
        for (String line : lines) {
            kinds.add(scanner.scanLine(line));
        }
        return kinds;
    }

    private ColumnKind[] scanLine(String line) {
        ColumnKind[] kinds = new ColumnKind[line.length()];
        int i = open == null ? 0 : finishLiteral(line, 0, kinds);
        while (i < line.length()) {
            Opening opening = dialect.language() == SourceLanguage.PYTHON ? pythonOpening(line, i) : cLikeOpening(line, i);
            if (opening == null) {
                kinds[i++] = ColumnKind.CODE;
                continue;
            }
            Arrays.fill(kinds, i, i + opening.length(), opening.literal().kind());
            open = opening.literal();
            i = finishLiteral(line, i + opening.length(), kinds);
        }
        return kinds;
    }

    /** Marks the open literal's columns from {@code from} up to its closer; returns the column after it. */
    private int finishLiteral(String line, int from, ColumnKind[] kinds) {
        Literal literal = open;
        boolean continued = false;
        int i = from;
        while (i < line.length()) {
            if (literal.closer() != null && line.startsWith(literal.closer(), i)) {
                int end = i + literal.closer().length();
                Arrays.fill(kinds, i, end, literal.kind());
                open = null;
                return end;
            }
            int width = literal.escapes() && line.charAt(i) == '\\' ? Math.min(2, line.length() - i) : 1;
            continued = width == 1 && literal.escapes() && line.charAt(i) == '\\';
            Arrays.fill(kinds, i, i + width, literal.kind());
            i += width;
        }
        if (literal.closer() == null || !(literal.spansLines() || continued)) {
            open = null;
        }
        return line.length();
    }

    private Opening cLikeOpening(String line, int i) {
        char c = line.charAt(i);
        if (line.startsWith("//", i)) {
            return new Opening(LINE_COMMENT, 2);
        }
        if (line.startsWith("/*", i)) {
            return new Opening(BLOCK_COMMENT, 2);
        }
        if (line.startsWith("\"\"\"", i)) {
            return new Opening(new Literal(ColumnKind.STRING, "\"\"\"", true, true), 3);
        }
        return switch (c) {
            case '"' -> new Opening(new Literal(ColumnKind.STRING, "\"", true, dialect.rustStrings()), 1);
            case '`' -> new Opening(new Literal(ColumnKind.STRING, "`", dialect.backtickEscapes(), true), 1);
            case '\'' -> singleQuoteOpening(line, i);
            default -> dialect.rustStrings() && startsWord(line, i) ? rustRawStringOpening(line, i) : null;
        };
    }

    /** A char literal is an escape or exactly one code point; otherwise the quote is code (a Rust lifetime). */
    private Opening singleQuoteOpening(String line, int i) {
        Opening literal = new Opening(new Literal(ColumnKind.STRING, "'", true, false), 1);
        if (dialect.singleQuoteStrings() || (i + 1 < line.length() && line.charAt(i + 1) == '\\')) {
            return literal;
        }
        if (i + 1 >= line.length()) {
            return null;
        }
        int codePoint = line.codePointAt(i + 1);
        int after = i + 1 + Character.charCount(codePoint);
        return codePoint != '\'' && after < line.length() && line.charAt(after) == '\'' ? literal : null;
    }

    /** {@code r"..."}, {@code r#"..."#}, {@code br"..."}: no escapes, closed by a quote and as many hashes. */
    private static Opening rustRawStringOpening(String line, int i) {
        int j = i;
        if (j < line.length() && (line.charAt(j) == 'b' || line.charAt(j) == 'c')) {
            j++;
        }
        if (j >= line.length() || line.charAt(j) != 'r') {
            return null;
        }
        int hashes = ++j;
        while (j < line.length() && line.charAt(j) == '#') {
            j++;
        }
        if (j >= line.length() || line.charAt(j) != '"') {
            return null;
        }
        String closer = "\"" + "#".repeat(j - hashes);
        return new Opening(new Literal(ColumnKind.STRING, closer, false, true), j + 1 - i);
    }

    private static Opening pythonOpening(String line, int i) {
        if (line.charAt(i) == '#') {
            return new Opening(LINE_COMMENT, 1);
        }
        int quote = i;
        if (startsWord(line, i)) {
            // String prefixes such as r, b, f, rb, Rb, fr: at most two letters right before the quote.
            while (quote < line.length() && quote - i < 2 && "rRbBfFuUtT".indexOf(line.charAt(quote)) >= 0) {
                quote++;
            }
        }
        if (quote >= line.length() || (line.charAt(quote) != '"' && line.charAt(quote) != '\'')) {
            return null;
        }
        String triple = String.valueOf(line.charAt(quote)).repeat(3);
        if (line.startsWith(triple, quote)) {
            return new Opening(new Literal(ColumnKind.STRING, triple, true, true), quote - i + 3);
        }
        return new Opening(new Literal(ColumnKind.STRING, triple.substring(2), true, false), quote - i + 1);
    }

    private static boolean startsWord(String line, int i) {
        return i == 0 || !Character.isJavaIdentifierPart(line.charAt(i - 1));
    }
}
