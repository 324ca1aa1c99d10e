package dev.repofix.repair.templates;

import dev.repofix.repair.source.Token;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pure functions that move an integer, or the offset ending an expression, by one, written as a person would. */
public final class Shifts {
    /** Decimal, no leading zero (that is octal in C and Java), at most 18 digits so it fits a long; L/U suffixes kept. */
    private static final Pattern INTEGER = Pattern.compile("(0|[1-9][0-9_]{0,17})([lLuU]*)");
    /** Operators binding tighter than + and -: a literal before one is not a whole offset. */
    private static final Set<String> TIGHTER = Set.of("*", "/", "%", "**", "//", ".", "?.", "::", "@");
    /** Binary operators an expression may hold outside brackets and still take {@code + 1} without parentheses. */
    private static final Set<String> ARITHMETIC = Set.of("+", "-", "*", "/", "%", "**", "//", ".", "?.", "::", "@");

    /**
     * The integer literal ending some code, with its sign: {@code x - 1} (binary, {@code left} is
     * {@code x}), {@code -1} (unary, no {@code left}) or a bare {@code 1} (no {@code sign}).
     *
     * @param signed the value the sign gives it: -1 for both {@code x - 1} and {@code -1}
     */
    record Trailing(Token left, Token sign, Token literal, long signed) {}

    /** Columns {@code [start, end)} of a line and their new text. */
    record Replacement(int start, int end, String text) {}

    private Shifts() {}

    static boolean isInteger(Token token) {
        return token.kind() == Token.Kind.NUMBER && INTEGER.matcher(token.text()).matches();
    }

    /** The integer ending {@code span} with its sign, or null when the span does not end with one. */
    static Trailing trailing(List<Token> tokens, Tokens.Span span) {
        Token literal = tokens.get(span.to() - 1);
        if (!isInteger(literal)) {
            return null;
        }
        int signAt = span.to() - 2;
        if (signAt < span.from() || !(tokens.get(signAt).isOperator("+") || tokens.get(signAt).isOperator("-"))) {
            return bare(literal);
        }
        Token sign = tokens.get(signAt);
        long signed = sign.text().equals("-") ? -value(literal) : value(literal);
        boolean binary = signAt > span.from() && Tokens.endsOperand(tokens.get(signAt - 1));
        return new Trailing(binary ? tokens.get(signAt - 1) : null, sign, literal, signed);
    }

    /** The literal alone, its sign ignored: for a literal that a tighter operator follows, as in {@code x - 1 * y}. */
    static Trailing bare(Token literal) {
        return new Trailing(null, null, literal, value(literal));
    }

    static boolean bindsTighterThanSum(Token token) {
        return token.kind() == Token.Kind.OPEN || (token.kind() == Token.Kind.OPERATOR && TIGHTER.contains(token.text()));
    }

    /** +1 and -1 in the order that brings the value nearer zero first ({@code x + 1} to {@code x}); from zero, up first. */
    static List<Integer> deltasTowardZero(long value) {
        return value > 0 ? List.of(-1, 1) : List.of(1, -1);
    }

    /**
     * The trailing integer moved by {@code delta}. A binary offset that becomes zero disappears
     * with its sign ({@code x + 1} to {@code x}) and one that crosses zero flips its sign
     * ({@code x + 0} to {@code x - 1}); the spacing around the sign is kept.
     */
    static Replacement shift(String line, Trailing trailing, int delta) {
        long moved = trailing.signed() + delta;
        Token literal = trailing.literal();
        if (trailing.left() != null) {
            Token sign = trailing.sign();
            String offset = moved == 0 ? "" : line.substring(trailing.left().end(), sign.start()) + (moved > 0 ? "+" : "-")
                    + line.substring(sign.end(), literal.start()) + withSuffix(Math.abs(moved), literal);
            return new Replacement(trailing.left().end(), literal.end(), offset);
        }
        int start = trailing.sign() == null ? literal.start() : trailing.sign().start();
        String number = moved < 0 ? "-" + withSuffix(-moved, literal) : withSuffix(moved, literal);
        // "a -0" must not become "a --1", which is a decrement.
        boolean afterSign = moved < 0 && start > 0 && "+-".indexOf(line.charAt(start - 1)) >= 0;
        return new Replacement(start, literal.end(), afterSign ? "(" + number + ")" : number);
    }

    /** Whether {@code span} needs parentheses before {@code + 1} is appended: it has a comparison, ternary, keyword operator... */
    static boolean needsParentheses(List<Token> tokens, Tokens.Span span) {
        return Tokens.findAtDepthZero(tokens, span, token -> switch (token.kind()) {
            case OPERATOR -> !ARITHMETIC.contains(token.text());
            case IDENTIFIER -> Tokens.isKeyword(token);
            case OTHER -> true;
            default -> false;
        }) >= 0;
    }

    private static long value(Token literal) {
        return Long.parseLong(parts(literal).group(1).replace("_", ""));
    }

    private static String withSuffix(long magnitude, Token literal) {
        return grouped(magnitude, parts(literal).group(1)) + parts(literal).group(2);
    }

    /**
     * {@code value} written as {@code like} writes its digits: with {@code _} between groups
     * of three when {@code like} is grouped that way ({@code 10_000} moves to {@code 10_001}),
     * plainly otherwise; a sign in {@code like} is ignored, {@code value}'s own is kept.
     */
    public static String grouped(long value, String like) {
        String digits = like.startsWith("-") ? like.substring(1).strip() : like;
        String plain = Long.toString(Math.abs(value));
        if (!digits.matches("[0-9]{1,3}(_[0-9]{3})+")) {
            return value < 0 ? "-" + plain : plain;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < plain.length(); i++) {
            if (i > 0 && (plain.length() - i) % 3 == 0) {
                out.append('_');
            }
            out.append(plain.charAt(i));
        }
        return value < 0 ? "-" + out : out.toString();
    }

    private static Matcher parts(Token literal) {
        Matcher matcher = INTEGER.matcher(literal.text());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not an integer literal: " + literal.text());
        }
        return matcher;
    }
}
