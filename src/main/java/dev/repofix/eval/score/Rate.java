package dev.repofix.eval.score;

/**
 * A share: {@code hits} of {@code n} cases.
 *
 * @param hits cases where it holds
 * @param n    cases where it was measured
 */
public record Rate(int hits, int n) {
    public Rate {
        if (hits < 0 || n < 0 || hits > n) {
            throw new IllegalArgumentException("not a share: " + hits + " of " + n);
        }
    }

    /** hits / n; 0 when nothing was measured. */
    public double share() {
        return n == 0 ? 0 : (double) hits / n;
    }

    static Rate count(Iterable<Boolean> values) {
        int hits = 0;
        int n = 0;
        for (boolean v : values) {
            n++;
            hits += v ? 1 : 0;
        }
        return new Rate(hits, n);
    }
}
