package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "compound-op": bitwise and shift operators changed into one another ({@code |} / {@code &}
 * / {@code ^}, {@code <<} / {@code >>} / {@code >>>}), in compound assignments too
 * ({@code ^=} for {@code &=}); a compound assignment made a plain one and back
 * ({@code total = x} for {@code total += x}). The arithmetic ones ({@code +=} / {@code -=})
 * are arithmetic-op's. Between operands that may be integral or boolean only.
 */
final class JavaCompoundOperatorTemplate extends JavaTemplate {
    private static final Map<String, List<String>> BITWISE = Map.of(
            "&", List.of("|", "^"),
            "|", List.of("&", "^"),
            "^", List.of("&", "|"),
            "<<", List.of(">>", ">>>"),
            ">>", List.of(">>>", "<<"),
            ">>>", List.of(">>", "<<"));

    JavaCompoundOperatorTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "compound-op";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (BinaryExpr b : tree.nodesOn(line, BinaryExpr.class)) {
            String symbol = b.getOperator().asString();
            List<String> replacements = BITWISE.get(symbol);
            if (replacements == null) {
                continue;
            }
            JavaScope scope = JavaScope.at(b);
            boolean shift = symbol.contains("<") || symbol.contains(">");
            boolean logical = isBooleanOperand(JavaTypes.typeOf(b.getLeft(), scope))
                    || isBooleanOperand(JavaTypes.typeOf(b.getRight(), scope));
            int at = operatorOffset(tree, b.getLeft(), b.getRight(), symbol);
            for (String replacement : replacements) {
                if (at >= 0 && !(logical && shift)) {
                    edits.replace(at, at + symbol.length(), replacement, "`" + symbol + "` -> `" + replacement + "`");
                }
            }
        }
        for (AssignExpr a : tree.nodesOn(line, AssignExpr.class)) {
            String symbol = a.getOperator().asString();
            int at = operatorOffset(tree, a.getTarget(), a.getValue(), symbol);
            if (at < 0) {
                continue;
            }
            Optional<String> target = JavaTypes.typeOf(a.getTarget(), JavaScope.at(a));
            String op = symbol.substring(0, symbol.length() - 1);
            for (String replacement : BITWISE.getOrDefault(op, List.of())) {
                if (!(isBooleanOperand(target) && replacement.contains("<"))) {
                    edits.replace(at, at + symbol.length(), replacement + "=",
                            "`" + symbol + "` -> `" + replacement + "=`");
                }
            }
            if (!op.isEmpty() && !BITWISE.containsKey(op)) {
                edits.replace(at, at + symbol.length(), "=", "`" + symbol + "` -> `=`");
            } else if (op.isEmpty() && target.filter(JavaTypes::isNumeric).isPresent() && !isInitialization(a)) {
                edits.replace(at, at + 1, "+=", "`=` -> `+=`");
                edits.replace(at, at + 1, "-=", "`=` -> `-=`");
            } else if (op.isEmpty() && target.filter("String"::equals).isPresent() && !isInitialization(a)) {
                edits.replace(at, at + 1, "+=", "`=` -> `+=`");
            }
        }
    }

    private static boolean isBooleanOperand(Optional<String> type) {
        return type.filter(JavaTypes::isBoolean).isPresent();
    }

    /** {@code total = 0}: a constant stored, which no accumulation means. */
    private static boolean isInitialization(AssignExpr a) {
        return a.getValue().isLiteralExpr();
    }
}
