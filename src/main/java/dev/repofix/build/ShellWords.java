package dev.repofix.build;

import java.util.regex.Pattern;

/** Quoting for POSIX {@code sh}, so a command shown to people reads as they would type it. */
final class ShellWords {
    /** Characters that mean nothing to {@code sh} anywhere in a word ({@code #} only starts a comment). */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./#-]+");

    private ShellWords() {}

    /**
     * {@code word} as one shell word: unchanged when the shell would take it literally,
     * else in single quotes (an inner {@code '} written as {@code '\''}).
     */
    static String quote(String word) {
        if (PLAIN.matcher(word).matches() && !word.startsWith("#")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
