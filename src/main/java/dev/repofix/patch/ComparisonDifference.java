package dev.repofix.patch;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where two patches that pass the same tests can behave differently, when that follows from
 * their text alone: both change the same line and their results differ in one comparison
 * operator between the same operands ({@code amount < 0} and {@code amount <= 0}). Two such
 * comparisons disagree only where their operands stand in the relation that one holds and
 * the other does not ({@code amount == 0}); a test with such an input tells the patches
 * apart. Anything else (two edits of different shape) gives nothing: no guess is made.
 */
public final class ComparisonDifference {
    private enum Order { LT, EQ, GT }

    private static final Map<String, Set<Order>> HOLDS = Map.of(
            "<", EnumSet.of(Order.LT), "<=", EnumSet.of(Order.LT, Order.EQ), ">", EnumSet.of(Order.GT),
            ">=", EnumSet.of(Order.GT, Order.EQ), "==", EnumSet.of(Order.EQ), "!=", EnumSet.of(Order.LT, Order.GT));
    /** String literals as unrolled possessive loops: an alternation under {@code *} recurses per character. */
    private static final Pattern TOKEN = Pattern.compile(
            "\"[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+\"|'[^'\\\\]*+(?:\\\\.[^'\\\\]*+)*+'|[A-Za-z_$][A-Za-z0-9_$]*|\\d[\\w.]*"
                    + "|<=|>=|==|!=|&&|\\|\\||->|::|[^\\s\\w]");
    /** Tokens an operand never spans: where the expression around the comparison begins or ends. */
    private static final Set<String> BOUNDARIES = Set.of(",", ";", "{", "}", "?", ":", "&&", "||", "and", "or", "not",
            "!", "=", "return", "if", "elif", "while", "assert", "yield", "lambda", "else", "->", "<", "<=", ">", ">=",
            "==", "!=", "in", "is", "+=", "-=");

    private ComparisonDifference() {}

    /**
     * The condition under which the result of {@code fix} and {@code other} (unified diffs)
     * can differ, such as {@code amount == 0}; empty when their text does not say, or when
     * they are opposites that differ on every input.
     */
    public static Optional<String> between(String fix, String other) {
        Optional<String[]> a = oneLineChange(fix);
        Optional<String[]> b = oneLineChange(other);
        if (a.isEmpty() || b.isEmpty() || !a.get()[0].equals(b.get()[0])) {
            return Optional.empty();
        }
        List<String> x = tokens(a.get()[1]);
        List<String> y = tokens(b.get()[1]);
        if (x.size() != y.size()) {
            return Optional.empty();
        }
        int at = -1;
        for (int i = 0; i < x.size(); i++) {
            if (!x.get(i).equals(y.get(i))) {
                if (at >= 0) {
                    return Optional.empty();
                }
                at = i;
            }
        }
        if (at < 0 || !HOLDS.containsKey(x.get(at)) || !HOLDS.containsKey(y.get(at))) {
            return Optional.empty();
        }
        Optional<String> left = operand(x, at, -1);
        Optional<String> right = operand(x, at, +1);
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        Set<Order> differ = EnumSet.copyOf(HOLDS.get(x.get(at)));
        differ.addAll(HOLDS.get(y.get(at)));
        Set<Order> both = EnumSet.copyOf(HOLDS.get(x.get(at)));
        both.retainAll(HOLDS.get(y.get(at)));
        differ.removeAll(both);
        if (differ.size() == 3) {
            return Optional.empty(); // opposites (== and !=) differ wherever the line runs: no input to name
        }
        String relation = HOLDS.entrySet().stream().filter(e -> e.getValue().equals(differ)).map(Map.Entry::getKey)
                .findFirst().orElseThrow();
        return Optional.of(left.get() + " " + relation + " " + right.get());
    }

    /** The removed and the added line of a diff that replaces exactly one line with one. */
    private static Optional<String[]> oneLineChange(String diff) {
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (String line : diff.split("\n", -1)) {
            if (line.startsWith("---") || line.startsWith("+++")) {
                continue;
            }
            if (line.startsWith("-")) {
                removed.add(line.substring(1));
            } else if (line.startsWith("+")) {
                added.add(line.substring(1));
            }
        }
        return removed.size() == 1 && added.size() == 1 ? Optional.of(new String[] {removed.get(0), added.get(0)})
                : Optional.empty();
    }

    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(line);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /**
     * The operand next to the operator at {@code at}, in direction {@code step}: the tokens up
     * to a boundary outside brackets, written with single spaces only where words meet.
     */
    private static Optional<String> operand(List<String> tokens, int at, int step) {
        int depth = 0;
        List<String> out = new ArrayList<>();
        for (int i = at + step; i >= 0 && i < tokens.size(); i += step) {
            String t = tokens.get(i);
            boolean opens = step > 0 ? "([".contains(t) : ")]".contains(t);
            boolean closes = step > 0 ? ")]".contains(t) : "([".contains(t);
            if (t.length() == 1 && closes) {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (t.length() == 1 && opens) {
                depth++;
            } else if (depth == 0 && BOUNDARIES.contains(t)) {
                break;
            }
            out.add(t);
        }
        if (out.isEmpty() || depth != 0) {
            return Optional.empty();
        }
        if (step < 0) {
            java.util.Collections.reverse(out);
        }
        StringBuilder text = new StringBuilder();
        for (String t : out) {
            if (!text.isEmpty() && isWord(text.charAt(text.length() - 1)) && isWord(t.charAt(0))) {
                text.append(' ');
            } else if (!text.isEmpty() && (t.equals("+") || t.equals("-") || t.equals("*") || t.equals("/")
                    || text.toString().endsWith("+") || text.toString().endsWith("-") || text.toString().endsWith("*")
                    || text.toString().endsWith("/") || text.toString().endsWith(","))) {
                text.append(' ');
            }
            text.append(t);
        }
        return Optional.of(text.toString());
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '"' || c == '\'';
    }
}
