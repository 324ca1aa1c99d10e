package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.UnaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.RelationalOperatorTemplate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * "relational-op" on the syntax tree: the boundary twin first ({@code <} and {@code <=}),
 * then equality's opposite, then the rest. Orderings only between operands that may be
 * numbers; {@code ==} and {@code !=} turn into an ordering only when one side is known to
 * be a number and neither is known not to be (no {@code name <= null}, no {@code ok < true}).
 */
final class JavaRelationalOperatorTemplate extends JavaTemplate {
    /** The token template's tiers; {@code ===} never occurs in Java. */
    private static final Map<String, List<List<String>>> REPLACEMENTS = RelationalOperatorTemplate.REPLACEMENTS;
    private static final int TIERS = RelationalOperatorTemplate.TIERS;
    private static final Map<String, String> COMPLEMENT = RelationalOperatorTemplate.COMPLEMENT;
    private static final Set<String> FLOATING = Set.of("double", "float", "Double", "Float");

    JavaRelationalOperatorTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "relational-op";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        List<BinaryExpr> comparisons = tree.nodesOn(line, BinaryExpr.class).stream()
                .filter(b -> REPLACEMENTS.containsKey(b.getOperator().asString())).toList();
        Map<BinaryExpr, Integer> offsets = new java.util.IdentityHashMap<>();
        Map<BinaryExpr, JavaScope> scopes = new java.util.IdentityHashMap<>();
        comparisons.forEach(b -> {
            offsets.put(b, operatorOffset(tree, b.getLeft(), b.getRight(), b.getOperator().asString()));
            scopes.put(b, JavaScope.at(b));
        });
        for (int tier = 0; tier < TIERS; tier++) {
            for (int k = 0; k < RelationalOperatorTemplate.WIDEST; k++) {
                for (BinaryExpr b : comparisons) {
                    List<String> replacements = REPLACEMENTS.get(b.getOperator().asString()).get(tier);
                    int at = offsets.get(b);
                    if (at >= 0 && k < replacements.size() && plausible(b, replacements.get(k), scopes.get(b))) {
                        replace(tree, b, at, replacements.get(k), scopes.get(b), edits);
                    }
                }
            }
        }
    }

    /** {@code b}'s operator at {@code at} replaced; under a negation, the complement without it. */
    private static void replace(JavaTree tree, BinaryExpr b, int at, String replacement, JavaScope scope,
            JavaEdits edits) {
        String symbol = b.getOperator().asString();
        Optional<UnaryExpr> not = negation(b, scope);
        if (not.isPresent()) {
            // !(a OP b) with a new OP is written as the complement, without the negation
            String all = tree.text();
            String kept = all.substring(tree.begin(b), at) + COMPLEMENT.get(replacement)
                    + all.substring(at + symbol.length(), tree.end(b));
            edits.replace(not.get(), kept, "`" + tree.source(not.get()) + "` -> `" + kept + "` (`"
                    + symbol + "` -> `" + replacement + "` under `!`)");
        } else {
            edits.replace(at, at + symbol.length(), replacement, "`" + symbol + "` -> `" + replacement + "`");
        }
    }

    /**
     * The {@code !( )} directly around {@code b}, when its comparison may be written as the
     * complement: always for {@code ==} and {@code !=}, for orderings unless an operand is a
     * floating-point number (NaN orders neither way).
     */
    private static Optional<UnaryExpr> negation(BinaryExpr b, JavaScope scope) {
        Optional<UnaryExpr> not = b.getParentNode().filter(EnclosedExpr.class::isInstance)
                .flatMap(Node::getParentNode).filter(UnaryExpr.class::isInstance).map(UnaryExpr.class::cast)
                .filter(u -> u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT);
        boolean floating = Stream.of(b.getLeft(), b.getRight()).map(e -> JavaTypes.typeOf(e, scope))
                .anyMatch(t -> t.filter(FLOATING::contains).isPresent());
        return floating ? Optional.empty() : not;
    }

    private static boolean plausible(BinaryExpr b, String replacement, JavaScope scope) {
        boolean ordering = !replacement.equals("==") && !replacement.equals("!=");
        boolean wasEquality = b.getOperator() == BinaryExpr.Operator.EQUALS
                || b.getOperator() == BinaryExpr.Operator.NOT_EQUALS;
        if (!ordering && wasEquality) {
            return true;
        }
        boolean mayBeNumbers = mayBeNumber(b.getLeft(), scope) && mayBeNumber(b.getRight(), scope);
        if (!wasEquality) {
            return mayBeNumbers;
        }
        return mayBeNumbers && (isNumber(b.getLeft(), scope) || isNumber(b.getRight(), scope));
    }

    private static boolean mayBeNumber(Expression e, JavaScope scope) {
        Optional<String> type = JavaTypes.typeOf(e, scope);
        return type.map(JavaTypes::isNumeric).orElse(true);
    }

    private static boolean isNumber(Expression e, JavaScope scope) {
        return JavaTypes.typeOf(e, scope).filter(JavaTypes::isNumeric).isPresent();
    }
}
