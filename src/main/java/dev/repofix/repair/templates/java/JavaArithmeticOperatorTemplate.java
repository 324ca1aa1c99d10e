package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** "arithmetic-op": {@code + - * / %} changed into one another, between numeric operands only (never a String's {@code +}). */
final class JavaArithmeticOperatorTemplate extends JavaTemplate {
    private static final Map<String, List<String>> REPLACEMENTS = Map.of(
            "+", List.of("-", "*", "/"),
            "-", List.of("+", "*", "/"),
            "*", List.of("/", "+", "-"),
            "/", List.of("*", "%", "-", "+"),
            "%", List.of("/", "*"));

    JavaArithmeticOperatorTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "arithmetic-op";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            String symbol = b.getOperator().asString();
            if (!REPLACEMENTS.containsKey(symbol) || !numeric(b, JavaScope.at(b))) {
                continue;
            }
            int at = operatorOffset(tree, b.getLeft(), b.getRight(), symbol);
            for (String replacement : REPLACEMENTS.get(symbol)) {
                if (at >= 0 && !identity(b, replacement)) {
                    edits.replace(at, at + 1, replacement, "`" + symbol + "` -> `" + replacement + "`");
                }
            }
        }
        for (AssignExpr a : tree.nodesOn(line, AssignExpr.class)) {
            String symbol = a.getOperator().asString();
            String op = symbol.substring(0, symbol.length() - 1);
            Optional<String> target = JavaTypes.typeOf(a.getTarget(), JavaScope.at(a));
            if (!REPLACEMENTS.containsKey(op) || target.filter(JavaTypes::isNumeric).isEmpty()) {
                continue;
            }
            int at = operatorOffset(tree, a.getTarget(), a.getValue(), symbol);
            for (String replacement : REPLACEMENTS.get(op)) {
                if (at >= 0) {
                    edits.replace(at, at + 1, replacement, "`" + symbol + "` -> `" + replacement + "=`");
                }
            }
        }
    }

    /**
     * Whether the replacement makes the operation do nothing: {@code k * 1}, {@code 1 * k},
     * {@code k / 1}. That is {@code k} in other words, which off-by-one offers as {@code k}
     * when it drops {@code - 1}.
     */
    private static boolean identity(BinaryExpr b, String replacement) {
        boolean rightOne = isOne(b.getRight());
        return replacement.equals("*") && (rightOne || isOne(b.getLeft())) || replacement.equals("/") && rightOne;
    }

    private static boolean isOne(com.github.javaparser.ast.expr.Expression e) {
        return e.isIntegerLiteralExpr() && e.asIntegerLiteralExpr().getValue().equals("1");
    }

    /** Both operands numeric; a {@code +} whose operand types are unknown may be a String's. */
    private static boolean numeric(BinaryExpr b, JavaScope scope) {
        Optional<String> left = JavaTypes.typeOf(b.getLeft(), scope);
        Optional<String> right = JavaTypes.typeOf(b.getRight(), scope);
        if (b.getOperator() == BinaryExpr.Operator.PLUS) {
            return left.filter(JavaTypes::isNumeric).isPresent() && right.filter(JavaTypes::isNumeric).isPresent();
        }
        return left.map(JavaTypes::isNumeric).orElse(true) && right.map(JavaTypes::isNumeric).orElse(true);
    }
}
