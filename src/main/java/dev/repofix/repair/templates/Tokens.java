package dev.repofix.repair.templates;

import dev.repofix.repair.source.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** Pure functions over the tokens of one line, shared by the fix templates. */
final class Tokens {
    /**
     * Words that are operators or start a statement: a value never ends with them, so a
     * {@code -} after one is unary and a {@code [} after one opens a list, not an index.
     */
    private static final Set<String> KEYWORDS = Set.of(
            "return", "case", "yield", "throw", "new", "do", "else", "if", "elif", "while", "for", "in", "of",
            "is", "and", "or", "not", "lambda", "await", "assert", "typeof", "instanceof", "as", "let", "const",
            "var", "val", "del", "print", "from", "import");
    /** Operators that chain a member onto an operand: {@code a.b}, {@code a?.b}, {@code A::b}. */
    private static final Set<String> MEMBER_ACCESS = Set.of(".", "?.", "::");

    /** A token range {@code [from, to)} of a line's token list. */
    record Span(int from, int to) {
        boolean isEmpty() {
            return from >= to;
        }
    }

    private Tokens() {}

    static boolean isKeyword(Token token) {
        return token.kind() == Token.Kind.IDENTIFIER && KEYWORDS.contains(token.text());
    }

    /** Whether an expression can end with this token (a name, number, literal or closing bracket). */
    static boolean endsOperand(Token token) {
        return switch (token.kind()) {
            case IDENTIFIER -> !KEYWORDS.contains(token.text());
            case NUMBER, STRING, CLOSE -> true;
            default -> false;
        };
    }

    /** Index of the bracket closing the one at {@code open}, or -1 when it closes on another line. */
    static int matchingClose(List<Token> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            Token.Kind kind = tokens.get(i).kind();
            depth += kind == Token.Kind.OPEN ? 1 : kind == Token.Kind.CLOSE ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the first token in {@code span} outside any bracket that matches, or -1. */
    static int findAtDepthZero(List<Token> tokens, Span span, Predicate<Token> wanted) {
        int depth = 0;
        for (int i = span.from(); i < span.to(); i++) {
            Token token = tokens.get(i);
            if (depth == 0 && wanted.test(token)) {
                return i;
            }
            depth += token.kind() == Token.Kind.OPEN ? 1 : token.kind() == Token.Kind.CLOSE ? -1 : 0;
        }
        return -1;
    }

    /** Index of the last token in {@code span} outside any bracket that matches, or -1. */
    static int findLastAtDepthZero(List<Token> tokens, Span span, Predicate<Token> wanted) {
        List<Span> parts = split(tokens, span, wanted);
        return parts.size() == 1 ? -1 : parts.get(parts.size() - 1).from() - 1;
    }

    /** The parts of {@code span} between separators outside brackets; empty parts included. */
    static List<Span> split(List<Token> tokens, Span span, Predicate<Token> separator) {
        List<Span> parts = new ArrayList<>();
        int from = span.from();
        int next;
        while ((next = findAtDepthZero(tokens, new Span(from, span.to()), separator)) >= 0) {
            parts.add(new Span(from, next));
            from = next + 1;
        }
        parts.add(new Span(from, span.to()));
        return parts;
    }

    static boolean contains(List<Token> tokens, Span span, Token.Kind kind) {
        return tokens.subList(span.from(), span.to()).stream().anyMatch(token -> token.kind() == kind);
    }

    /** The line's text from the first to the last token of a non-empty span. */
    static String text(String line, List<Token> tokens, Span span) {
        return line.substring(tokens.get(span.from()).start(), tokens.get(span.to() - 1).end());
    }

    /**
     * Whether {@code span} is one operand that a prefix {@code !} or {@code not} applies to as
     * a whole: a name, number, literal or bracketed group, followed by member accesses, calls
     * and indexes ({@code a.b(c)[d]}), with no operator between its parts.
     */
    static boolean isSimpleOperand(List<Token> tokens, Span span) {
        boolean expectAtom = true;
        int i = span.from();
        while (i < span.to()) {
            Token token = tokens.get(i);
            if (token.kind() == Token.Kind.OPEN) {
                int close = matchingClose(tokens, i);
                if (close < 0 || close >= span.to()) {
                    return false;
                }
                i = close + 1;
                expectAtom = false;
            } else if (expectAtom && endsOperand(token) && token.kind() != Token.Kind.CLOSE) {
                i++;
                expectAtom = false;
            } else if (!expectAtom && token.kind() == Token.Kind.OPERATOR && MEMBER_ACCESS.contains(token.text())) {
                i++;
                expectAtom = true;
            } else {
                return false;
            }
        }
        return !expectAtom;
    }
}
