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
    private static final Pattern BRACE_DECLARATION = Pattern.compile(".*\\w\\s*\\(.*\\)[^;=]*\\{\\s*(//.*)?");
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
            if (BRACE_DECLARATION.matcher(text).matches() && !CONTROL.matcher(text).matches()) {
                int end = braceEnd(lines, i);
                return end < 0 || end < focus ? null : new int[] {i, end};
            }
        }
        return null;
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
