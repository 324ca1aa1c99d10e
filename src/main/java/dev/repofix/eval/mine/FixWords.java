package dev.repofix.eval.mine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a commit a fix when mining a history: its message, or the issue it closes,
 * says "bug", "fix" or "fixed" as a word (with "bugs" and "fixes"), and the issue numbers
 * a message closes, by GitHub's closing keywords ({@code fixes #12}, {@code closes #3}).
 * Pure.
 */
final class FixWords {
    private static final Pattern WORD = Pattern.compile("(?i)(?<![\\p{L}\\p{N}_])(bugs?|fix|fixes|fixed)"
            + "(?![\\p{L}\\p{N}_])");
    private static final Pattern CLOSES = Pattern.compile("(?i)(?<![\\p{L}\\p{N}_])(close[sd]?|fix(e[sd])?"
            + "|resolve[sd]?)\\s*:?\\s+#(\\d{1,9})(?!\\d)");

    private FixWords() {}

    /** Whether {@code text} has one of the words, not as part of a longer word ("prefix", "debug"). */
    static boolean saysFix(String text) {
        return WORD.matcher(text).find();
    }

    /** The numbers of the issues {@code message} closes, in order, each once. */
    static List<Integer> closedIssues(String message) {
        List<Integer> out = new ArrayList<>();
        Matcher m = CLOSES.matcher(message);
        while (m.find()) {
            int n = Integer.parseInt(m.group(3));
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /** Whether a label names a bug: {@code bug}, {@code type: bug}, {@code kind/bug}, {@code Bug report}. */
    static boolean bugLabel(String label) {
        return label.toLowerCase(java.util.Locale.ROOT).matches(".*(?<![a-z])bugs?(?![a-z]).*");
    }
}
