package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * "condition-synthesis": the condition of an {@code if}, {@code while}, {@code do} or
 * {@code for} built anew from the variables the statement uses: a constant condition
 * ({@code while (true)} over a queue) replaced by a check of one of them, any other
 * strengthened ({@code && !xs.isEmpty()}) or weakened ({@code || x == null}). The checks are
 * emptiness of a collection, map or String, null of a reference that may be null, a number
 * compared with zero or with another number the statement uses, and a boolean itself.
 */
final class JavaConditionSynthesisTemplate extends JavaTemplate {
    /**
     * Checks per condition, and how many of them also weaken it: past these the candidates
     * crowd out other lines (a condition line is the commonest suspect).
     */
    private static final int MAX_CHECKS = 5;
    private static final int MAX_WEAKENING = 2;

    JavaConditionSynthesisTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "condition-synthesis";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (Statement s : tree.nodesOn(line, Statement.class)) {
            Optional<Expression> condition = condition(s);
            if (condition.isEmpty() || condition.get().getBegin().orElseThrow().line != line) {
                continue;
            }
            Expression c = condition.get();
            List<String> checks = checks(s, c);
            String source = tree.source(c);
            if (c.isBooleanLiteralExpr()) {
                checks.forEach(check -> edits.replace(c, check, "`" + source + "` -> `" + check + "`"));
                continue;
            }
            boolean loose = c.isConditionalExpr() || c.isAssignExpr() || c.isLambdaExpr();
            boolean or = c instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.OR;
            String andOperand = loose || or ? "(" + source + ")" : source;
            String orOperand = loose ? "(" + source + ")" : source;
            for (String check : checks) {
                edits.replace(c, andOperand + " && " + check, "added `&& " + check + "`");
            }
            for (String check : checks.subList(0, Math.min(MAX_WEAKENING, checks.size()))) {
                edits.replace(c, orOperand + " || " + check, "added `|| " + check + "`");
            }
        }
    }

    private static Optional<Expression> condition(Statement s) {
        return switch (s) {
            case IfStmt i -> Optional.of(i.getCondition());
            case WhileStmt w -> Optional.of(w.getCondition());
            case DoStmt d -> Optional.of(d.getCondition());
            case ForStmt f -> f.getCompare();
            default -> Optional.empty();
        };
    }

    /**
     * Checks of the variables the statement uses (condition first, then its body): the
     * first check of each name in the order they first appear, then the second of each, and
     * so on; none that the condition already has.
     */
    private static List<String> checks(Statement s, Expression condition) {
        JavaScope scope = JavaScope.at(condition);
        Map<String, String> visible = scope.visible();
        Set<String> used = new LinkedHashSet<>();
        condition.findAll(NameExpr.class).forEach(n -> used.add(n.getNameAsString()));
        s.findAll(NameExpr.class).forEach(n -> used.add(n.getNameAsString()));
        used.removeIf(n -> !visible.containsKey(n));
        List<String> numbers = used.stream().filter(n -> JavaTypes.isNumeric(visible.get(n))).toList();
        String written = condition.toString();
        List<List<String>> byName = new ArrayList<>();
        for (String name : used) {
            byName.add(checksOf(name, visible.get(name), scope, numbers).stream().filter(c -> !written.contains(c))
                    .toList());
        }
        List<String> out = new ArrayList<>();
        for (int depth = 0; out.size() < MAX_CHECKS && depth < 4; depth++) {
            for (List<String> checks : byName) {
                if (depth < checks.size() && !out.contains(checks.get(depth)) && out.size() < MAX_CHECKS) {
                    out.add(checks.get(depth));
                }
            }
        }
        return out;
    }

    private static List<String> checksOf(String name, String type, JavaScope scope, List<String> numbers) {
        List<String> out = new ArrayList<>();
        if (JavaTypeHierarchy.hasIsEmpty(type)) {
            out.add("!" + name + ".isEmpty()");
            out.add(name + ".isEmpty()");
        }
        if (JavaTypes.isBoolean(type)) {
            out.add(name);
            out.add("!" + name);
        } else if (JavaTypes.isNumeric(type)) {
            out.add(name + " > 0");
            numbers.stream().filter(other -> !other.equals(name)).limit(2).forEach(other -> out.add(name + " < " + other));
        } else if (JavaTypes.isReference(type) && !scope.isNeverNull(name)) {
            out.add(name + " != null");
            out.add(name + " == null");
        }
        return out;
    }
}
