package dev.repofix.repair;

import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.ReturnStmt;
import java.util.Map;
import java.util.Optional;

/**
 * "return-value": what a {@code return} returns changed: a boolean literal flipped, a
 * boolean expression negated, a variable replaced by another of the same declared type.
 */
final class JavaReturnValueTemplate extends JavaTemplate {
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
}
