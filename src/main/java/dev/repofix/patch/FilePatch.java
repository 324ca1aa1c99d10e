package dev.repofix.patch;

import java.util.List;
import java.util.Objects;

/**
 * The changes to one file. {@code path} is repository-relative and {@code /}-separated,
 * without {@code a/} or {@code b/} prefixes; it is not yet checked for safety (the
 * applier does that). {@code finalNewline} records a {@code \ No newline at end of file}
 * marker. No component is null; {@code hunks} is copied.
 */
public record FilePatch(String path, ChangeKind kind, List<Hunk> hunks, FinalNewline finalNewline) {
    /** Whether the file ends with a line separator after the patch. */
    public enum FinalNewline {
        /** The patch does not say: the file keeps its own (a new file gets one). */
        KEEP,
        /** The old file had none and the new one has one. */
        ADD,
        /** The new file ends without one. */
        REMOVE
    }

    public FilePatch {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(finalNewline, "finalNewline");
        if (path.isBlank()) {
            throw new IllegalArgumentException("a file patch needs a path");
        }
        hunks = List.copyOf(hunks);
    }

    /** A file patch that leaves the final newline as the file has it. */
    public FilePatch(String path, ChangeKind kind, List<Hunk> hunks) {
        this(path, kind, hunks, FinalNewline.KEEP);
    }
}
