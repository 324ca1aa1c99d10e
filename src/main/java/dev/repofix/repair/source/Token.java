package dev.repofix.repair.source;

import java.util.Objects;

/**
 * One lexical token of a line's code columns. Columns are 0-based character offsets into
 * the line, {@code start} inclusive and {@code end} exclusive. Comments yield no tokens; the
 * part of a string or char literal that lies on a line is one {@link Kind#STRING} token. Never holds nulls.
 */
public record Token(Kind kind, String text, int start, int end) {
    public Token {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
        if (start < 0 || end - start != text.length()) {
            throw new IllegalArgumentException("token '" + text + "' cannot span columns " + start + ".." + end);
        }
    }

    /** What a token is, as far as the fix templates care. */
    public enum Kind {
        IDENTIFIER,
        NUMBER,
        OPERATOR,
        /** {@code ( [ {} */
        OPEN,
        /** {@code ) ] }} */
        CLOSE,
        /** A string or char literal, or the part of it on this line. */
        STRING,
        /** Separators such as {@code , ;} and characters no other kind covers. */
        OTHER
    }

    public boolean is(Kind expected, String expectedText) {
        return kind == expected && text.equals(expectedText);
    }

    public boolean isOperator(String expectedText) {
        return is(Kind.OPERATOR, expectedText);
    }
}
