package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.Optional;
import java.util.Set;

/**
 * "cast": an integer division whose result is stored or returned as {@code double} or
 * {@code float} made a floating-point one ({@code (double) a / b}): the commonest type
 * conversion bug, and the cast is legal only where a floating value is expected.
 */
final class JavaCastTemplate extends JavaTemplate {
    private static final Set<String> FLOATING = Set.of("double", "float", "Double", "Float");

    JavaCastTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "cast";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            if (b.getOperator() != BinaryExpr.Operator.DIVIDE) {
                continue;
            }
            JavaScope scope = JavaScope.at(b);
            boolean integral = JavaTypes.typeOf(b.getLeft(), scope).filter(JavaTypes::isIntegral).isPresent()
                    && JavaTypes.typeOf(b.getRight(), scope).filter(JavaTypes::isIntegral).isPresent();
            Optional<String> expected = expected(b, scope);
            if (integral && expected.isPresent()) {
                String to = expected.get().toLowerCase(java.util.Locale.ROOT);
                String left = tree.source(b.getLeft());
                String operand = isPrimary(b.getLeft()) ? left : "(" + left + ")";
                edits.replace(b.getLeft(), "(" + to + ") " + operand, "`" + left + "` -> `(" + to + ") " + operand + "`");
            }
        }
    }

    /** The floating type the division's value ends up in, through arithmetic and parentheses. */
    private static Optional<String> expected(BinaryExpr division, JavaScope scope) {
        Node n = division;
        Node parent = n.getParentNode().orElse(null);
        while (parent instanceof EnclosedExpr || parent instanceof BinaryExpr b && isArithmetic(b)) {
            n = parent;
            parent = n.getParentNode().orElse(null);
        }
        Optional<String> type = switch (parent) {
            case VariableDeclarator v -> Optional.of(v.getType().asString());
            case AssignExpr a -> JavaTypes.typeOf(a.getTarget(), scope);
            case ReturnStmt r -> scope.returnType().map(t -> t.asString());
            case null, default -> Optional.empty();
        };
        return type.filter(FLOATING::contains);
    }

    private static boolean isArithmetic(BinaryExpr b) {
        return Set.of(BinaryExpr.Operator.PLUS, BinaryExpr.Operator.MINUS, BinaryExpr.Operator.MULTIPLY,
                BinaryExpr.Operator.DIVIDE).contains(b.getOperator());
    }
}
