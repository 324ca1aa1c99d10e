package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.List;
import java.util.Optional;

/**
 * "missing-jump": a {@code break} after the last statement of a switch case that falls
 * through; a {@code break} or {@code continue} after the last statement of a block inside
 * a loop; a {@code return v} after an assignment to {@code v} of the method's return type.
 * Only after a block's last statement, so that nothing becomes unreachable.
 */
final class JavaMissingJumpTemplate extends JavaTemplate {
    JavaMissingJumpTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "missing-jump";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (Statement s : tree.nodesOn(line, Statement.class)) {
            if (s.getEnd().orElseThrow().line != line || !isLastInItsBlock(s) || isJump(s)) {
                continue;
            }
            if (s.getParentNode().orElseThrow() instanceof SwitchEntry entry && fallsThrough(entry)) {
                edits.insertAfter(s, List.of("break;"), "added `break;` at the end of the case");
            }
            if (s.getParentNode().orElseThrow() instanceof BlockStmt block && insideLoop(block)) {
                edits.insertAfter(s, List.of("break;"), "added `break;`");
                edits.insertAfter(s, List.of("continue;"), "added `continue;`");
            }
            returnAssigned(s, edits);
        }
    }

    private static boolean isLastInItsBlock(Statement s) {
        Optional<Node> parent = s.getParentNode();
        if (parent.isPresent() && parent.get() instanceof BlockStmt b) {
            return b.getStatements().getLast().filter(last -> last == s).isPresent();
        }
        if (parent.isPresent() && parent.get() instanceof SwitchEntry e) {
            return e.getStatements().getLast().filter(last -> last == s).isPresent();
        }
        return false;
    }

    private static boolean isJump(Statement s) {
        return s.isBreakStmt() || s.isContinueStmt() || s.isReturnStmt() || s.isThrowStmt() || s.isYieldStmt()
                || s.isBlockStmt();
    }

    private static boolean fallsThrough(SwitchEntry entry) {
        return entry.getType() == SwitchEntry.Type.STATEMENT_GROUP && entry.getParentNode().orElseThrow()
                instanceof SwitchStmt sw && sw.getEntries().getLast().filter(last -> last != entry).isPresent();
    }

    /** Inside a loop body, not crossing a switch (whose {@code break} it would take), lambda or method. */
    private static boolean insideLoop(Node block) {
        for (Node n = block.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof ForStmt || n instanceof WhileStmt || n instanceof DoStmt || n instanceof ForEachStmt) {
                return true;
            }
            if (n instanceof SwitchEntry || n instanceof LambdaExpr || n instanceof CallableDeclaration) {
                return false;
            }
        }
        return false;
    }

    private static void returnAssigned(Statement s, JavaEdits edits) {
        if (!(s instanceof ExpressionStmt e) || !(e.getExpression() instanceof AssignExpr a)
                || a.getOperator() != AssignExpr.Operator.ASSIGN || !a.getTarget().isNameExpr()) {
            return;
        }
        JavaScope scope = JavaScope.at(s);
        String name = a.getTarget().asNameExpr().getNameAsString();
        Optional<String> type = scope.typeOf(name);
        if (type.isPresent() && scope.returnType().filter(t -> t.asString().equals(type.get())).isPresent()
                && s.getParentNode().orElseThrow() instanceof BlockStmt) {
            edits.insertAfter(s, List.of("return " + name + ";"), "added `return " + name + ";`");
        }
    }
}
