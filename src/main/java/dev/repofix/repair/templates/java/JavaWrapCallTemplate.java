package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * "wrap-call": a call around a value that should be passed as is unwrapped
 * ({@code add(flatten(x))} -> {@code add(x)}, {@code use(name.trim())} -> {@code use(name)}),
 * or a value wrapped in a one-argument call the file already makes on a value of the same
 * type ({@code add(x)} -> {@code add(normalize(x))} where the file has {@code normalize(y)}
 * with {@code y} of {@code x}'s type). In call arguments and returned values.
 */
final class JavaWrapCallTemplate extends JavaTemplate {
    private static final int MAX_WRAPS = 3;

    JavaWrapCallTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "wrap-call";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        List<Expression> values = new ArrayList<>();
        tree.nodesOn(line, MethodCallExpr.class).forEach(c -> values.addAll(c.getArguments()));
        tree.nodesOn(line, ObjectCreationExpr.class).forEach(c -> values.addAll(c.getArguments()));
        tree.nodesOn(line, ReturnStmt.class).forEach(r -> r.getExpression().ifPresent(values::add));
        for (Expression v : values) {
            unwrap(tree, v, edits);
        }
        for (Expression v : values) {
            wrap(tree, v, edits);
        }
    }

    /** {@code g(x)} and {@code C.g(x)} -> {@code x}; {@code x.g()} -> {@code x} for a name {@code x}. */
    private static void unwrap(JavaTree tree, Expression v, JavaEdits edits) {
        if (!(v instanceof MethodCallExpr call)) {
            return;
        }
        Optional<Expression> inner = Optional.empty();
        boolean staticOrOwn = call.getScope().isEmpty() || call.getScope().get().isThisExpr()
                || call.getScope().get() instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0));
        if (call.getArguments().size() == 1 && staticOrOwn) {
            inner = Optional.of(call.getArgument(0));
        } else if (call.getArguments().isEmpty() && call.getScope().filter(s -> s instanceof NameExpr n
                && Character.isLowerCase(n.getNameAsString().charAt(0))).isPresent()) {
            inner = call.getScope();
        }
        JavaScope scope = JavaScope.at(v);
        Optional<String> wrapped = JavaTypes.typeOf(v, scope);
        boolean chained = call.getArguments().isEmpty();
        inner.filter(x -> {
            Optional<String> bare = JavaTypes.typeOf(x, scope);
            // x.g() of another type than x (list.size()) is no wrapper; g(x) may convert, unless both types are known
            return chained ? wrapped.isPresent() && wrapped.equals(bare)
                    : wrapped.isEmpty() || bare.isEmpty() || wrapped.equals(bare);
        }).ifPresent(x -> edits.replace(v, tree.source(x), "`" + tree.source(v) + "` -> `" + tree.source(x) + "`"));
    }

    /** {@code x} -> {@code g(x)} for a one-argument call {@code g(y)} the file makes on a {@code y} of {@code x}'s type. */
    private static void wrap(JavaTree tree, Expression v, JavaEdits edits) {
        if (!(v instanceof NameExpr x)) {
            return;
        }
        JavaScope here = JavaScope.at(v);
        Optional<String> type = here.typeOf(x.getNameAsString());
        if (type.isEmpty()) {
            return;
        }
        Set<String> wrappers = new LinkedHashSet<>();
        for (MethodCallExpr call : tree.unit().findAll(MethodCallExpr.class)) {
            if (call.getArguments().size() != 1 || !(call.getArgument(0) instanceof NameExpr y)
                    || call.getParentNode().filter(p -> p == v).isPresent()) {
                continue;
            }
            boolean staticOrOwn = call.getScope().isEmpty()
                    || call.getScope().get() instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0));
            if (staticOrOwn && JavaScope.at(call).typeOf(y.getNameAsString()).equals(type)
                    && !enclosing(v).contains(call.getNameAsString())) {
                wrappers.add(call.getScope().map(s -> s + ".").orElse("") + call.getNameAsString());
            }
        }
        wrappers.stream().limit(MAX_WRAPS).forEach(w -> edits.replace(v, w + "(" + x.getNameAsString() + ")",
                "`" + x.getNameAsString() + "` -> `" + w + "(" + x.getNameAsString() + ")`"));
    }

    /** The name of the method holding {@code v}: wrapping its own parameter in a call to itself recurses. */
    private static Set<String> enclosing(Expression v) {
        Set<String> out = new LinkedHashSet<>();
        v.findAncestor(com.github.javaparser.ast.body.MethodDeclaration.class).ifPresent(m -> out.add(m.getNameAsString()));
        v.getParentNode().filter(p -> p instanceof MethodCallExpr).map(p -> ((MethodCallExpr) p).getNameAsString())
                .ifPresent(out::add);
        return out;
    }
}
