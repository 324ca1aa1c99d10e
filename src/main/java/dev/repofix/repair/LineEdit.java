package dev.repofix.repair;

import java.util.Objects;

/**
 * A proposed change of one line. Never holds nulls.
 *
 * @param line        1-based line number
 * @param replacement the complete new text of the line, indentation included, without terminator
 * @param description what changed, for people, e.g. {@code `<` -> `<=`}
 */
public record LineEdit(int line, String replacement, String description) {
    public LineEdit {
        Objects.requireNonNull(replacement, "replacement");
        Objects.requireNonNull(description, "description");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
    }
}
