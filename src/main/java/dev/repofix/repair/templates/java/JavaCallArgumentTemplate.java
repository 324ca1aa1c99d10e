package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "call-argument": one argument of a call or constructor changed: an integral argument
 * moved by one ({@code search(xs, mid, hi)} -> {@code search(xs, mid + 1, hi)}); a field of
 * an object ({@code range.start}) replaced by another field of the same type of that object
 * or of another object in scope whose class the file declares; a name replaced by a field of
 * the same type of an object in scope ({@code end} -> {@code range.end}). Same-typed
 * variables in scope are wrong-variable's, swapped arguments swap-args'.
 */
final class JavaCallArgumentTemplate extends JavaTemplate {
    private static final int MAX_PER_ARGUMENT = 4;

    JavaCallArgumentTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "call-argument";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        List<NodeList<Expression>> calls = new ArrayList<>();
        tree.nodesOn(line, MethodCallExpr.class).forEach(c -> calls.add(c.getArguments()));
        tree.nodesOn(line, ObjectCreationExpr.class).forEach(c -> calls.add(c.getArguments()));
        JavaTypeHierarchy types = new JavaTypeHierarchy(tree.unit());
        for (NodeList<Expression> arguments : calls) {
            for (Expression a : arguments) {
                JavaScope scope = JavaScope.at(a);
                Optional<String> type = JavaTypes.typeOf(a, scope).or(() -> fieldType(a, scope, types));
                if (type.isEmpty() || type.get().equals("null")) {
                    continue;
                }
                offByOne(tree, a, type.get(), edits);
                otherFields(tree, a, type.get(), scope, types, edits);
            }
        }
    }

    /** {@code x} -> {@code x + 1}, {@code x - 1} for an integral argument that is not a literal or already an offset. */
    private static void offByOne(JavaTree tree, Expression a, String type, JavaEdits edits) {
        if (!JavaTypes.isIntegral(type) || type.equals("char") || a.isLiteralExpr() || a.isUnaryExpr()
                || a instanceof BinaryExpr b && (b.getRight().isIntegerLiteralExpr() || b.getLeft().isIntegerLiteralExpr())) {
            return;
        }
        String source = tree.source(a);
        String operand = isPrimary(a) ? source : "(" + source + ")";
        edits.replace(a, operand + " + 1", "`" + source + "` -> `" + operand + " + 1`");
        edits.replace(a, operand + " - 1", "`" + source + "` -> `" + operand + " - 1`");
    }

    /** The type of {@code o.f} where {@code o}'s class is declared in the file. */
    static Optional<String> fieldType(Expression a, JavaScope scope, JavaTypeHierarchy types) {
        if (a instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr o) {
            return scope.typeOf(o.getNameAsString()).flatMap(t -> types.fieldType(t, f.getNameAsString()));
        }
        return Optional.empty();
    }

    private static void otherFields(JavaTree tree, Expression a, String type, JavaScope scope, JavaTypeHierarchy types,
            JavaEdits edits) {
        String source = tree.source(a);
        List<String> out = new ArrayList<>();
        if (a instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr o) {
            String owner = scope.typeOf(o.getNameAsString()).orElse("");
            types.fields(owner, a).forEach((field, t) -> {
                if (t.equals(type) && !field.equals(f.getNameAsString())) {
                    out.add(o.getNameAsString() + "." + field);
                }
            });
        }
        if (a instanceof NameExpr || a instanceof FieldAccessExpr) {
            for (Map.Entry<String, String> v : scope.visible().entrySet()) {
                types.fields(v.getValue(), a).forEach((field, t) -> {
                    String candidate = v.getKey() + "." + field;
                    if (t.equals(type) && !candidate.equals(source)) {
                        out.add(candidate);
                    }
                });
            }
        }
        out.stream().distinct().limit(MAX_PER_ARGUMENT)
                .forEach(c -> edits.replace(a, c, "`" + source + "` -> `" + c + "`"));
    }
}
