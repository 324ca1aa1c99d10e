package dev.repofix.eval.cases;

import java.util.Objects;

/**
 * The issue a benchmark case's bug was reported with, the reference the issue stage is judged against.
 *
 * @param title       one line; never null or blank
 * @param description the whole report; never null or blank
 */
public record ReferenceIssue(String title, String description) {
    public ReferenceIssue {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        if (title.isBlank() || description.isBlank()) {
            throw new IllegalArgumentException("a reference issue needs a title and a description");
        }
    }
}
