package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.Optional;

/** "negate-condition": the condition of an {@code if}, loop or {@code ?:} negated, or its negation removed. */
final class JavaNegateConditionTemplate extends JavaTemplate {
    JavaNegateConditionTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "negate-condition";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (Node n : tree.nodesOn(line)) {
            Optional<Expression> condition = switch (n) {
                case IfStmt s -> Optional.of(s.getCondition());
                case WhileStmt s -> Optional.of(s.getCondition());
                case DoStmt s -> Optional.of(s.getCondition());
                case ForStmt s -> s.getCompare();
                case ConditionalExpr c -> Optional.of(c.getCondition());
                default -> Optional.empty();
            };
            condition.ifPresent(c -> negate(tree, c, edits, keyword(n)));
        }
    }

    static void negate(JavaTree tree, Expression c, JavaEdits edits, String where) {
        if (c instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            Expression inner = u.getExpression() instanceof EnclosedExpr e ? e.getInner() : u.getExpression();
            edits.replace(c, tree.source(inner), "removed negation of `" + where + "` condition");
            return;
        }
        String source = tree.source(c);
        edits.replace(c, isPrimary(c) ? "!" + source : "!(" + source + ")", "negated `" + where + "` condition");
    }

    private static String keyword(Node n) {
        return switch (n) {
            case IfStmt s -> "if";
            case WhileStmt s -> "while";
            case DoStmt s -> "do-while";
            case ForStmt s -> "for";
            default -> "?:";
        };
    }
}
