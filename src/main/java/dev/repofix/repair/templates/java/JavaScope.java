package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.type.Type;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The names visible at a node with their declared types, from the syntax tree alone:
 * parameters and locals declared before it in enclosing blocks (innermost first), then
 * the fields of enclosing classes (instance fields only outside static methods). Enough
 * to keep candidates type-plausible; no imports or supertypes are resolved.
 */
final class JavaScope {
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final Map<String, String> fields = new LinkedHashMap<>();
    private final Set<String> finals = new HashSet<>();
    private final Set<String> neverNull = new HashSet<>();
    private final Optional<CallableDeclaration<?>> callable;
    private final Optional<TypeDeclaration<?>> type;
    private final boolean insideLambda;

    private JavaScope(Node at) {
        this.callable = at.findAncestor(CallableDeclaration.class).map(c -> (CallableDeclaration<?>) c);
        this.type = at.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
        this.insideLambda = at.findAncestor(LambdaExpr.class)
                .filter(l -> callable.isEmpty() || l.isDescendantOf(callable.get())).isPresent();
        collectLocals(at);
        boolean isStatic = callable.map(c -> c.isStatic()).orElse(false);
        at.findAncestor(TypeDeclaration.class).ifPresent(t -> collectFields((TypeDeclaration<?>) t, isStatic));
    }

    static JavaScope at(Node node) {
        return new JavaScope(node);
    }

    /** Declared type of a visible variable or field, as written ({@code var} resolved from its initializer where simple). */
    Optional<String> typeOf(String name) {
        return Optional.ofNullable(variables.get(name));
    }

    /** Visible names (locals and parameters, then fields) in declaration order, innermost first. */
    Map<String, String> visible() {
        return variables;
    }

    /** Whether a visible name is declared {@code final}, so that it cannot be assigned. */
    boolean isFinal(String name) {
        return finals.contains(name);
    }

    /**
     * Whether a visible name can never hold null: declared {@code final} with an initializer
     * that is a new object, an array, a non-null literal, a lambda or a string concatenation
     * (a method's result may be null, so a call does not count).
     */
    boolean isNeverNull(String name) {
        return neverNull.contains(name);
    }

    /** Fields visible here by name. */
    Map<String, String> fields() {
        return fields;
    }

    /** The enclosing method's declared return type; empty in constructors, initializers and lambdas. */
    Optional<Type> returnType() {
        if (insideLambda) {
            return Optional.empty();
        }
        return callable.filter(MethodDeclaration.class::isInstance).map(c -> ((MethodDeclaration) c).getType());
    }

    /** Whether a {@code return} here leaves a constructor or a void method (and not a lambda). */
    boolean returnsVoid() {
        return !insideLambda && callable.isPresent() && (callable.get().isConstructorDeclaration()
                || returnType().map(Type::isVoidType).orElse(false));
    }

    /** Methods of the enclosing class. */
    List<MethodDeclaration> methods() {
        return type.map(TypeDeclaration::getMethods).orElse(List.of());
    }

    boolean isStatic() {
        return callable.map(c -> c.isStatic()).orElse(false);
    }

    private void collectLocals(Node at) {
        Node child = at;
        for (Optional<Node> parent = at.getParentNode(); parent.isPresent(); parent = parent.get().getParentNode()) {
            Node p = parent.get();
            if (p instanceof BlockStmt block) {
                declaredBefore(block.getStatements(), child);
            } else if (p instanceof SwitchEntry entry) {
                declaredBefore(entry.getStatements(), child);
            } else if (p instanceof ForStmt loop) {
                loop.getInitialization().forEach(e -> e.ifVariableDeclarationExpr(this::declare));
            } else if (p instanceof ForEachStmt each) {
                declare(each.getVariable());
            } else if (p instanceof CatchClause c) {
                declare(c.getParameter());
            } else if (p instanceof LambdaExpr lambda) {
                lambda.getParameters().stream().filter(q -> !q.getType().isUnknownType()).forEach(this::declare);
            } else if (p instanceof CallableDeclaration<?> c) {
                c.getParameters().forEach(this::declare);
            } else if (p instanceof TypeDeclaration<?>) {
                return;
            }
            child = p;
        }
    }

    private void declaredBefore(NodeList<Statement> statements, Node child) {
        for (Statement s : statements) {
            if (s == child) {
                return;
            }
            if (s instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) {
                declare(v);
            }
        }
    }

    private void declare(VariableDeclarationExpr declaration) {
        for (VariableDeclarator v : declaration.getVariables()) {
            String t = v.getType().isVarType()
                    ? v.getInitializer().flatMap(i -> JavaTypes.typeOf(i, this)).orElse(null)
                    : v.getType().asString();
            if (t != null && variables.putIfAbsent(v.getNameAsString(), t) == null && declaration.isFinal()) {
                declareFinal(v);
            }
        }
    }

    private void declareFinal(VariableDeclarator v) {
        finals.add(v.getNameAsString());
        if (v.getInitializer().filter(i -> JavaTypes.isNeverNull(i, this)).isPresent()) {
            neverNull.add(v.getNameAsString());
        }
    }

    private void declare(Parameter p) {
        String t = p.getType().asString() + (p.isVarArgs() ? "[]" : "");
        if (variables.putIfAbsent(p.getNameAsString(), t) == null && p.isFinal()) {
            finals.add(p.getNameAsString());
        }
    }

    private void collectFields(TypeDeclaration<?> declaration, boolean staticContext) {
        for (FieldDeclaration f : declaration.getFields()) {
            if (staticContext && !f.isStatic()) {
                continue;
            }
            for (VariableDeclarator v : f.getVariables()) {
                // the serialization stream's version: no code means it as a value
                if (v.getNameAsString().equals("serialVersionUID")) {
                    continue;
                }
                fields.putIfAbsent(v.getNameAsString(), v.getType().asString());
                if (variables.putIfAbsent(v.getNameAsString(), v.getType().asString()) == null && f.isFinal()) {
                    declareFinal(v);
                }
            }
        }
    }
}
