package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.BinaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;

/** "logical-op": {@code &&} and {@code ||} swapped, one occurrence at a time. */
final class JavaLogicalOperatorTemplate extends JavaTemplate {
    JavaLogicalOperatorTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "logical-op";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            String symbol = b.getOperator().asString();
            String swapped = switch (b.getOperator()) {
                case AND -> "||";
                case OR -> "&&";
                default -> null;
            };
            int at = swapped == null ? -1 : operatorOffset(tree, b.getLeft(), b.getRight(), symbol);
            if (at >= 0) {
                edits.replace(at, at + 2, swapped, "`" + symbol + "` -> `" + swapped + "`");
            }
        }
    }
}
