package dev.repofix.repair.templates;

import java.util.List;
import java.util.Objects;

/**
 * A proposed change of one line, or of a few consecutive lines. Never holds nulls.
 *
 * @param line        1-based first line replaced
 * @param lastLine    1-based last line replaced, {@code >= line}; equal to {@code line} for a one-line edit
 * @param replacement the complete new text of those lines, indentation included, lines joined by
 *                    {@code \n}, without a final terminator; empty when the lines are removed
 * @param description what changed, for people, e.g. {@code `<` -> `<=`}
 */
public record LineEdit(int line, int lastLine, String replacement, String description) {
    public LineEdit {
        Objects.requireNonNull(replacement, "replacement");
        Objects.requireNonNull(description, "description");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
        if (lastLine < line) {
            throw new IllegalArgumentException("lastLine " + lastLine + " is before line " + line);
        }
    }

    /** A change of one line. */
    public LineEdit(int line, String replacement, String description) {
        this(line, line, replacement, description);
    }

    /** The lines that take the place of {@code line..lastLine}: none for a removal. */
    public List<String> newLines() {
        return replacement.isEmpty() ? List.of() : List.of(replacement.split("\n", -1));
    }
}
