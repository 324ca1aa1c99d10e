package dev.repofix.eval.cases;

import java.util.Objects;

/**
 * What is wrong with one case, before it is placed in a file: the field in snake_case
 * ({@code patch.source}, {@code fail_to_pass[2]}, empty for the whole case) and why.
 */
record CaseFinding(String field, String why) {
    CaseFinding {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(why, "why");
    }

    @Override
    public String toString() {
        return field.isEmpty() ? why : field + ": " + why;
    }
}
