package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * "wrap-call": a call around a value that should be passed as is unwrapped
 * ({@code add(flatten(x))} -> {@code add(x)}, {@code use(name.trim())} -> {@code use(name)}),
 * or a value wrapped in a one-argument call the file already makes on a value of the same
 * type ({@code add(x)} -> {@code add(normalize(x))} where the file has {@code normalize(y)}
 * with {@code y} of {@code x}'s type), or in a method of the class from that type to itself.
 * In call arguments and returned values.
 */
final class JavaWrapCallTemplate extends JavaTemplate {
    private static final int MAX_WRAPS = 4;
    /** Kinds of wrapper, tried in this order: returns the value's type, returns an unknown type, another type. */
    private static final int SAME = 0;
    private static final int UNKNOWN = 1;
    private static final int OTHER = 2;
    private static final int FAR = 1_000_000;

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

    /**
     * {@code x} -> {@code g(x)} for a one-argument call {@code g(y)} the file makes on a value {@code y} of
     * {@code x}'s type, or a one-parameter method the enclosing class declares from that type to itself.
     * Type-checked where the file declares {@code g}: never a {@code void} one; those that return
     * {@code x}'s type first (a value to normalize, escape, strip), then those of unknown type, then the rest;
     * within each, the nearest to the value first (its calls' or declaration's lines), {@value #MAX_WRAPS} at most.
     */
    private static void wrap(JavaTree tree, Expression v, JavaEdits edits) {
        if (!(v instanceof NameExpr x)) {
            return;
        }
        JavaScope here = JavaScope.at(v);
        Optional<String> type = here.typeOf(x.getNameAsString());
        if (type.isEmpty()) {
            return;
        }
        Set<String> enclosing = enclosing(v);
        int line = v.getBegin().map(b -> b.line).orElse(0);
        Map<String, Integer> rank = new HashMap<>(); // wrapper -> kind * FAR + distance in lines, lowest kept
        for (MethodCallExpr call : tree.unit().findAll(MethodCallExpr.class)) {
            if (call.getArguments().size() != 1 || call.getArgument(0) == v) {
                continue;
            }
            boolean staticOrOwn = call.getScope().isEmpty()
                    || call.getScope().get() instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0));
            if (!staticOrOwn || enclosing.contains(call.getNameAsString())
                    || !argumentType(call.getArgument(0), JavaScope.at(call)).equals(type)) {
                continue;
            }
            Optional<String> returns = call.getScope().isPresent() ? Optional.empty() : returnType(here, call.getNameAsString());
            if (returns.filter("void"::equals).isEmpty()) {
                int kind = returns.isEmpty() ? UNKNOWN : returns.equals(type) ? SAME : OTHER;
                rank.merge(call.getScope().map(s -> s + ".").orElse("") + call.getNameAsString(),
                        kind * FAR + distance(call, line), Math::min);
            }
        }
        here.methods().stream().filter(m -> m.getParameters().size() == 1
                && m.getParameter(0).getType().asString().equals(type.get()) && m.getType().asString().equals(type.get())
                && !enclosing.contains(m.getNameAsString()) && (m.isStatic() || !here.isStatic()))
                .forEach(m -> rank.merge(m.getNameAsString(), SAME * FAR + distance(m, line), Math::min));
        List<String> wrappers = rank.keySet().stream()
                .sorted(java.util.Comparator.comparing((String w) -> rank.get(w)).thenComparing(w -> w)).toList();
        wrappers.stream().limit(MAX_WRAPS).forEach(w -> edits.replace(v, w + "(" + x.getNameAsString() + ")",
                "`" + x.getNameAsString() + "` -> `" + w + "(" + x.getNameAsString() + ")`"));
    }

    /** Lines between a wrapper's call or declaration and the value: the nearest ingredients first. */
    private static int distance(com.github.javaparser.ast.Node n, int line) {
        return Math.min(FAR - 1, n.getBegin().map(b -> Math.abs(b.line - line)).orElse(FAR - 1));
    }

    /** An argument's type; {@code o.toString()} is a String whatever {@code o} is. */
    private static Optional<String> argumentType(Expression argument, JavaScope scope) {
        if (argument instanceof MethodCallExpr m && m.getNameAsString().equals("toString") && m.getArguments().isEmpty()
                && m.getScope().isPresent()) {
            return Optional.of("String");
        }
        return JavaTypes.typeOf(argument, scope);
    }

    /** The return type of the class's one-parameter methods of that name when they agree, else empty. */
    private static Optional<String> returnType(JavaScope scope, String name) {
        Set<String> types = new LinkedHashSet<>();
        scope.methods().stream().filter(m -> m.getNameAsString().equals(name) && m.getParameters().size() == 1)
                .forEach(m -> types.add(m.getType().asString()));
        return types.size() == 1 ? Optional.of(types.iterator().next()) : Optional.empty();
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
