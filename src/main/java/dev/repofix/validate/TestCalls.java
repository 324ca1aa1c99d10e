package dev.repofix.validate;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calls a test file makes of one method or function whose arguments are all literals,
 * each as its argument texts: Java through JavaParser, Python through its tokens (strings,
 * brackets and keyword arguments respected). Pure.
 */
final class TestCalls {
    /** A Python call as the test writes it: {@code span.in_range} and its argument texts. */
    record PythonCall(String callee, List<String> arguments) {}

    private static final Set<String> SEQUENCE_FACTORIES = Set.of("List.of", "Arrays.asList", "java.util.List.of",
            "java.util.Arrays.asList", "Set.of");
    /** What is left of a literal once its strings, numbers and None/True/False are taken out. */
    private static final Pattern PYTHON_LITERAL = Pattern.compile("[\\s.+\\-\\[\\](),:{}]*");
    /** A number: {@code 10}, {@code 1.5}, {@code 1e-3}, {@code 0x1F}, {@code 2j}, {@code .5}. */
    private static final Pattern PYTHON_NUMBER = Pattern.compile("(?<![\\w.])\\.?\\d(?:[\\w.]|(?<=[eE])[-+])*");

    private TestCalls() {}

    /** The literal-argument calls of {@code method} with {@code arity} arguments in a Java test source. */
    static List<List<String>> java(String source, String method, int arity) {
        Optional<CompilationUnit> parsed = JavaSyntax.tree(source);
        if (parsed.isEmpty()) {
            return List.of();
        }
        List<List<String>> out = new ArrayList<>();
        for (MethodCallExpr call : parsed.get().findAll(MethodCallExpr.class)) {
            if (call.getNameAsString().equals(method) && call.getArguments().size() == arity
                    && call.getArguments().stream().allMatch(TestCalls::javaLiteral)) {
                out.add(call.getArguments().stream().map(Expression::toString).toList());
            }
        }
        return out;
    }

    /** Literals, negated literals, constants such as {@code Integer.MAX_VALUE}, arrays and lists of those. */
    static boolean javaLiteral(Expression e) {
        return switch (e) {
            case LiteralExpr l -> true;
            case UnaryExpr u -> (u.getOperator() == UnaryExpr.Operator.MINUS || u.getOperator() == UnaryExpr.Operator.PLUS)
                    && javaLiteral(u.getExpression());
            case EnclosedExpr en -> javaLiteral(en.getInner());
            case CastExpr c -> javaLiteral(c.getExpression());
            case FieldAccessExpr f -> f.getNameAsString().matches("[A-Z][A-Z0-9_]*")
                    && f.getScope().toString().matches("(java\\.lang\\.)?(Integer|Long|Short|Byte|Double|Float)");
            case ArrayCreationExpr a -> a.getInitializer().map(TestCalls::javaLiteral).orElse(false);
            case ArrayInitializerExpr i -> i.getValues().stream().allMatch(TestCalls::javaLiteral);
            case MethodCallExpr m -> SEQUENCE_FACTORIES.contains(m.getScope().map(Object::toString).orElse("") + "."
                    + m.getNameAsString()) && m.getArguments().stream().allMatch(TestCalls::javaLiteral);
            default -> false;
        };
    }

    /**
     * The literal-argument calls of {@code function} in a Python test source, as the test names
     * it (bare or through a module); no method calls on {@code self}, no keyword arguments.
     */
    static List<PythonCall> python(String source, String function) {
        Matcher m = Pattern.compile("(?<![\\w.])((?:[A-Za-z_]\\w*\\.)*" + Pattern.quote(function) + ")\\s*\\(")
                .matcher(source);
        List<PythonCall> out = new ArrayList<>();
        while (m.find()) {
            String callee = m.group(1);
            int lineStart = source.lastIndexOf('\n', m.start()) + 1;
            if (source.substring(lineStart, m.start()).matches("\\s*(def|class)\\s+") || callee.startsWith("self.")
                    || inCommentOrString(source, lineStart, m.start())) {
                continue;
            }
            Optional<List<String>> arguments = pythonArguments(source, m.end());
            if (arguments.isPresent() && arguments.get().stream().allMatch(TestCalls::pythonLiteral)) {
                out.add(new PythonCall(callee, arguments.get()));
            }
        }
        return out;
    }

    /** Whether a literal only: numbers, strings, None/True/False and brackets around them. */
    static boolean pythonLiteral(String text) {
        if (text.isBlank() || text.strip().startsWith("*")) {
            return false;
        }
        String stripped = stripStrings(text);
        if (stripped == null) {
            return false;
        }
        String rest = PYTHON_NUMBER.matcher(stripped.replaceAll("\\b(None|True|False)\\b", " ")).replaceAll(" ");
        return PYTHON_LITERAL.matcher(rest).matches();
    }

    /** The text with its string literals removed, or null when a string is not closed. */
    private static String stripStrings(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                int end = stringEnd(text, i);
                if (end < 0) {
                    return null;
                }
                i = end;
                out.append(' ');
                continue;
            }
            if (Character.isLetter(c) && i + 1 < text.length() && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\'')
                    && "bBuUrR".indexOf(c) >= 0) {
                i++;
                continue;
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    /** Index after the string literal opening at {@code start} (single quotes of either kind), or -1. */
    private static int stringEnd(String text, int start) {
        char q = text.charAt(start);
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == q) {
                return i + 1;
            } else if (c == '\n') {
                return -1;
            }
        }
        return -1;
    }

    /** The argument texts of the call whose '(' ends before {@code from}; empty with keyword or unbalanced ones. */
    private static Optional<List<String>> pythonArguments(String source, int from) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        int start = from;
        for (int i = from; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '"' || c == '\'') {
                int end = stringEnd(source, i);
                if (end < 0) {
                    return Optional.empty();
                }
                i = end - 1;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            } else if (c == ')') {
                String last = source.substring(start, i).strip();
                if (!last.isEmpty()) {
                    args.add(last);
                }
                return args.stream().anyMatch(a -> a.matches("(?s)[A-Za-z_]\\w*\\s*=[^=].*")) ? Optional.empty()
                        : Optional.of(args);
            } else if (c == ',' && depth == 0) {
                args.add(source.substring(start, i).strip());
                start = i + 1;
            } else if (c == '#') {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static boolean inCommentOrString(String source, int lineStart, int at) {
        String before = source.substring(lineStart, at);
        return before.contains("#") || before.chars().filter(ch -> ch == '"').count() % 2 == 1
                || before.chars().filter(ch -> ch == '\'').count() % 2 == 1;
    }
}
