package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** "relational-op": replaces a comparison operator with another, boundary swaps ({@code <} and {@code <=}) first. */
public final class RelationalOperatorTemplate implements FixTemplate {
    /**
     * For each operator, the others grouped by how likely they are the intended one: the
     * boundary twin, then equality's opposite, then negation, flip and the rest.
     */
    public static final Map<String, List<List<String>>> REPLACEMENTS = Map.of(
            "<", List.of(List.of("<="), List.of(), List.of(">=", ">", "!=", "==")),
            "<=", List.of(List.of("<"), List.of(), List.of(">", ">=", "==", "!=")),
            ">", List.of(List.of(">="), List.of(), List.of("<=", "<", "!=", "==")),
            ">=", List.of(List.of(">"), List.of(), List.of("<", "<=", "==", "!=")),
            "==", List.of(List.of(), List.of("!="), List.of("<=", ">=", "<", ">")),
            "!=", List.of(List.of(), List.of("=="), List.of("<", ">", "<=", ">=")),
            "===", List.of(List.of(), List.of("!=="), List.of()),
            "!==", List.of(List.of(), List.of("==="), List.of()));
    public static final int TIERS = 3;
    /**
     * The most replacements of one operator in one tier. Within a tier the comparisons of a
     * line take turns: each one's likeliest replacement before any one's next, so on
     * {@code 0 <= x > 100} the flip of {@code >} does not wait behind every change of {@code <=}.
     */
    public static final int WIDEST = REPLACEMENTS.values().stream().flatMap(List::stream).mapToInt(List::size).max()
            .orElse(0);
    /**
     * Each comparison with the one true exactly where it is false (Java's, Python's): a new
     * operator under a negation, {@code !(a OP b)} or {@code not (a OP b)}, is written
     * {@code a COMPLEMENT(OP) b}, the simpler form people write. Java keeps the negation of
     * an ordering of floating-point operands (NaN orders neither way); Python's operand types
     * are seldom known, and there NaN is taken as the rare case it is.
     */
    public static final Map<String, String> COMPLEMENT = Map.of("<", ">=", ">=", "<", "<=", ">", ">", "<=", "==", "!=",
            "!=", "==", "is", "is not", "is not", "is", "in", "not in", "not in", "in");
    private static final Set<String> INCLUDES = Set.of("include", "import", "include_next");

    @Override
    public String name() {
        return "relational-op";
    }

    @Override
    public List<LineEdit> propose(SourceFile file, int line) {
        DistinctEdits edits = new DistinctEdits(file, line);
        List<Token> operators = comparisons(file, file.tokens(line));
        for (int tier = 0; tier < TIERS; tier++) {
            for (int k = 0; k < WIDEST; k++) {
                for (Token operator : operators) {
                    List<String> replacements = REPLACEMENTS.get(operator.text()).get(tier);
                    if (k < replacements.size()) {
                        edits.replace(operator.start(), operator.end(), replacements.get(k),
                                "`" + operator.text() + "` -> `" + replacements.get(k) + "`");
                    }
                }
            }
        }
        return edits.toList();
    }

    private static List<Token> comparisons(SourceFile file, List<Token> tokens) {
        if (file.language() == SourceLanguage.C_LIKE && isInclude(tokens)) {
            return List.of();
        }
        Set<Integer> typeBrackets = file.language() == SourceLanguage.C_LIKE ? TypeArguments.bracketIndexes(tokens) : Set.of();
        List<Token> comparisons = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.kind() == Token.Kind.OPERATOR && REPLACEMENTS.containsKey(token.text()) && !typeBrackets.contains(i)) {
                comparisons.add(token);
            }
        }
        return comparisons;
    }

    /** {@code #include <stdio.h>}: its angle brackets are a path. */
    private static boolean isInclude(List<Token> tokens) {
        return tokens.size() > 1 && tokens.get(0).is(Token.Kind.OTHER, "#") && INCLUDES.contains(tokens.get(1).text());
    }
}
