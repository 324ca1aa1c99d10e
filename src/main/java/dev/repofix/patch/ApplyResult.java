package dev.repofix.patch;

import java.util.List;
import java.util.Objects;

/** Whether a patch applied. Closed: switch over it exhaustively. */
public sealed interface ApplyResult {
    /**
     * Every hunk applied; {@code files} are the repository-relative paths changed, each
     * once, in patch order; {@code placements} say where and how each hunk applied.
     * Neither is null; both are copied.
     */
    record Applied(List<String> files, List<HunkPlacement> placements) implements ApplyResult {
        public Applied {
            files = List.copyOf(files);
            placements = List.copyOf(placements);
        }

        /** An outcome with no placements recorded, as a fake applier in a test returns. */
        public Applied(List<String> files) {
            this(files, List.of());
        }
    }

    /** Nothing was written; {@code reason} says which file or hunk failed and why. */
    record NotApplied(String reason) implements ApplyResult {
        public NotApplied {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
