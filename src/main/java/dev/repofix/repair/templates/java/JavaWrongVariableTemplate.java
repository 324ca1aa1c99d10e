package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.Map;

/**
 * "wrong-variable": a variable or field replaced by another of the same declared type in
 * scope (parameters, locals declared before the line, fields of the class), so that the
 * candidate compiles wherever the original did.
 */
final class JavaWrongVariableTemplate extends JavaTemplate {
    /** Beyond this many same-typed names per use the candidates are mostly noise. */
    private static final int MAX_PER_USE = 6;
    private static final java.util.Set<UnaryExpr.Operator> INCREMENTS = java.util.Set.of(
            UnaryExpr.Operator.PREFIX_INCREMENT, UnaryExpr.Operator.PREFIX_DECREMENT,
            UnaryExpr.Operator.POSTFIX_INCREMENT, UnaryExpr.Operator.POSTFIX_DECREMENT);

    JavaWrongVariableTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "wrong-variable";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (NameExpr use : tree.nodesOn(line, NameExpr.class)) {
            JavaScope scope = JavaScope.at(use);
            String name = use.getNameAsString();
            boolean assigned = isAssigned(use);
            scope.typeOf(name).ifPresent(type -> sameTyped(scope.visible(), name, type, other -> {
                if (!assigned || !scope.isFinal(other)) {
                    edits.replace(use, other, "`" + name + "` -> `" + other + "`");
                }
            }));
        }
        for (FieldAccessExpr use : tree.nodesOn(line, FieldAccessExpr.class)) {
            if (!use.getScope().isThisExpr()) {
                continue;
            }
            JavaScope scope = JavaScope.at(use);
            String name = use.getNameAsString();
            String type = scope.fields().get(name);
            if (type != null) {
                boolean assigned = isAssigned(use);
                sameTyped(scope.fields(), name, type, other -> {
                    if (!assigned || !scope.isFinal(other)) {
                        edits.replace(use.getName(), other, "`this." + name + "` -> `this." + other + "`");
                    }
                });
            }
        }
    }

    /** Written to: a final name cannot take its place. */
    private static boolean isAssigned(Expression use) {
        return use.getParentNode().filter(p -> p instanceof AssignExpr a && a.getTarget() == use
                || p instanceof UnaryExpr u && INCREMENTS.contains(u.getOperator())).isPresent();
    }

    private static void sameTyped(Map<String, String> names, String name, String type,
            java.util.function.Consumer<String> use) {
        names.entrySet().stream().filter(e -> !e.getKey().equals(name) && e.getValue().equals(type))
                .limit(MAX_PER_USE).forEach(e -> use.accept(e.getKey()));
    }
}
