package dev.repofix.stage;

import java.util.Objects;

/**
 * Stage 1 output: an issue as a developer would file it.
 *
 * @param title       one line
 * @param description what fails and how to reproduce it: untrusted prose (a model's, or the tests' words), which
 *                    reports render escaped, never as Markdown
 * @param explanation why it fails, as far as the answerer can tell; untrusted prose like the description
 * @param bugType     a short class of the bug, e.g. "wrong result", "null dereference"
 */
public record IssueDraft(String title, String description, String explanation, String bugType) {
    public IssueDraft {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(bugType, "bugType");
    }
}
