package dev.repofix.stage;

import java.util.Objects;

/**
 * A suspected faulty line.
 *
 * @param file    repository-relative path
 * @param line    1-based line number
 * @param content the line's text as it is in the workspace (without line break)
 * @param score   suspiciousness in [0, 1], higher first
 * @param reason  why this line is suspected, for people
 */
public record Location(String file, int line, String content, double score, String reason) {
    public Location {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(reason, "reason");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
