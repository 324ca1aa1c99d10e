package dev.repofix.repair.templates;

import dev.repofix.repair.source.Token;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the angle brackets of a C-like line that delimit type parameters or arguments
 * ({@code List<String>}, {@code new ArrayList<>()}, {@code Foo.<T>bar()}) rather than compare.
 * A heuristic: a {@code <} counts when it follows an upper-case name, {@code .}, {@code ::} or
 * {@code fun}, is followed by {@code >}, or follows a lower-case name and its {@code >} is
 * followed by a call or a declared name ({@code foo<T>(x)}, {@code vector<int> v}); and only
 * type-like tokens may stand before its matching {@code >}.
 */
final class TypeArguments {
    private TypeArguments() {}

    /** Indexes of the tokens that are type brackets: {@code <}, {@code >}, and the {@code >>} and {@code >>>} closing several. */
    static Set<Integer> bracketIndexes(List<Token> tokens) {
        Set<Integer> brackets = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.get(i).isOperator("<") || brackets.contains(i) || !mayOpen(tokens, i)) {
                continue;
            }
            int close = closing(tokens, i);
            if (close >= 0 && (confidentOpener(tokens, i) || declaresOrCalls(tokens, close))) {
                for (int j = i; j <= close; j++) {
                    if (closingLevels(tokens.get(j)) > 0 || tokens.get(j).isOperator("<")) {
                        brackets.add(j);
                    }
                }
            }
        }
        return brackets;
    }

    private static boolean mayOpen(List<Token> tokens, int i) {
        return confidentOpener(tokens, i)
                || (i > 0 && tokens.get(i - 1).kind() == Token.Kind.IDENTIFIER && !Tokens.isKeyword(tokens.get(i - 1)));
    }

    private static boolean confidentOpener(List<Token> tokens, int i) {
        if (i + 1 < tokens.size() && tokens.get(i + 1).isOperator(">")) {
            return true;
        }
        if (i == 0) {
            return false;
        }
        Token before = tokens.get(i - 1);
        return before.isOperator(".") || before.isOperator("::")
                || before.is(Token.Kind.IDENTIFIER, "fun")
                || (before.kind() == Token.Kind.IDENTIFIER && Character.isUpperCase(before.text().charAt(0)));
    }

    /** After a lower-case name, only {@code name<...>(}, {@code name<...>::} or {@code name<...> other} reads as types. */
    private static boolean declaresOrCalls(List<Token> tokens, int close) {
        if (close + 1 >= tokens.size()) {
            return false;
        }
        Token after = tokens.get(close + 1);
        return (after.is(Token.Kind.OPEN, "(") && after.start() == tokens.get(close).end())
                || after.isOperator("::")
                || (after.kind() == Token.Kind.IDENTIFIER && !Tokens.isKeyword(after));
    }

    /** Index of the token closing the {@code <} at {@code open}, or -1 if something not type-like comes first. */
    private static int closing(List<Token> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.isOperator("<")) {
                depth++;
            } else if (closingLevels(token) > 0) {
                depth -= closingLevels(token);
                if (depth <= 0) {
                    // A ">>" closing more than was opened here belongs to an outer "<" not seen as a type.
                    return depth == 0 ? i : -1;
                }
            } else if (isArrayBrackets(tokens, i)) {
                i++;
            } else if (!isTypeLike(token)) {
                return -1;
            }
        }
        return -1;
    }

    private static int closingLevels(Token token) {
        return switch (token.text()) {
            case ">", ">>", ">>>" -> token.kind() == Token.Kind.OPERATOR ? token.text().length() : 0;
            default -> 0;
        };
    }

    private static boolean isArrayBrackets(List<Token> tokens, int i) {
        return tokens.get(i).is(Token.Kind.OPEN, "[") && i + 1 < tokens.size() && tokens.get(i + 1).is(Token.Kind.CLOSE, "]");
    }

    /** Names (extends, super, in, out, dyn included), qualifiers, wildcards, bounds, unions, pointers, lifetimes. */
    private static boolean isTypeLike(Token token) {
        return switch (token.kind()) {
            case IDENTIFIER -> true;
            case OPERATOR -> Set.of(".", "::", "?", "&", "|", "*", ":").contains(token.text());
            case OTHER -> token.text().equals(",") || token.text().equals("'");
            default -> false;
        };
    }
}
