package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LiteralStringValueExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.Shifts;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * "off-by-one": an offset {@code n - 1} dropped, a decimal integer literal moved by one, an
 * index ({@code a[i]}, the index arguments of {@code charAt}, {@code get}, {@code substring},
 * {@code subList}) moved by one, and a compared bound ({@code i < n}) moved by one.
 */
final class JavaOffByOneTemplate extends JavaTemplate {
    private static final Map<String, Integer> INDEX_METHODS = Map.of("charAt", 1, "get", 1, "substring", 2,
            "subList", 2, "set", 2);
    private static final Set<BinaryExpr.Operator> ORDERINGS = Set.of(BinaryExpr.Operator.LESS,
            BinaryExpr.Operator.LESS_EQUALS, BinaryExpr.Operator.GREATER, BinaryExpr.Operator.GREATER_EQUALS);

    JavaOffByOneTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "off-by-one";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            if (isOffsetByOne(b)) {
                edits.replace(b, tree.source(b.getLeft()), "removed `" + tree.source(b).substring(
                        tree.end(b.getLeft()) - tree.begin(b)).strip() + "`");
            }
        }
        for (LiteralStringValueExpr literal : tree.nodesOn(line, LiteralStringValueExpr.class)) {
            if ((literal.isIntegerLiteralExpr() || literal.isLongLiteralExpr())
                    && literal.getValue().matches("[0-9][0-9_]*[lL]?") && literal.findAncestor(
                            com.github.javaparser.ast.expr.AnnotationExpr.class).isEmpty()) {
                moveLiteral(literal, edits);
            }
        }
        for (ArrayAccessExpr a : tree.nodesOn(line, ArrayAccessExpr.class)) {
            shift(tree, a.getIndex(), edits, "index");
        }
        for (MethodCallExpr call : tree.nodesOn(line, MethodCallExpr.class)) {
            Integer max = INDEX_METHODS.get(call.getNameAsString());
            if (max == null || call.getScope().isEmpty() || call.getArguments().size() > max) {
                continue;
            }
            int indexes = call.getNameAsString().equals("set") ? 1 : call.getArguments().size();
            for (Expression argument : call.getArguments().subList(0, indexes)) {
                if (JavaTypes.typeOf(argument, JavaScope.at(argument)).filter(JavaTypes::isIntegral).isPresent()) {
                    shift(tree, argument, edits, "`" + call.getNameAsString() + "` argument");
                }
            }
        }
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            if (ORDERINGS.contains(b.getOperator()) && !b.getRight().isLiteralExpr()
                    && JavaTypes.typeOf(b.getRight(), JavaScope.at(b)).filter(JavaTypes::isIntegral).isPresent()) {
                shift(tree, b.getRight(), edits, "bound");
            }
        }
    }

    /** {@code e - 1} or {@code e + 1}. */
    private static boolean isOffsetByOne(BinaryExpr b) {
        return (b.getOperator() == BinaryExpr.Operator.MINUS || b.getOperator() == BinaryExpr.Operator.PLUS)
                && b.getRight().isIntegerLiteralExpr() && b.getRight().asIntegerLiteralExpr().getValue().equals("1");
    }

    /**
     * The literal one down and one up; a negated literal ({@code -1}) moves as the signed
     * number it is, so {@code -1} becomes {@code 0} and {@code -2}, never {@code -0}.
     */
    private static void moveLiteral(LiteralStringValueExpr literal, JavaEdits edits) {
        String text = literal.getValue();
        String suffix = text.endsWith("l") || text.endsWith("L") ? text.substring(text.length() - 1) : "";
        String digits = text.substring(0, text.length() - suffix.length());
        BigInteger value = new BigInteger(digits.replace("_", ""));
        Optional<UnaryExpr> negated = literal.getParentNode().filter(UnaryExpr.class::isInstance)
                .map(UnaryExpr.class::cast).filter(u -> u.getOperator() == UnaryExpr.Operator.MINUS);
        // the 1 of `x + 1` moves away from zero only: toward zero it is the removal of the offset,
        // offered above, and `x + 0` is that in other words
        boolean offset = literal.getParentNode().filter(p -> p instanceof BinaryExpr b && isOffsetByOne(b)
                && b.getRight() == literal).isPresent();
        if (negated.isPresent()) {
            BigInteger signed = value.negate();
            for (BigInteger moved : new BigInteger[] {signed.add(BigInteger.ONE), signed.subtract(BigInteger.ONE)}) {
                String written = written(moved, digits) + suffix;
                edits.replace(negated.get(), written, "`-" + text + "` -> `" + written + "`");
            }
            return;
        }
        for (BigInteger moved : new BigInteger[] {value.subtract(BigInteger.ONE), value.add(BigInteger.ONE)}) {
            if (moved.signum() > 0 || moved.signum() == 0 && !offset) {
                String written = written(moved, digits) + suffix;
                edits.replace(literal, written, "`" + text + "` -> `" + written + "`");
            }
        }
    }

    /** A moved value with the literal's digit groups ({@code 10_000} -> {@code 10_001}) when it fits a long. */
    private static String written(BigInteger moved, String digits) {
        return moved.bitLength() < 63 ? Shifts.grouped(moved.longValue(), digits) : moved.toString();
    }

    /** {@code i} to {@code i - 1} and {@code i + 1}, unless it already is such an offset (then the literal moves). */
    private static void shift(JavaTree tree, Expression e, JavaEdits edits, String where) {
        if (e.isIntegerLiteralExpr() || (e instanceof BinaryExpr b && isOffsetByOne(b))) {
            return;
        }
        String before = tree.source(e);
        String operand = isPrimary(e) || (e instanceof BinaryExpr b && arithmetic(b)) ? before : "(" + before + ")";
        for (String offset : new String[] {" - 1", " + 1"}) {
            edits.replace(e, operand + offset, "`" + before + "` -> `" + operand + offset + "` in " + where);
        }
    }

    private static boolean arithmetic(BinaryExpr b) {
        return Set.of(BinaryExpr.Operator.PLUS, BinaryExpr.Operator.MINUS, BinaryExpr.Operator.MULTIPLY,
                BinaryExpr.Operator.DIVIDE, BinaryExpr.Operator.REMAINDER).contains(b.getOperator());
    }
}
