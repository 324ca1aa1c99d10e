package dev.repofix.stage;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Finds where a JSON value that starts at a brace or bracket ends, the way a lenient
 * reader sees it: strings in double or single quotes (with escapes) and {@code //} or
 * block comments do not count. Pure.
 */
final class JsonSpans {
    private JsonSpans() {}

    /** The index of the bracket that closes the one at {@code start}, or -1 when none does. */
    static int end(String text, int start) {
        Deque<Character> closers = new ArrayDeque<>();
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                i = stringEnd(text, i, c);
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                i = indexOrEnd(text, "\n", i);
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                i = indexOrEnd(text, "*/", i + 2) + 1;
            } else if (c == '{' || c == '[') {
                closers.push(c == '{' ? '}' : ']');
            } else if (c == '}' || c == ']') {
                if (closers.isEmpty() || closers.pop() != c) {
                    return -1;
                }
                if (closers.isEmpty()) {
                    return i;
                }
            }
            if (i < 0) {
                return -1;
            }
            i++;
        }
        return -1;
    }

    /** The index of the quote closing the string opened at {@code open}, or -1. */
    private static int stringEnd(String text, int open, char quote) {
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOrEnd(String text, String token, int from) {
        int at = text.indexOf(token, from);
        return at < 0 ? text.length() : at;
    }
}
