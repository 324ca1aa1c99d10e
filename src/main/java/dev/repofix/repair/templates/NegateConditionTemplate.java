package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import java.util.List;
import java.util.Set;

/**
 * "negate-condition": negates the condition of an {@code if}, {@code else if}/{@code elif} or
 * {@code while}, or removes the negation it already has. Only conditions that end on the
 * same line are touched.
 */
public final class NegateConditionTemplate implements FixTemplate {
    private static final Set<String> KEYWORDS = Set.of("if", "while");
    private static final Set<String> PYTHON_KEYWORDS = Set.of("if", "elif", "while");
    /** Operators that may start the statement after {@code if (c)}, so they do not continue the condition. */
    private static final Set<String> STATEMENT_STARTS = Set.of("++", "--", "!", "~", "*", "&", "-", "+", "@");
    /** Rust and Swift pattern bindings: {@code if let Some(x) = y} has no boolean to negate. */
    private static final Set<String> BINDINGS = Set.of("let", "var", "val", "case");

    @Override
    public String name() {
        return "negate-condition";
    }

    @Override
    public List<LineEdit> propose(SourceFile file, int line) {
        DistinctEdits edits = new DistinctEdits(file, line);
        List<Token> tokens = file.tokens(line);
        if (file.language() == SourceLanguage.PYTHON) {
            Tokens.Span condition = pythonCondition(tokens);
            if (condition != null) {
                negate(edits, file, line, condition, tokens.get(0).text());
            }
            return edits.toList();
        }
        for (int i = 0; i < tokens.size(); i++) {
            if (isConditionKeyword(tokens, i)) {
                Tokens.Span condition = cLikeCondition(tokens, i);
                if (condition != null) {
                    negate(edits, file, line, condition, tokens.get(i).text());
                }
            }
        }
        return edits.toList();
    }

    private static boolean isConditionKeyword(List<Token> tokens, int i) {
        Token token = tokens.get(i);
        if (token.kind() != Token.Kind.IDENTIFIER || !KEYWORDS.contains(token.text())) {
            return false;
        }
        // "#if" is the preprocessor's, "x.if" a member.
        return i == 0 || !(tokens.get(i - 1).text().equals("#") || tokens.get(i - 1).isOperator("."));
    }

    /** Python: the statement's first word, up to the colon outside brackets that ends the condition. */
    private static Tokens.Span pythonCondition(List<Token> tokens) {
        if (tokens.isEmpty() || tokens.get(0).kind() != Token.Kind.IDENTIFIER || !PYTHON_KEYWORDS.contains(tokens.get(0).text())) {
            return null;
        }
        int colon = Tokens.findAtDepthZero(tokens, new Tokens.Span(1, tokens.size()), token -> token.isOperator(":"));
        return colon > 1 ? new Tokens.Span(1, colon) : null;
    }

    /**
     * Inside {@code if (...)}, unless the parentheses are only the start of a Go/Rust/Swift
     * condition such as {@code if (a) && b {}; then up to that {@code {}, after any Go init statement.
     */
    private static Tokens.Span cLikeCondition(List<Token> tokens, int keyword) {
        Tokens.Span parenthesized = null;
        if (keyword + 1 < tokens.size() && tokens.get(keyword + 1).is(Token.Kind.OPEN, "(")) {
            int close = Tokens.matchingClose(tokens, keyword + 1);
            if (close < 0) {
                return null;
            }
            parenthesized = new Tokens.Span(keyword + 2, close);
            if (!continuesCondition(tokens, close + 1)) {
                return parenthesized.isEmpty() ? null : parenthesized;
            }
        }
        Tokens.Span rest = new Tokens.Span(keyword + 1, tokens.size());
        int brace = Tokens.findAtDepthZero(tokens, rest, token -> token.is(Token.Kind.OPEN, "{"));
        if (brace < 0) {
            return parenthesized == null || parenthesized.isEmpty() ? null : parenthesized;
        }
        int init = Tokens.findLastAtDepthZero(tokens, new Tokens.Span(keyword + 1, brace), token -> token.text().equals(";"));
        Tokens.Span condition = new Tokens.Span(init < 0 ? keyword + 1 : init + 1, brace);
        if (condition.isEmpty() || BINDINGS.contains(tokens.get(condition.from()).text())) {
            return null;
        }
        return condition;
    }

    private static boolean continuesCondition(List<Token> tokens, int next) {
        return next < tokens.size() && tokens.get(next).kind() == Token.Kind.OPERATOR
                && !STATEMENT_STARTS.contains(tokens.get(next).text());
    }

    private static void negate(DistinctEdits edits, SourceFile file, int line, Tokens.Span condition, String keyword) {
        List<Token> tokens = file.tokens(line);
        String text = file.line(line);
        boolean python = file.language() == SourceLanguage.PYTHON;
        int start = tokens.get(condition.from()).start();
        int end = tokens.get(condition.to() - 1).end();
        String unnegated = withoutNegation(text, tokens, condition, python);
        if (unnegated != null) {
            // Negating again, !(!x), would only be x written longer: the removal is the one edit.
            edits.replace(start, end, unnegated, "removed negation of `" + keyword + "` condition");
            return;
        }
        String operand = Tokens.text(text, tokens, condition);
        String negation = python ? "not " : "!";
        String negated = Tokens.isSimpleOperand(tokens, condition) ? negation + operand : negation + "(" + operand + ")";
        edits.replace(start, end, negated, "negated `" + keyword + "` condition");
    }

    /** {@code !x}, {@code !(a && b)}, {@code not x}: the operand without the negation; null if not negated as a whole. */
    private static String withoutNegation(String line, List<Token> tokens, Tokens.Span condition, boolean python) {
        Token first = tokens.get(condition.from());
        boolean negated = python ? first.is(Token.Kind.IDENTIFIER, "not") : first.isOperator("!");
        Tokens.Span operand = new Tokens.Span(condition.from() + 1, condition.to());
        if (!negated || operand.isEmpty() || !Tokens.isSimpleOperand(tokens, operand)) {
            return null;
        }
        boolean oneGroup = tokens.get(operand.from()).is(Token.Kind.OPEN, "(")
                && Tokens.matchingClose(tokens, operand.from()) == operand.to() - 1;
        Tokens.Span inner = new Tokens.Span(operand.from() + 1, operand.to() - 1);
        return oneGroup && !inner.isEmpty() ? Tokens.text(line, tokens, inner) : Tokens.text(line, tokens, operand);
    }
}
