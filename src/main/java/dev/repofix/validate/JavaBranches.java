package dev.repofix.validate;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.repofix.validate.BranchChain.Atom;
import dev.repofix.validate.BranchChain.Branch;
import dev.repofix.validate.BranchChain.Condition;
import dev.repofix.validate.BranchChain.Constant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads Java source with JavaParser into {@link BranchChain}s ({@code if} / {@code else if} /
 * {@code else}). Loops are left out: javac refuses a body no input reaches ({@code while
 * (false)}) and a statement after a jump, so a candidate that makes one does not build.
 * Source that does not parse has no chains. Pure.
 */
final class JavaBranches {
    /** Calls a test may make and stay pure: the JDK's queries that change nothing. */
    private static final Set<String> PURE_CALLS = Set.of("isEmpty", "size", "length", "equals", "contains",
            "containsKey", "isPresent", "isBlank", "startsWith", "endsWith", "isNaN", "signum", "compareTo",
            "hasNext", "charAt", "get", "getClass");
    private static final Map<BinaryExpr.Operator, BinaryExpr.Operator> COMPLEMENT = Map.of(
            BinaryExpr.Operator.EQUALS, BinaryExpr.Operator.NOT_EQUALS,
            BinaryExpr.Operator.NOT_EQUALS, BinaryExpr.Operator.EQUALS,
            BinaryExpr.Operator.LESS, BinaryExpr.Operator.GREATER_EQUALS,
            BinaryExpr.Operator.GREATER_EQUALS, BinaryExpr.Operator.LESS,
            BinaryExpr.Operator.GREATER, BinaryExpr.Operator.LESS_EQUALS,
            BinaryExpr.Operator.LESS_EQUALS, BinaryExpr.Operator.GREATER);

    private JavaBranches() {}

    /** The chains of {@code source}; none when it does not parse. */
    static List<BranchChain> chains(String source) {
        Optional<CompilationUnit> parsed = JavaSyntax.cleanTree(source);
        if (parsed.isEmpty()) {
            return List.of();
        }
        List<BranchChain> out = new ArrayList<>();
        for (IfStmt head : parsed.get().findAll(IfStmt.class)) {
            if (head.getParentNode().filter(p -> p instanceof IfStmt i
                    && i.getElseStmt().filter(e -> e == head).isPresent()).isPresent()) {
                continue; // an else-if: part of its head's chain
            }
            out.add(chain(head));
        }
        return out;
    }

    private static BranchChain chain(IfStmt head) {
        List<Branch> branches = new ArrayList<>();
        IfStmt at = head;
        while (true) {
            Expression test = at.getCondition();
            branches.add(new Branch(line(at), (branches.isEmpty() ? "if (" : "else if (") + test + ")",
                    Optional.of(condition(test))));
            Optional<Statement> rest = at.getElseStmt();
            if (rest.isEmpty()) {
                break;
            }
            if (rest.get() instanceof IfStmt next) {
                at = next;
                continue;
            }
            branches.add(new Branch(line(rest.get()), "else", Optional.empty()));
            break;
        }
        return new BranchChain(branches);
    }

    private static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }

    static Condition condition(Expression test) {
        List<List<Atom>> disjuncts = new ArrayList<>();
        for (Expression d : split(test, BinaryExpr.Operator.OR)) {
            List<Atom> atoms = new ArrayList<>();
            for (Expression a : split(d, BinaryExpr.Operator.AND)) {
                atoms.add(atom(a));
            }
            disjuncts.add(atoms);
        }
        return new Condition(disjuncts, pure(test));
    }

    private static List<Expression> split(Expression e, BinaryExpr.Operator op) {
        Expression x = unwrap(e);
        if (x instanceof BinaryExpr b && b.getOperator() == op) {
            List<Expression> out = new ArrayList<>(split(b.getLeft(), op));
            out.addAll(split(b.getRight(), op));
            return out;
        }
        return List.of(x);
    }

    private static Expression unwrap(Expression e) {
        Expression x = e;
        while (x instanceof EnclosedExpr en) {
            x = en.getInner();
        }
        return x;
    }

    private static Atom atom(Expression a) {
        Expression x = unwrap(a);
        return new Atom(x.toString(), negation(x), constant(x));
    }

    private static Constant constant(Expression x) {
        if (x instanceof BooleanLiteralExpr b) {
            return b.getValue() ? Constant.TRUE : Constant.FALSE;
        }
        if (x instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            return switch (constant(unwrap(u.getExpression()))) {
                case TRUE -> Constant.FALSE;
                case FALSE -> Constant.TRUE;
                case NOT_CONSTANT -> Constant.NOT_CONSTANT;
            };
        }
        return Constant.NOT_CONSTANT;
    }

    private static String negation(Expression x) {
        if (x instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
            return unwrap(u.getExpression()).toString();
        }
        if (x instanceof BinaryExpr b && COMPLEMENT.containsKey(b.getOperator())) {
            return new BinaryExpr(b.getLeft().clone(), b.getRight().clone(), COMPLEMENT.get(b.getOperator()))
                    .toString();
        }
        return "!" + (x instanceof BinaryExpr || x instanceof com.github.javaparser.ast.expr.InstanceOfExpr
                || x instanceof com.github.javaparser.ast.expr.ConditionalExpr ? "(" + x + ")" : x.toString());
    }

    private static boolean pure(Expression test) {
        if (!test.findAll(AssignExpr.class).isEmpty() || !test.findAll(ObjectCreationExpr.class).isEmpty()
                || !test.findAll(LambdaExpr.class).isEmpty() || !test.findAll(SwitchExpr.class).isEmpty()) {
            return false;
        }
        if (test.findAll(UnaryExpr.class).stream().anyMatch(u -> u.getOperator().isPrefix()
                && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT && u.getOperator() != UnaryExpr.Operator.MINUS
                && u.getOperator() != UnaryExpr.Operator.PLUS && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT
                || u.getOperator().isPostfix())) {
            return false;
        }
        return test.findAll(MethodCallExpr.class).stream().allMatch(m -> PURE_CALLS.contains(m.getNameAsString()));
    }
}
