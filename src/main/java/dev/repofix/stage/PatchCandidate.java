package dev.repofix.stage;

import dev.repofix.patch.PatchText;
import java.util.Objects;

/**
 * Stage 3 output: one proposed fix against the workspace, as its text read once where the
 * text entered (see {@link PatchText}).
 *
 * @param id          short id unique within a run, e.g. "c3"
 * @param strategy    what produced it, e.g. "relational-op", "off-by-one", "llm"
 * @param file        the main file it edits (for progress lines), repository-relative
 * @param line        the main line it edits, 1-based
 * @param description one line saying what it changes
 * @param patch       the patch and its text (unified diff with {@code a/} and {@code b/}
 *                    prefixes, or edit blocks); text that is no patch is kept too, the
 *                    validator says it does not apply
 */
public record PatchCandidate(String id, String strategy, String file, int line, String description, PatchText patch) {
    public PatchCandidate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(patch, "patch");
    }

    /** The patch's text exactly as it came, for reports and records. */
    public String diff() {
        return patch.text();
    }
}
