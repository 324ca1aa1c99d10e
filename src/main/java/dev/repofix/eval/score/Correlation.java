package dev.repofix.eval.score;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Pearson's r between two variables over the cases where both are known, with its
 * two-sided p-value; or why there is none.
 *
 * @param x      the first variable's name
 * @param y      the second variable's name
 * @param n      the number of cases both are known for
 * @param r      the correlation; empty when not defined
 * @param p      the two-sided p-value of r = 0 (t distribution, n - 2 degrees of freedom); empty with r
 * @param reason why r is not defined ("n < 3", "x is constant"); empty when it is
 */
public record Correlation(String x, String y, int n, OptionalDouble r, OptionalDouble p, String reason) {
    public Correlation {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        Objects.requireNonNull(r, "r");
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(reason, "reason");
        if (r.isPresent() == !reason.isEmpty()) {
            throw new IllegalArgumentException("a correlation has either a value or a reason why not");
        }
    }
}
