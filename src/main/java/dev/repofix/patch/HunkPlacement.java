package dev.repofix.patch;

import java.util.Objects;

/**
 * Where one hunk applied, for reports. {@code hunk} counts the hunks of {@code file}
 * from 1 across the whole patch; {@code line} is the 1-based line of the file (as it
 * was when the hunk applied) where its first matched old line stood, or where its
 * lines were inserted; {@code offset} is {@code line} minus the line the header
 * claimed (0 when it claimed none). {@code file} and {@code placement} are never null.
 */
public record HunkPlacement(String file, int hunk, Placement placement, int line, int offset) {
    public HunkPlacement {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(placement, "placement");
    }
}
