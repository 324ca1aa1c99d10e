package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "off-by-one": moves by one an index ({@code a[i]}), each present slice bound, the index
 * arguments of {@code charAt}, {@code get}, {@code substring} and {@code subList} (C-like),
 * and every decimal integer literal. An offset moved to zero disappears with its sign.
 */
public final class OffByOneTemplate implements FixTemplate {
    /** Methods whose arguments are indexes, with how many they take at most. */
    private static final Map<String, Integer> INDEX_METHODS = Map.of("charAt", 1, "get", 1, "substring", 2, "subList", 2);
    /** Separators of slice and range bounds; ":" only when it is no ternary's. */
    private static final Set<String> RANGE_SEPARATORS = Set.of("..", "..=", "..<", "...");
    /** Words that are values and never numbers: a bound that is one of them moves nowhere ({@code None + 1}). */
    private static final Set<String> NOT_NUMBERS = Set.of("None", "null", "nil", "undefined", "True", "False",
            "true", "false");

    @Override
    public String name() {
        return "off-by-one";
    }

    @Override
    public List<LineEdit> propose(SourceFile file, int line) {
        DistinctEdits edits = new DistinctEdits(file, line);
        List<Token> tokens = file.tokens(line);
        String text = file.line(line);
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).is(Token.Kind.OPEN, "[")) {
                indexEdits(edits, text, tokens, i);
            } else if (file.language() == SourceLanguage.C_LIKE && tokens.get(i).isOperator(".")) {
                argumentEdits(edits, text, tokens, i);
            }
        }
        for (int i = 0; i < tokens.size(); i++) {
            literalEdits(edits, text, tokens, i);
        }
        return edits.toList();
    }

    /** {@code a[i]} and slices {@code a[lo:hi]}; not array types ({@code int[]}), list literals, keys or multi-indexes. */
    private static void indexEdits(DistinctEdits edits, String line, List<Token> tokens, int open) {
        int close = Tokens.matchingClose(tokens, open);
        if (open == 0 || !Tokens.endsOperand(tokens.get(open - 1)) || close <= open + 1) {
            return;
        }
        Tokens.Span inside = new Tokens.Span(open + 1, close);
        if (Tokens.contains(tokens, inside, Token.Kind.STRING)
                || Tokens.findAtDepthZero(tokens, inside, token -> token.text().equals(",")) >= 0) {
            return;
        }
        boolean ternary = Tokens.findAtDepthZero(tokens, inside, token -> token.isOperator("?")) >= 0;
        List<Tokens.Span> bounds = Tokens.split(tokens, inside, token -> token.kind() == Token.Kind.OPERATOR
                && (RANGE_SEPARATORS.contains(token.text()) || (!ternary && token.text().equals(":"))));
        String where = bounds.size() > 1 ? "slice" : "index";
        // A slice's third part is its step, not a bound.
        for (Tokens.Span bound : bounds.subList(0, Math.min(2, bounds.size()))) {
            boolean notNumber = bound.to() - bound.from() == 1 && NOT_NUMBERS.contains(tokens.get(bound.from()).text());
            if (!bound.isEmpty() && !notNumber) {
                shiftEdits(edits, line, tokens, bound, where);
            }
        }
    }

    /** {@code s.charAt(i)}, {@code xs.get(i)}, {@code s.substring(a, b)}, {@code xs.subList(a, b)}. */
    private static void argumentEdits(DistinctEdits edits, String line, List<Token> tokens, int dot) {
        if (dot + 2 >= tokens.size() || !tokens.get(dot + 2).is(Token.Kind.OPEN, "(")) {
            return;
        }
        String method = tokens.get(dot + 1).text();
        Integer maxArguments = INDEX_METHODS.get(method);
        int close = Tokens.matchingClose(tokens, dot + 2);
        if (maxArguments == null || tokens.get(dot + 1).kind() != Token.Kind.IDENTIFIER || close <= dot + 3) {
            return;
        }
        List<Tokens.Span> arguments = Tokens.split(tokens, new Tokens.Span(dot + 3, close), token -> token.text().equals(","));
        if (arguments.size() > maxArguments) {
            return;
        }
        for (Tokens.Span argument : arguments) {
            if (!argument.isEmpty() && !Tokens.contains(tokens, argument, Token.Kind.STRING)) {
                shiftEdits(edits, line, tokens, argument, "`" + method + "` argument");
            }
        }
    }

    /** {@code i} to {@code i - 1} and {@code i + 1}; {@code i - 1} to {@code i} and {@code i - 2}. */
    private static void shiftEdits(DistinctEdits edits, String line, List<Token> tokens, Tokens.Span span, String where) {
        int start = tokens.get(span.from()).start();
        int end = tokens.get(span.to() - 1).end();
        String before = line.substring(start, end);
        Shifts.Trailing trailing = Shifts.trailing(tokens, span);
        if (trailing != null && (trailing.sign() != null || span.to() - span.from() == 1)) {
            for (int delta : Shifts.deltasTowardZero(trailing.signed())) {
                Shifts.Replacement moved = Shifts.shift(line, trailing, delta);
                String after = line.substring(start, moved.start()) + moved.text() + line.substring(moved.end(), end);
                edits.replace(start, end, after, "`" + before + "` -> `" + after + "` in " + where);
            }
            return;
        }
        String operand = Shifts.needsParentheses(tokens, span) ? "(" + before + ")" : before;
        for (String offset : List.of(" - 1", " + 1")) {
            edits.replace(start, end, operand + offset, "`" + before + "` -> `" + operand + offset + "` in " + where);
        }
    }

    private static void literalEdits(DistinctEdits edits, String line, List<Token> tokens, int at) {
        Token literal = tokens.get(at);
        if (!Shifts.isInteger(literal)) {
            return;
        }
        boolean tighterAfter = at + 1 < tokens.size() && Shifts.bindsTighterThanSum(tokens.get(at + 1));
        Shifts.Trailing trailing = tighterAfter ? Shifts.bare(literal) : Shifts.trailing(tokens, new Tokens.Span(0, at + 1));
        for (int delta : Shifts.deltasTowardZero(trailing.signed())) {
            Shifts.Replacement moved = Shifts.shift(line, trailing, delta);
            String before = line.substring(moved.start(), moved.end()).strip();
            String after = moved.text().strip();
            edits.replace(moved.start(), moved.end(), moved.text(),
                    after.isEmpty() ? "removed `" + before + "`" : "`" + before + "` -> `" + after + "`");
        }
    }
}
