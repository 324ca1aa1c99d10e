package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "null-check": for a variable of a reference type dereferenced on the line, a guard
 * before its statement that returns early ({@code return;}, or a default of the method's
 * return type: {@code 0}, {@code false}, {@code ""}, {@code List.of()}, {@code null}), or
 * the statement wrapped in {@code if (x != null)}.
 */
final class JavaNullCheckTemplate extends JavaTemplate {
    JavaNullCheckTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "null-check";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (Map.Entry<String, Statement> d : dereferenced(tree, line).entrySet()) {
            String name = d.getKey();
            Statement statement = d.getValue();
            JavaScope scope = JavaScope.at(statement);
            String unit = indentUnit(edits.indentOf(statement.getBegin().orElseThrow().line));
            for (String value : returned(scope)) {
                String exit = value.isEmpty() ? "return;" : "return " + value + ";";
                edits.insertBefore(statement, List.of("if (" + name + " == null) {", unit + exit, "}"),
                        "return " + (value.isEmpty() ? "" : value + " ") + "early when `" + name + "` is null");
            }
            if (statement instanceof ExpressionStmt e && !e.getExpression().isVariableDeclarationExpr()) {
                wrap(tree, statement, name, unit, edits);
            }
        }
    }

    /**
     * Variables of a reference type dereferenced on the line that may be null, with the block
     * statement that holds each use.
     */
    static Map<String, Statement> dereferenced(JavaTree tree, int line) {
        Map<String, Statement> out = new LinkedHashMap<>();
        for (NameExpr n : tree.nodesOn(line, NameExpr.class)) {
            if (!isDereferenced(n) || n.getRange().orElseThrow().begin.line != line) {
                continue;
            }
            String name = n.getNameAsString();
            JavaScope scope = JavaScope.at(n);
            Optional<String> type = scope.typeOf(name);
            Optional<Statement> statement = blockStatement(n);
            // a final initialised to a new object where it is declared is never null: a check would do nothing
            if (type.filter(JavaTypes::isReference).isPresent() && !scope.isNeverNull(name) && statement.isPresent()) {
                out.putIfAbsent(name, statement.get());
            }
        }
        return out;
    }

    private static boolean isDereferenced(NameExpr n) {
        Optional<com.github.javaparser.ast.Node> parent = n.getParentNode();
        if (parent.isEmpty()) {
            return false;
        }
        return switch (parent.get()) {
            case MethodCallExpr m -> m.getScope().filter(s -> s == n).isPresent();
            case FieldAccessExpr f -> f.getScope() == n;
            case ArrayAccessExpr a -> a.getName() == n;
            case ForEachStmt f -> f.getIterable() == n;
            default -> false;
        };
    }

    /** What an early return returns: "" for a bare {@code return}; nothing inside a lambda or initializer. */
    private static List<String> returned(JavaScope scope) {
        if (scope.returnsVoid()) {
            return List.of("");
        }
        return scope.returnType().map(t -> JavaTypes.defaults(t.asString())).orElse(List.of());
    }

    private static void wrap(JavaTree tree, Statement statement, String name, String unit, JavaEdits edits) {
        int first = statement.getBegin().orElseThrow().line;
        int last = statement.getEnd().orElseThrow().line;
        String indent = edits.indentOf(first);
        List<String> lines = new ArrayList<>();
        lines.add("if (" + name + " != null) {");
        for (int l = first; l <= last; l++) {
            String text = tree.file().line(l);
            lines.add(unit + (text.startsWith(indent) ? text.substring(indent.length()) : text.strip()));
        }
        lines.add("}");
        if (tree.text().substring(tree.lineStart(first), tree.begin(statement)).isBlank()
                && tree.text().substring(tree.end(statement), tree.lineEnd(last)).isBlank()) {
            edits.replace(tree.lineStart(first) + indent.length(), tree.lineEnd(last),
                    String.join("\n" + indent, lines), "only when `" + name + "` is not null");
        }
    }
}
