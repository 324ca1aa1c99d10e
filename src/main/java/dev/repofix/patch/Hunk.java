package dev.repofix.patch;

import java.util.List;

/**
 * A run of context, removed and added lines. {@code oldStart} is the 1-based line the
 * hunk header claims for its first old line (for a hunk with no old lines: the line
 * after which it inserts), or 0 when unknown, as for edit blocks and a bare {@code @@}.
 * Treat it as a hint: models get it wrong. {@code lines} is never null and is copied.
 */
public record Hunk(int oldStart, List<HunkLine> lines) {
    public Hunk {
        if (oldStart < 0) {
            throw new IllegalArgumentException("oldStart must be 0 (unknown) or a 1-based line: " + oldStart);
        }
        lines = List.copyOf(lines);
    }

    /** The lines the file has before the patch: context and removed, in order. */
    public List<String> oldLines() {
        return lines.stream().filter(HunkLine::isOld).map(HunkLine::text).toList();
    }

    /** The lines the file has after the patch: context and added, in order. */
    public List<String> newLines() {
        return lines.stream().filter(HunkLine::isNew).map(HunkLine::text).toList();
    }
}
