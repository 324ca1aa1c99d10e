package dev.repofix.eval.cases;

import java.util.Objects;

/**
 * One thing wrong with a case file, where it is and why.
 *
 * @param file  the file's name as the user gave it; never null
 * @param line  1-based line of the case in the file
 * @param field the JSON field in snake_case ({@code patch.source}, {@code fail_to_pass[2]}), or empty for
 *              the whole line; never null
 * @param why   what is wrong and, where it helps, what to do; never null
 */
public record CaseProblem(String file, int line, String field, String why) {
    public CaseProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(why, "why");
    }

    /** {@code cases.jsonl:3: fail_to_pass: must list at least one test}. */
    @Override
    public String toString() {
        return file + ":" + line + ": " + (field.isEmpty() ? "" : field + ": ") + why;
    }
}
