package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import java.util.Optional;

/**
 * A fix template for Java that works on the file's syntax tree: it finds the nodes on the
 * suspected line and proposes edits of their source ranges, each type-plausible under the
 * simple rules of {@link JavaTypes}. Proposes nothing for a file that does not parse.
 */
abstract class JavaTemplate implements FixTemplate {
    private final JavaTrees trees;

    JavaTemplate(JavaTrees trees) {
        this.trees = trees;
    }

    @Override
    public final List<LineEdit> propose(SourceFile file, int line) {
        file.line(line);
        Optional<JavaTree> tree = trees.of(file);
        if (tree.isEmpty()) {
            return List.of();
        }
        JavaEdits edits = new JavaEdits(tree.get(), line);
        propose(tree.get(), line, edits);
        return edits.toList();
    }

    /** Offers this family's edits of 1-based {@code line}, most likely first. */
    abstract void propose(JavaTree tree, int line, JavaEdits edits);

    /** Offset of operator {@code symbol} between two operands, or -1. */
    static int operatorOffset(JavaTree tree, Node left, Node right, String symbol) {
        int from = tree.end(left);
        int at = tree.text().indexOf(symbol, from);
        return at >= 0 && at + symbol.length() <= tree.begin(right) ? at : -1;
    }

    /** The statement holding {@code node} that is itself an element of a block or a switch case. */
    static Optional<Statement> blockStatement(Node node) {
        Node n = node;
        while (n != null) {
            if (n instanceof Statement s && n.getParentNode().filter(p -> p instanceof BlockStmt
                    || p instanceof SwitchEntry).isPresent()) {
                return Optional.of(s);
            }
            n = n.getParentNode().orElse(null);
        }
        return Optional.empty();
    }

    /** An operand that needs no parentheses after {@code !} or before {@code - 1}. */
    static boolean isPrimary(Expression e) {
        return e.isNameExpr() || e.isMethodCallExpr() || e.isFieldAccessExpr() || e.isEnclosedExpr()
                || e.isLiteralExpr() || e.isArrayAccessExpr() || e.isThisExpr() || e.isObjectCreationExpr();
    }

    /** The file's unit of indentation, guessed from a line: a tab where it indents with tabs. */
    static String indentUnit(String indent) {
        return indent.contains("\t") ? "\t" : "    ";
    }
}
