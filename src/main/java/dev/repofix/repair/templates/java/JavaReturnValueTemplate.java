package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LiteralStringValueExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.Map;
import java.util.Optional;

/**
 * "return-value": what a {@code return} returns changed: a boolean literal flipped, the sign
 * of a returned number flipped ({@code return 1} -> {@code return -1}, {@code -1} -> {@code 1},
 * {@code -x} -> {@code x}), a boolean expression negated, a variable replaced by another of
 * the same declared type.
 */
final class JavaReturnValueTemplate extends JavaTemplate {
    /** Literals valid only under a minus: {@code Integer.MIN_VALUE} and {@code Long.MIN_VALUE} written out. */
    private static final java.util.Set<String> MIN_LITERALS = java.util.Set.of("2147483648", "9223372036854775808L",
            "9223372036854775808l");

    JavaReturnValueTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "return-value";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (ReturnStmt r : tree.nodesOn(line, ReturnStmt.class)) {
            if (r.getExpression().isEmpty()) {
                continue;
            }
            Expression e = r.getExpression().get();
            JavaScope scope = JavaScope.at(r);
            if (e instanceof BooleanLiteralExpr b) {
                edits.replace(e, String.valueOf(!b.getValue()), "returns `" + !b.getValue() + "`");
                continue;
            }
            // a char cannot be negative: `return -1` in a char method does not compile
            if (scope.returnType().map(t -> !t.asString().equals("char") && !t.asString().equals("Character"))
                    .orElse(true)) {
                sign(tree, e, edits);
            }
            Optional<String> type = JavaTypes.typeOf(e, scope);
            if (type.filter(JavaTypes::isBoolean).isPresent()) {
                JavaNegateConditionTemplate.negate(tree, e, edits, "return");
            }
            if (e.isNameExpr() && type.isPresent()) {
                String name = e.asNameExpr().getNameAsString();
                for (Map.Entry<String, String> v : scope.visible().entrySet()) {
                    if (!v.getKey().equals(name) && v.getValue().equals(type.get())) {
                        edits.replace(e, v.getKey(), "returns `" + v.getKey() + "` instead of `" + name + "`");
                    }
                }
            }
        }
    }

    /**
     * The returned number's sign flipped: a non-zero literal (or either branch of a returned
     * conditional, {@code a < b ? 1 : -1}) gets or loses its minus, and a negated operand
     * loses it. Sign slips are as common as off-by-one in comparators and signum-like
     * methods, where off-by-one's {@code 1 -> 0} and {@code 1 -> 2} never reach {@code -1}.
     */
    private static void sign(JavaTree tree, Expression e, JavaEdits edits) {
        if (e instanceof ConditionalExpr c) {
            sign(tree, c.getThenExpr(), edits);
            sign(tree, c.getElseExpr(), edits);
            return;
        }
        String before = tree.source(e);
        if (e instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.MINUS) {
            Expression operand = u.getExpression();
            // -2147483648 is the one int literal that has no positive twin
            if (!(operand instanceof LiteralStringValueExpr l && MIN_LITERALS.contains(l.getValue().replace("_", "")))) {
                String after = tree.source(operand);
                edits.replace(e, after, "returns `" + after + "` instead of `" + before + "`");
            }
        } else if (isNonZeroNumber(e)) {
            edits.replace(e, "-" + before, "returns `-" + before + "` instead of `" + before + "`");
        }
    }

    private static boolean isNonZeroNumber(Expression e) {
        if (e.isIntegerLiteralExpr()) {
            return e.asIntegerLiteralExpr().asNumber().longValue() != 0;
        } else if (e.isLongLiteralExpr()) {
            return e.asLongLiteralExpr().asNumber().longValue() != 0;
        }
        return e.isDoubleLiteralExpr() && e.asDoubleLiteralExpr().asDouble() != 0;
    }
}
