package dev.repofix.eval.score;

import java.util.OptionalDouble;
import org.apache.commons.statistics.distribution.TDistribution;

/** Pearson's product-moment correlation with its two-sided p-value. */
public final class Pearson {
    private Pearson() {}

    /**
     * r between {@code xs} and {@code ys} (same length), and the p-value of the null
     * hypothesis r = 0: t = r sqrt((n - 2) / (1 - r^2)) against Student's t with n - 2
     * degrees of freedom, both tails. Not defined for fewer than 3 pairs (no degrees of
     * freedom) or when a variable is constant (no variance): the reason says which.
     */
    public static Correlation of(String xName, double[] xs, String yName, double[] ys) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("paired samples differ in length: " + xs.length + " and " + ys.length);
        }
        int n = xs.length;
        if (n < 3) {
            return undefined(xName, yName, n, "n = " + n + " < 3");
        }
        double mx = mean(xs);
        double my = mean(ys);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (xs[i] - mx) * (ys[i] - my);
            sxx += (xs[i] - mx) * (xs[i] - mx);
            syy += (ys[i] - my) * (ys[i] - my);
        }
        if (sxx == 0) {
            return undefined(xName, yName, n, xName + " is constant");
        }
        if (syy == 0) {
            return undefined(xName, yName, n, yName + " is constant");
        }
        double r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
        return new Correlation(xName, yName, n, OptionalDouble.of(r), OptionalDouble.of(pValue(r, n)), "");
    }

    /** Two-sided p-value of r over n pairs; 0 for a perfect correlation. */
    static double pValue(double r, int n) {
        if (Math.abs(r) >= 1) {
            return 0;
        }
        double t = Math.abs(r) * Math.sqrt((n - 2) / (1 - r * r));
        return 2 * TDistribution.of(n - 2).survivalProbability(t);
    }

    private static Correlation undefined(String x, String y, int n, String reason) {
        return new Correlation(x, y, n, OptionalDouble.empty(), OptionalDouble.empty(), reason);
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double d : v) {
            sum += d;
        }
        return sum / v.length;
    }
}
