package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** "swap-args": two arguments of a call swapped when both have the same static type, or are literals of one kind. */
final class JavaSwapArgumentsTemplate extends JavaTemplate {
    JavaSwapArgumentsTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "swap-args";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        List<NodeList<Expression>> calls = new ArrayList<>();
        tree.nodesOn(line, MethodCallExpr.class).forEach(c -> calls.add(c.getArguments()));
        tree.nodesOn(line, ObjectCreationExpr.class).forEach(c -> calls.add(c.getArguments()));
        for (NodeList<Expression> arguments : calls) {
            for (int i = 0; i < arguments.size(); i++) {
                for (int j = i + 1; j < arguments.size(); j++) {
                    Expression a = arguments.get(i);
                    Expression b = arguments.get(j);
                    if (interchangeable(a, b)) {
                        String between = tree.text().substring(tree.end(a), tree.begin(b));
                        edits.replace(a, b, tree.source(b) + between + tree.source(a),
                                "swapped `" + tree.source(a) + "` and `" + tree.source(b) + "`");
                    }
                }
            }
        }
    }

    private static boolean interchangeable(Expression a, Expression b) {
        if (a.isLiteralExpr() && b.isLiteralExpr()) {
            return a.getClass() == b.getClass() && !a.isNullLiteralExpr();
        }
        Optional<String> ta = JavaTypes.typeOf(a, JavaScope.at(a));
        return ta.isPresent() && !ta.get().equals("null") && ta.equals(JavaTypes.typeOf(b, JavaScope.at(b)));
    }
}
