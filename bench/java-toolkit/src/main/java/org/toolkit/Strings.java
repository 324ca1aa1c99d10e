package org.toolkit;

/** Small string functions. */
public final class Strings {
    private Strings() {}

    /** The first letter upper case, the rest as it was. */
    public static String capitalize(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Whether {@code s} reads the same backwards, ignoring case. */
    public static boolean isPalindrome(String s) {
        String t = s.toLowerCase();
        int i = 0;
        int j = t.length() - 1;
        while (i < j) {
            if (t.charAt(i) != t.charAt(j)) {
                return false;
            }
            i++;
            j--;
        }
        return true;
    }

    /** How many of a, e, i, o, u (either case) {@code s} holds. */
    public static int countVowels(String s) {
        int n = 0;
        for (char c : s.toLowerCase().toCharArray()) {
            if ("aeiou".indexOf(c) >= 0) {
                n++;
            }
        }
        return n;
    }

    /** {@code s} with {@code fill} before it up to {@code width} characters. */
    public static String padLeft(String s, int width, char fill) {
        StringBuilder b = new StringBuilder();
        for (int i = s.length(); i < width; i++) {
            b.append(fill);
        }
        return b.append(s).toString();
    }

    /** The words in reverse order, one space apart. */
    public static String reverseWords(String s) {
        String[] words = s.trim().split("\\s+");
        StringBuilder b = new StringBuilder();
        for (int i = words.length - 1; i >= 0; i--) {
            b.append(words[i]);
            if (i > 0) {
                b.append(' ');
            }
        }
        return b.toString();
    }

    /** At most {@code max} characters; a cut string ends with "...", counted in {@code max}. */
    public static String truncate(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        return s.substring(0, max - 3) + "...";
    }

    /** Runs of a repeated character written as the character and its count: "aaab" is "a3b1". */
    public static String runLength(String s) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && s.charAt(j) == s.charAt(i)) {
                j++;
            }
            b.append(s.charAt(i)).append(j - i);
            i = j;
        }
        return b.toString();
    }
}
