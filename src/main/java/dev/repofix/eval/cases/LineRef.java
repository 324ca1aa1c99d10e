package dev.repofix.eval.cases;

import java.util.Objects;

/**
 * One line of one file, as the benchmark compares them: a reference location or a predicted one.
 *
 * @param file repository-relative path, forward slashes
 * @param line 1-based line number
 */
public record LineRef(String file, int line) {
    public LineRef {
        Objects.requireNonNull(file, "file");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + file + ":" + line);
        }
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
