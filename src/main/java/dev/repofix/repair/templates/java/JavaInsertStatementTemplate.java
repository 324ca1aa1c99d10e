package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithBody;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.List;
import java.util.Optional;

/**
 * "insert-statement": a statement that is missing next to the suspected one, built from
 * ingredients the file already has: a call that changes a collection or map ({@code seen.add(x)},
 * {@code index.remove(key)}) taken from the method, the class or the file and adapted to the
 * names in scope (its receiver may be another collection or map in scope that has the method,
 * a name not in scope is replaced by one of the same type); {@code Objects.requireNonNull(p, "p")}
 * for a reference parameter at a method's start; {@code return} at the end of a branch. A
 * branch or loop of the suspected statement whose block is empty ({@code if (c) {}}) gets the
 * call alone inside it.
 */
final class JavaInsertStatementTemplate extends JavaTemplate {
    private static final int MAX_RETURNS = 3;

    JavaInsertStatementTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "insert-statement";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        Optional<Statement> found = statementStartingOn(tree, line);
        if (found.isEmpty()) {
            return;
        }
        Statement s = found.get();
        // a branch or loop with nothing in its block: what is missing belongs there first
        for (BlockStmt empty : emptyBodies(s)) {
            for (String call : JavaIngredientCalls.adaptedInto(tree, s, empty)) {
                edits.insertInto(empty, List.of(call), "added `" + call + "` into the empty block");
            }
        }
        requireNonNull(tree, s, edits);
        List<String> calls = JavaIngredientCalls.adaptedTo(tree, s);
        for (String call : calls) {
            edits.insertBelow(s, List.of(call), "added `" + call + "`");
        }
        for (String call : calls) {
            edits.insertBefore(s, List.of(call), "added `" + call + "` before");
        }
        returnAfterBranch(s, edits);
    }

    /**
     * The bodies of the statement that are blocks with no statement: an {@code if}'s branches,
     * a loop's body. A statement that belongs alone there has no neighbour to go before or after.
     */
    private static List<BlockStmt> emptyBodies(Statement s) {
        List<Statement> bodies = new java.util.ArrayList<>();
        if (s instanceof IfStmt branch) {
            bodies.add(branch.getThenStmt());
            branch.getElseStmt().ifPresent(bodies::add);
        } else if (s instanceof NodeWithBody<?> loop) {
            bodies.add(loop.getBody());
        }
        return bodies.stream().filter(b -> b instanceof BlockStmt block && block.getStatements().isEmpty())
                .map(b -> (BlockStmt) b).toList();
    }

    /** The innermost statement of a block that starts on the line, not a block itself. */
    private static Optional<Statement> statementStartingOn(JavaTree tree, int line) {
        Statement best = null;
        for (Statement s : tree.nodesOn(line, Statement.class)) {
            if (s.getBegin().orElseThrow().line == line && !s.isBlockStmt()
                    && blockStatement(s).filter(b -> b == s).isPresent()) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * {@code Objects.requireNonNull(p, "p");} before the first statement of a method or
     * constructor, for each parameter of a reference type that the body does not check yet.
     */
    private static void requireNonNull(JavaTree tree, Statement s, JavaEdits edits) {
        Optional<Node> parent = s.getParentNode();
        if (parent.isEmpty() || !(parent.get() instanceof BlockStmt body)
                || body.getStatements().getFirst().filter(f -> f == s).isEmpty()
                || !(body.getParentNode().orElse(null) instanceof CallableDeclaration<?> callable)) {
            return;
        }
        String objects = importsObjects(tree) ? "Objects" : "java.util.Objects";
        for (Parameter p : callable.getParameters()) {
            String name = p.getNameAsString();
            boolean checked = !body.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals("requireNonNull")
                    && c.getArguments().isNonEmpty() && c.getArgument(0).toString().equals(name)).isEmpty();
            if (!checked && !p.isVarArgs() && JavaTypes.isReference(p.getType().asString())) {
                String call = objects + ".requireNonNull(" + name + ", \"" + name + "\");";
                edits.insertBefore(s, List.of(call), "added `" + call + "`");
            }
        }
    }

    private static boolean importsObjects(JavaTree tree) {
        return tree.unit().getImports().stream().anyMatch(i -> !i.isStatic()
                && (i.getNameAsString().equals("java.util.Objects") || i.isAsterisk() && i.getNameAsString()
                        .equals("java.util")));
    }

    /**
     * {@code return;} (or {@code return v;} for a name in scope of the method's return type)
     * after the last statement of an {@code if} branch that is not the method's last
     * statement: the branch then ends the method instead of falling through to what follows.
     */
    private static void returnAfterBranch(Statement s, JavaEdits edits) {
        if (!(s.getParentNode().orElse(null) instanceof BlockStmt block)
                || block.getStatements().getLast().filter(l -> l == s).isEmpty() || s.isReturnStmt()
                || s.isThrowStmt() || s.isBreakStmt() || s.isContinueStmt()
                || !(block.getParentNode().orElse(null) instanceof IfStmt branch) || endsMethod(branch)) {
            return;
        }
        JavaScope scope = JavaScope.at(s);
        if (scope.returnsVoid()) {
            edits.insertAfter(s, List.of("return;"), "added `return;`");
            return;
        }
        scope.returnType().map(t -> t.asString()).ifPresent(type -> scope.visible().entrySet().stream()
                .filter(e -> e.getValue().equals(type)).limit(MAX_RETURNS).forEach(e -> edits.insertAfter(s,
                        List.of("return " + e.getKey() + ";"), "added `return " + e.getKey() + ";`")));
    }

    /** Whether nothing of the method follows the {@code if}: a {@code return;} there would change nothing. */
    private static boolean endsMethod(IfStmt branch) {
        Node n = branch;
        while (true) {
            Node parent = n.getParentNode().orElse(null);
            if (parent instanceof IfStmt elseIf && elseIf.getElseStmt().filter(e -> e == branch).isPresent()) {
                n = parent;
                continue;
            }
            if (!(parent instanceof BlockStmt b) || b.getStatements().getLast().orElse(null) != n) {
                return false;
            }
            Node up = b.getParentNode().orElse(null);
            if (up instanceof CallableDeclaration<?>) {
                return true;
            }
            if (!(up instanceof IfStmt)) {
                return false;
            }
            n = up;
        }
    }
}
