package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.Optional;

/**
 * "condition-clause": one operand of a {@code &&} / {@code ||} dropped, or a null guard
 * added in front of an {@code if} / {@code while} condition that dereferences a variable
 * ({@code x != null && ...}, {@code x == null || ...}).
 */
final class JavaConditionClauseTemplate extends JavaTemplate {
    JavaConditionClauseTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "condition-clause";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (Node n : tree.nodesOn(line)) {
            Optional<Expression> condition = n instanceof IfStmt s ? Optional.of(s.getCondition())
                    : n instanceof WhileStmt w ? Optional.of(w.getCondition()) : Optional.empty();
            condition.ifPresent(c -> guard(tree, line, c, edits));
        }
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            if (b.getOperator() == BinaryExpr.Operator.AND || b.getOperator() == BinaryExpr.Operator.OR) {
                String symbol = b.getOperator().asString();
                edits.replace(b, tree.source(b.getLeft()), "dropped `" + symbol + " " + tree.source(b.getRight()) + "`");
                edits.replace(b, tree.source(b.getRight()), "dropped `" + tree.source(b.getLeft()) + " " + symbol + "`");
            }
        }
    }

    private static void guard(JavaTree tree, int line, Expression condition, JavaEdits edits) {
        String source = tree.source(condition);
        boolean loose = condition.isConditionalExpr() || condition.isAssignExpr();
        // `x != null && a || b` would guard only `a`: an || condition is put in parentheses.
        boolean or = condition instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.OR;
        String afterAnd = loose || or ? "(" + source + ")" : source;
        String afterOr = loose ? "(" + source + ")" : source;
        for (String name : JavaNullCheckTemplate.dereferenced(tree, line).keySet()) {
            if (!condition.findAll(com.github.javaparser.ast.expr.NameExpr.class,
                    x -> x.getNameAsString().equals(name)).isEmpty()) {
                edits.replace(condition, name + " != null && " + afterAnd, "added `" + name + " != null &&`");
                edits.replace(condition, name + " == null || " + afterOr, "added `" + name + " == null ||`");
            }
        }
    }
}
