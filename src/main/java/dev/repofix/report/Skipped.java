package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.util.Objects;

/**
 * A publisher left out on purpose (a fork's read-only token, no token): publishing it
 * only says why, as a notice or a warning.
 */
record Skipped(String what, Publication because) implements Publisher {
    Skipped {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(because, "because");
    }

    @Override
    public Publication publish(RunResult result) {
        return because;
    }
}
