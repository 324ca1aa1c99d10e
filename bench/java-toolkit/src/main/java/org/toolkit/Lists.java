package org.toolkit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Small list functions. */
public final class Lists {
    private Lists() {}

    /** Consecutive pieces of at most {@code size} elements. */
    public static List<List<Integer>> chunk(List<Integer> xs, int size) {
        if (size <= 0) {
            throw new IllegalArgumentException("size must be positive");
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < xs.size(); i += size) {
            out.add(xs.subList(i, Math.min(i + size, xs.size())));
        }
        return out;
    }

    /** The elements in first-seen order, each once. */
    public static List<Integer> distinct(List<Integer> xs) {
        return new ArrayList<>(new LinkedHashSet<>(xs));
    }

    /** The index of the largest element, the first one on a tie; -1 when empty. */
    public static int indexOfMax(List<Integer> xs) {
        int best = -1;
        for (int i = 0; i < xs.size(); i++) {
            if (best < 0 || xs.get(i) > xs.get(best)) {
                best = i;
            }
        }
        return best;
    }

    /** The list turned {@code k} places to the left. */
    public static List<Integer> rotateLeft(List<Integer> xs, int k) {
        List<Integer> out = new ArrayList<>();
        int n = xs.size();
        for (int i = 0; i < n; i++) {
            out.add(xs.get((i + k) % n));
        }
        return out;
    }

    /** The sums of every window of {@code width} consecutive elements. */
    public static List<Integer> windowSums(List<Integer> xs, int width) {
        List<Integer> out = new ArrayList<>();
        for (int start = 0; start + width <= xs.size(); start++) {
            int sum = 0;
            for (int j = start; j < start + width; j++) {
                sum += xs.get(j);
            }
            out.add(sum);
        }
        return out;
    }

    /** How many elements lie in [lo, hi]. */
    public static int countBetween(List<Integer> xs, int lo, int hi) {
        int count = 0;
        for (int x : xs) {
            if (x >= lo && x <= hi) {
                count++;
            }
        }
        return count;
    }

    /** Whether the list never goes down. */
    public static boolean isSorted(List<Integer> xs) {
        for (int i = 1; i < xs.size(); i++) {
            if (xs.get(i - 1) > xs.get(i)) {
                return false;
            }
        }
        return true;
    }
}
