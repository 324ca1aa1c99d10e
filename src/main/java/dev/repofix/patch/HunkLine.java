package dev.repofix.patch;

import java.util.Objects;

/**
 * One line of a hunk body, without its {@code ' '}, {@code '-'} or {@code '+'} marker
 * and without a line separator. Neither component is null.
 */
public record HunkLine(Kind kind, String text) {
    /** Whether the line is kept, removed or added. */
    public enum Kind { CONTEXT, REMOVE, ADD }

    public HunkLine {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a hunk line holds no line separator: " + text);
        }
    }

    static HunkLine context(String text) {
        return new HunkLine(Kind.CONTEXT, text);
    }

    static HunkLine remove(String text) {
        return new HunkLine(Kind.REMOVE, text);
    }

    static HunkLine add(String text) {
        return new HunkLine(Kind.ADD, text);
    }

    /** Whether the line is in the file before the patch (context or removed). */
    boolean isOld() {
        return kind != Kind.ADD;
    }

    /** Whether the line is in the file after the patch (context or added). */
    boolean isNew() {
        return kind != Kind.REMOVE;
    }
}
