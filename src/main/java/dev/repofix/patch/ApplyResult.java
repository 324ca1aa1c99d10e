package dev.repofix.patch;

import java.util.List;
import java.util.Objects;

/** Whether a patch applied. Closed: switch over it exhaustively. */
public sealed interface ApplyResult {
    /** Every hunk applied; {@code files} are the repository-relative paths changed. */
    record Applied(List<String> files) implements ApplyResult {
        public Applied {
            files = List.copyOf(files);
        }
    }

    /** Nothing was written; {@code reason} says which file or hunk failed and why. */
    record NotApplied(String reason) implements ApplyResult {
        public NotApplied {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
