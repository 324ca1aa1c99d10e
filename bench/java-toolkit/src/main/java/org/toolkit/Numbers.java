package org.toolkit;

/** Integer arithmetic. */
public final class Numbers {
    private Numbers() {}

    /** Greatest common divisor of two non-negative numbers. */
    public static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** Least common multiple; 0 when either is 0. */
    public static int lcm(int a, int b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        return a / gcd(a, b) * b;
    }

    /** Whether {@code n} is prime. */
    public static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code v} kept within [lo, hi]. */
    public static int clamp(int v, int lo, int hi) {
        if (v < lo) {
            return lo;
        }
        if (v > hi) {
            return hi;
        }
        return v;
    }

    /** The sum of the decimal digits of a non-negative number. */
    public static int digitSum(int n) {
        int sum = 0;
        while (n > 0) {
            sum += n % 10;
            n /= 10;
        }
        return sum;
    }

    /** {@code base} to the power {@code exp} (exp >= 0). */
    public static long power(long base, int exp) {
        long result = 1;
        for (int i = 0; i < exp; i++) {
            result *= base;
        }
        return result;
    }

    /** The mean of the values, rounded down; 0 for none. */
    public static int average(int[] values) {
        if (values.length == 0) {
            return 0;
        }
        int sum = 0;
        for (int v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
