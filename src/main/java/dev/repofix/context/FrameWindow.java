package dev.repofix.context;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines shown around a stack-frame line: a fixed margin either side, widened to the
 * enclosing function when that function is short enough to be cheap. The function is
 * found by indentation and braces, not by parsing, so it works across languages and
 * simply falls back to the margin when unsure.
 */
final class FrameWindow {
    static final int MARGIN = 20;
    /** Longer functions are not shown whole: the margin already holds the failing line's surroundings. */
    static final int MAX_FUNCTION_LINES = 80;

    private static final Pattern CONTROL = Pattern.compile(
            "\\s*(}\\s*)?(if|else|for|while|do|switch|catch|try|finally|synchronized|return|with|elif|except)\\b.*");
    private static final Pattern PYTHON_DEF = Pattern.compile("\\s*(async\\s+)?def\\s+\\w+.*");

    private FrameWindow() {}

    /** The 1-based inclusive range {@code [start, end]} to show for {@code line} of {@code lines}. */
    static int[] around(List<String> lines, int line) {
        int focus = Math.min(Math.max(line, 1), lines.size());
        int start = Math.max(1, focus - MARGIN);
        int end = Math.min(lines.size(), focus + MARGIN);
        int[] function = enclosingFunction(lines, focus);
        if (function != null && function[1] - function[0] < MAX_FUNCTION_LINES) {
            start = Math.min(start, function[0]);
            end = Math.max(end, function[1]);
        }
        return new int[] {start, end};
    }

    /** The enclosing function's first and last line, or null when not found within reach. */
    static int[] enclosingFunction(List<String> lines, int focus) {
        int focusIndent = indent(lines.get(focus - 1));
        for (int i = focus; i >= Math.max(1, focus - MAX_FUNCTION_LINES); i--) {
            String text = lines.get(i - 1);
            if (text.isBlank() || (indent(text) >= focusIndent && i != focus)) {
                continue;
            }
            if (PYTHON_DEF.matcher(text).matches()) {
                return new int[] {i, pythonEnd(lines, i)};
            }
            if (isBraceDeclaration(text) && !CONTROL.matcher(text).matches()) {
                int end = braceEnd(lines, i);
                return end < 0 || end < focus ? null : new int[] {i, end};
            }
        }
        return null;
    }

    /**
     * Whether {@code text} reads as a declaration that opens a brace body: a name and "(", a
     * later ")" with no ";" or "=" between it and a "{" that only white space or a "//"
     * comment follows. What {@code .*\\w\\s*\\(.*\\)[^;=]*\\{\\s*(//.*)?} matched, in one pass:
     * that pattern backtracked cubically and took minutes on a line of 10,000 characters.
     */
    static boolean isBraceDeclaration(String text) {
        int call = firstCallParen(text);
        if (call < 0) {
            return false;
        }
        int close = -1; // the last ")" with no ";" or "=" after it so far
        for (int i = call + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ')') {
                close = i;
            } else if (c == ';' || c == '=') {
                close = -1;
            } else if (c == '{' && close >= 0 && onlyCommentFollows(text, i + 1)) {
                return true;
            }
        }
        return false;
    }

    /** The first "(" that a word character and white space precede, or -1. */
    private static int firstCallParen(String text) {
        for (int i = text.indexOf('('); i >= 0; i = text.indexOf('(', i + 1)) {
            int before = i - 1;
            while (before >= 0 && isSpace(text.charAt(before))) {
                before--;
            }
            if (before >= 0 && isWordChar(text.charAt(before))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean onlyCommentFollows(String text, int from) {
        int i = from;
        while (i < text.length() && isSpace(text.charAt(i))) {
            i++;
        }
        return i == text.length() || text.startsWith("//", i);
    }

    /** {@code \\s} of java.util.regex. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** {@code \\w} of java.util.regex. */
    private static boolean isWordChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private static int pythonEnd(List<String> lines, int def) {
        int defIndent = indent(lines.get(def - 1));
        int last = def;
        for (int i = def + 1; i <= lines.size() && i - def <= MAX_FUNCTION_LINES; i++) {
            String text = lines.get(i - 1);
            if (!text.isBlank()) {
                if (indent(text) <= defIndent) {
                    break;
                }
                last = i;
            }
        }
        return last;
    }

    /** The line whose closing brace balances the declaration's opening one, or -1. */
    private static int braceEnd(List<String> lines, int declaration) {
        int depth = 0;
        for (int i = declaration; i <= lines.size() && i - declaration <= MAX_FUNCTION_LINES; i++) {
            for (char c : lines.get(i - 1).toCharArray()) {
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            }
            if (depth <= 0) {
                return i;
            }
        }
        return -1;
    }

    private static int indent(String text) {
        int n = 0;
        while (n < text.length() && Character.isWhitespace(text.charAt(n))) {
            n++;
        }
        return n;
    }
}
