package dev.repofix.repair.localize;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import dev.repofix.repair.source.JavaTree;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Java lines that assign an expression to itself ({@code this.f = this.f;}) or compare it with
 * itself ({@code a.name().equals(a.name())}, {@code x.compareTo(x)}): the code does nothing, or
 * always says the same, whatever the values; one of the two sides was meant to be another
 * object ({@code builder.f}, {@code b.name()}). The pattern static checkers flag as an error.
 * A spectrum cannot single such a line out when every test runs it (a constructor's field
 * assignment), so the localizer ranks it with the top line when a failing test ran it.
 */
final class SelfComparisons {
    private static final Set<String> COMPARISONS = Set.of("equals", "equalsIgnoreCase", "compareTo",
            "compareToIgnoreCase", "contentEquals");

    private SelfComparisons() {}

    /** The 1-based lines where such an expression starts, in order. */
    static List<Integer> of(JavaTree tree) {
        Set<Integer> out = new TreeSet<>();
        for (AssignExpr a : tree.unit().findAll(AssignExpr.class)) {
            if (a.getOperator() == AssignExpr.Operator.ASSIGN && same(a.getTarget(), a.getValue())) {
                out.add(line(a));
            }
        }
        for (MethodCallExpr c : tree.unit().findAll(MethodCallExpr.class)) {
            if (COMPARISONS.contains(c.getNameAsString()) && c.getArguments().size() == 1 && c.getScope()
                    .filter(s -> same(s, c.getArgument(0))).isPresent()) {
                out.add(line(c));
            }
        }
        return List.copyOf(out);
    }

    /** The same text, ignoring enclosing parentheses and spacing; never a literal (a constant compared with itself is no slip). */
    private static boolean same(Expression a, Expression b) {
        Expression x = unwrapped(a);
        Expression y = unwrapped(b);
        return !x.isLiteralExpr() && x.toString().equals(y.toString());
    }

    private static Expression unwrapped(Expression e) {
        Expression out = e;
        while (out.isEnclosedExpr()) {
            out = out.asEnclosedExpr().getInner();
        }
        return out;
    }

    private static int line(Node n) {
        return n.getBegin().orElseThrow().line;
    }
}
