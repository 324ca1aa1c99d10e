package org.toolkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A few small text formats. */
public final class Parser {
    private Parser() {}

    /** "1, 2,3" to [1, 2, 3]; an empty text is an empty list. */
    public static List<Integer> intList(String text) {
        List<Integer> out = new ArrayList<>();
        if (text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            out.add(Integer.parseInt(part.trim()));
        }
        return out;
    }

    /** "a=1;b=2" to {a=1, b=2}; a pair without '=' is an error. */
    public static Map<String, String> pairs(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("no '=' in " + pair);
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return out;
    }

    /** The value of integers joined by + and -, left to right: "10-3+2" is 9. */
    public static int sum(String expression) {
        int total = 0;
        int sign = 1;
        int i = 0;
        while (i < expression.length()) {
            char c = expression.charAt(i);
            if (c == '+' || c == '-') {
                sign = c == '-' ? -1 : 1;
                i++;
            } else {
                int j = i;
                while (j < expression.length() && Character.isDigit(expression.charAt(j))) {
                    j++;
                }
                total += sign * Integer.parseInt(expression.substring(i, j));
                i = j;
            }
        }
        return total;
    }

    /** Whether every bracket of ()[] is closed in order. */
    public static boolean balanced(String text) {
        StringBuilder open = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '(' || c == '[') {
                open.append(c);
            } else if (c == ')' || c == ']') {
                if (open.length() == 0) {
                    return false;
                }
                char last = open.charAt(open.length() - 1);
                if ((c == ')') != (last == '(')) {
                    return false;
                }
                open.setLength(open.length() - 1);
            }
        }
        return open.length() == 0;
    }
}
