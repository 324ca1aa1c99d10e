package dev.repofix.stage;

import java.util.Objects;

/**
 * Stage 3 output: one proposed fix as a unified diff against the workspace.
 *
 * @param id          short id unique within a run, e.g. "c3"
 * @param strategy    what produced it, e.g. "relational-op", "off-by-one", "llm"
 * @param file        the main file it edits (for progress lines), repository-relative
 * @param line        the main line it edits, 1-based
 * @param description one line saying what it changes
 * @param diff        unified diff with {@code a/} and {@code b/} prefixes
 */
public record PatchCandidate(String id, String strategy, String file, int line, String description, String diff) {
    public PatchCandidate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(diff, "diff");
    }
}
