package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.stmt.ExpressionStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;

/** "remove-statement": the suspected expression statement (not a declaration) deleted with its lines. */
final class JavaRemoveStatementTemplate extends JavaTemplate {
    JavaRemoveStatementTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "remove-statement";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (ExpressionStmt s : tree.nodesOn(line, ExpressionStmt.class)) {
            if (!s.getExpression().isVariableDeclarationExpr() && blockStatement(s).filter(b -> b == s).isPresent()) {
                edits.remove(s, "removed `" + tree.source(s) + "`");
            }
        }
    }
}
