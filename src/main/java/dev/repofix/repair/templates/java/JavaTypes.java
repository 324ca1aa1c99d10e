package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Simple static types of expressions, from declarations in the same file and a few JDK
 * methods everyone calls: types as written ({@code int}, {@code String},
 * {@code List<String>}, {@code int[]}). Empty where the tree alone cannot say; a template
 * then proposes only what compiles whatever the type is.
 */
final class JavaTypes {
    private static final List<String> NUMERIC_ORDER = List.of("byte", "short", "char", "int", "long", "float", "double");
    private static final Map<String, String> UNBOXED = Map.of("Byte", "byte", "Short", "short", "Character", "char",
            "Integer", "int", "Long", "long", "Float", "float", "Double", "double", "Boolean", "boolean");
    private static final Set<String> INT_METHODS = Set.of("length", "size", "indexOf", "lastIndexOf", "compareTo",
            "compare", "hashCode", "ordinal", "signum");
    private static final Set<String> BOOLEAN_METHODS = Set.of("isEmpty", "isBlank", "equals", "equalsIgnoreCase",
            "contains", "containsKey", "containsValue", "startsWith", "endsWith", "matches", "hasNext", "isPresent");
    private static final Set<String> STRING_METHODS = Set.of("toString", "trim", "strip", "substring", "toUpperCase",
            "toLowerCase", "replace", "replaceAll", "repeat", "concat", "name");
    private static final Set<String> MATH_SAME = Set.of("abs", "min", "max");
    private static final Set<String> MATH_DOUBLE = Set.of("floor", "ceil", "sqrt", "pow", "log", "exp", "random");

    private JavaTypes() {}

    static Optional<String> typeOf(Expression e, JavaScope scope) {
        if (e.isIntegerLiteralExpr()) {
            return Optional.of("int");
        } else if (e.isLongLiteralExpr()) {
            return Optional.of("long");
        } else if (e instanceof DoubleLiteralExpr d) {
            return Optional.of(d.getValue().toLowerCase().endsWith("f") ? "float" : "double");
        } else if (e.isCharLiteralExpr()) {
            return Optional.of("char");
        } else if (e.isStringLiteralExpr() || e.isTextBlockLiteralExpr()) {
            return Optional.of("String");
        } else if (e.isBooleanLiteralExpr() || e.isInstanceOfExpr()) {
            return Optional.of("boolean");
        } else if (e.isNullLiteralExpr()) {
            return Optional.of("null");
        } else if (e instanceof NameExpr n) {
            return scope.typeOf(n.getNameAsString());
        } else if (e instanceof EnclosedExpr en) {
            return typeOf(en.getInner(), scope);
        } else if (e instanceof CastExpr c) {
            return Optional.of(c.getType().asString());
        } else if (e instanceof AssignExpr a) {
            return typeOf(a.getTarget(), scope);
        } else if (e instanceof ObjectCreationExpr o) {
            return o.getAnonymousClassBody().isPresent() ? Optional.empty() : Optional.of(o.getType().asString());
        } else if (e instanceof FieldAccessExpr f) {
            return fieldType(f, scope);
        } else if (e instanceof ArrayAccessExpr a) {
            return typeOf(a.getName(), scope).filter(t -> t.endsWith("[]")).map(t -> t.substring(0, t.length() - 2));
        } else if (e instanceof UnaryExpr u) {
            return unaryType(u, scope);
        } else if (e instanceof BinaryExpr b) {
            return binaryType(b, scope);
        } else if (e instanceof ConditionalExpr c) {
            Optional<String> then = typeOf(c.getThenExpr(), scope);
            return then.equals(typeOf(c.getElseExpr(), scope)) ? then : Optional.empty();
        } else if (e instanceof MethodCallExpr m) {
            return callType(m, scope);
        }
        return Optional.empty();
    }

    private static Optional<String> fieldType(FieldAccessExpr f, JavaScope scope) {
        if (f.getScope().isThisExpr()) {
            return Optional.ofNullable(scope.fields().get(f.getNameAsString()));
        }
        if (f.getNameAsString().equals("length") && typeOf(f.getScope(), scope).filter(t -> t.endsWith("[]")).isPresent()) {
            return Optional.of("int");
        }
        return Optional.empty();
    }

    private static Optional<String> unaryType(UnaryExpr u, JavaScope scope) {
        if (u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            return Optional.of("boolean");
        }
        return typeOf(u.getExpression(), scope).filter(JavaTypes::isNumeric).map(JavaTypes::promoted);
    }

    private static Optional<String> binaryType(BinaryExpr b, JavaScope scope) {
        switch (b.getOperator()) {
            case OR, AND, EQUALS, NOT_EQUALS, LESS, GREATER, LESS_EQUALS, GREATER_EQUALS:
                return Optional.of("boolean");
            default:
                break;
        }
        Optional<String> left = typeOf(b.getLeft(), scope);
        Optional<String> right = typeOf(b.getRight(), scope);
        if (b.getOperator() == BinaryExpr.Operator.PLUS
                && (left.filter("String"::equals).isPresent() || right.filter("String"::equals).isPresent())) {
            return Optional.of("String");
        }
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        if (isNumeric(left.get()) && isNumeric(right.get())) {
            return Optional.of(wider(promoted(left.get()), promoted(right.get())));
        }
        if (isBoolean(left.get()) && isBoolean(right.get())) {
            return Optional.of("boolean");
        }
        return Optional.empty();
    }

