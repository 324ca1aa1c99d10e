package dev.repofix.eval.cases;

import java.util.Comparator;
import java.util.Objects;

/**
 * A line of a repository file in a benchmark case: a reference location, or where a bug
 * is made (cause) or surfaces (effect).
 *
 * @param file repository-relative, {@code /}-separated path; never null or blank
 * @param line 1-based line number
 */
public record CaseLine(String file, int line) implements Comparable<CaseLine> {
    private static final Comparator<CaseLine> ORDER = Comparator.comparing(CaseLine::file)
            .thenComparingInt(CaseLine::line);

    public CaseLine {
        Objects.requireNonNull(file, "file");
        if (file.isBlank()) {
            throw new IllegalArgumentException("a case line needs a file");
        }
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + file + ":" + line);
        }
    }

    /** By file, then line. */
    @Override
    public int compareTo(CaseLine other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
