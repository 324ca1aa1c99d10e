package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "receiver": the object a field is read from or a method called on replaced by another
 * that has that member: {@code schema.opts} -> {@code root.opts}, {@code a.size()} ->
 * {@code b.size()}, {@code this.opt(k)} -> {@code other.opt(k)}. Candidates are, in order, names in scope of the receiver's own type,
 * names in scope whose class (declared in the file) has the member, {@code this} where
 * the enclosing class has it, and one step further ({@code this.root.opts},
 * {@code tree.root.opts}) through a field whose class has it.
 */
final class JavaReceiverTemplate extends JavaTemplate {
    private static final int MAX_PER_RECEIVER = 5;

    JavaReceiverTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "receiver";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        JavaTypeHierarchy types = new JavaTypeHierarchy(tree.unit());
        for (FieldAccessExpr f : tree.nodesOn(line, FieldAccessExpr.class)) {
            if (f.getScope() instanceof NameExpr || f.getScope().isThisExpr() || f.getScope().isFieldAccessExpr()) {
                replaceReceiver(tree, f.getScope(), f.getNameAsString(), true, types, edits);
            }
        }
        for (MethodCallExpr m : tree.nodesOn(line, MethodCallExpr.class)) {
            Optional<Expression> scope = m.getScope();
            if (scope.isPresent() && (scope.get() instanceof NameExpr || scope.get().isFieldAccessExpr()
                    || scope.get().isThisExpr())) {
                replaceReceiver(tree, scope.get(), m.getNameAsString(), false, types, edits);
            }
        }
    }

    private static void replaceReceiver(JavaTree tree, Expression receiver, String member, boolean field,
            JavaTypeHierarchy types, JavaEdits edits) {
        JavaScope scope = JavaScope.at(receiver);
        String source = tree.source(receiver);
        Optional<String> own = receiverType(receiver, scope, types);
        if (own.isEmpty() && receiver instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0))) {
            return; // a class's static member, not an object's
        }
        List<String> out = new ArrayList<>();
        Map<String, String> visible = scope.visible();
        own.ifPresent(t -> visible.forEach((name, type) -> {
            if (type.equals(t)) {
                out.add(name);
            }
        }));
        visible.forEach((name, type) -> {
            if (has(types, type, member, field)) {
                out.add(name);
            }
        });
        receiver.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class).ifPresent(t -> {
            if (!scope.isStatic() && has(types, t.getNameAsString(), member, field)) {
                out.add("this");
            }
        });
        visible.forEach((name, type) -> types.fields(type, receiver).forEach((inner, innerType) -> {
            if (has(types, innerType, member, field)) {
                out.add(name + "." + inner);
            }
        }));
        out.stream().filter(c -> !c.equals(source) && !c.equals("this." + source) && !("this." + c).equals(source))
                .distinct().limit(MAX_PER_RECEIVER)
                .forEach(c -> edits.replace(receiver, c, "`" + source + "." + member + "` -> `" + c + "." + member + "`"));
    }

    private static Optional<String> receiverType(Expression receiver, JavaScope scope, JavaTypeHierarchy types) {
        if (receiver instanceof NameExpr n) {
            return scope.typeOf(n.getNameAsString());
        }
        if (receiver.isThisExpr()) {
            return receiver.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class)
                    .map(t -> t.getNameAsString());
        }
        if (receiver instanceof FieldAccessExpr f && f.getScope().isThisExpr()) {
            return Optional.ofNullable(scope.fields().get(f.getNameAsString()));
        }
        return JavaCallArgumentTemplate.fieldType(receiver, scope, types);
    }

    private static boolean has(JavaTypeHierarchy types, String type, String member, boolean field) {
        return field ? types.fieldType(type, member).isPresent() : types.hasMethod(type, member);
    }
}