    private static Optional<String> callType(MethodCallExpr m, JavaScope scope) {
        String name = m.getNameAsString();
        boolean onMath = m.getScope().filter(s -> s.toString().equals("Math")).isPresent();
        if (onMath && MATH_SAME.contains(name) && m.getArguments().isNonEmpty()) {
            Optional<String> widest = Optional.of("int");
            for (Expression a : m.getArguments()) {
                Optional<String> t = typeOf(a, scope).filter(JavaTypes::isNumeric);
                widest = t.isEmpty() ? Optional.empty() : widest.map(w -> wider(w, promoted(t.get())));
            }
            return widest;
        }
        if (onMath && MATH_DOUBLE.contains(name)) {
            return Optional.of("double");
        }
        if (m.getScope().isEmpty() || m.getScope().get().isThisExpr()) {
            List<MethodDeclaration> same = scope.methods().stream().filter(d -> d.getNameAsString().equals(name)
                    && d.getParameters().size() == m.getArguments().size()).toList();
            if (!same.isEmpty()) {
                String t = same.get(0).getType().asString();
                return same.stream().allMatch(d -> d.getType().asString().equals(t)) ? Optional.of(t) : Optional.empty();
            }
        }
        if (m.getScope().isEmpty()) {
            return Optional.empty();
        }
        if (name.equals("charAt")) {
            return Optional.of("char");
        } else if (INT_METHODS.contains(name)) {
            return Optional.of("int");
        } else if (BOOLEAN_METHODS.contains(name)) {
            return Optional.of("boolean");
        } else if (STRING_METHODS.contains(name)
                && typeOf(m.getScope().get(), scope).filter("String"::equals).isPresent()) {
            return Optional.of("String");
        }
        return Optional.empty();
    }

    /**
     * Whether an expression's value is never null by its form alone: a new object or array,
     * a literal other than {@code null}, a lambda, a method reference, a class literal,
     * {@code this}, a string concatenation, or a conditional both of whose branches are.
     */
    static boolean isNeverNull(Expression e, JavaScope scope) {
        if (e instanceof EnclosedExpr en) {
            return isNeverNull(en.getInner(), scope);
        } else if (e instanceof CastExpr c) {
            return isNeverNull(c.getExpression(), scope);
        } else if (e instanceof ConditionalExpr c) {
            return isNeverNull(c.getThenExpr(), scope) && isNeverNull(c.getElseExpr(), scope);
        } else if (e instanceof BinaryExpr b) {
            return typeOf(b, scope).filter("String"::equals).isPresent();
        }
        return e.isObjectCreationExpr() || e.isArrayCreationExpr() || e.isArrayInitializerExpr()
                || e.isLiteralExpr() && !e.isNullLiteralExpr() || e.isLambdaExpr() || e.isMethodReferenceExpr()
                || e.isClassExpr() || e.isThisExpr();
    }

    /** A primitive numeric type or its box. */
    static boolean isNumeric(String type) {
        return NUMERIC_ORDER.contains(UNBOXED.getOrDefault(type, type));
    }

    static boolean isIntegral(String type) {
        String t = UNBOXED.getOrDefault(type, type);
        return isNumeric(t) && !t.equals("float") && !t.equals("double");
    }

    static boolean isBoolean(String type) {
        return type.equals("boolean") || type.equals("Boolean");
    }

    static boolean isPrimitive(String type) {
        return NUMERIC_ORDER.contains(type) || type.equals("boolean");
    }

    /** Not primitive and not the null type: a value that may be null. */
    static boolean isReference(String type) {
        return !isPrimitive(type) && !type.equals("null") && !type.equals("void");
    }

    /** Binary numeric promotion of one operand: unboxed, at least {@code int}. */
    static String promoted(String type) {
        String t = UNBOXED.getOrDefault(type, type);
        return NUMERIC_ORDER.indexOf(t) < NUMERIC_ORDER.indexOf("int") ? "int" : t;
    }

    private static String wider(String a, String b) {
        return NUMERIC_ORDER.indexOf(a) >= NUMERIC_ORDER.indexOf(b) ? a : b;
    }

    /** Source of a value of {@code type} that a method returning it may return early: type defaults first. */
    static List<String> defaults(String type) {
        String base = type.replaceAll("<.*", "");
        if (isBoolean(type)) {
            return List.of("false", "true");
        } else if (type.equals("char")) {
            return List.of("'\\0'");
        } else if (isNumeric(type)) {
            return List.of("0");
        } else if (base.equals("String")) {
            return List.of("\"\"", "null");
        } else if (Set.of("List", "Set", "Map").contains(base)) {
            return List.of(base + ".of()", "null");
        } else if (base.equals("Optional")) {
            return List.of("Optional.empty()");
        }
        return List.of("null");
    }
}
