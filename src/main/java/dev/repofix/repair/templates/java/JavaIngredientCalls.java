package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The ingredients of {@link JavaInsertStatementTemplate}: calls that change a collection or
 * map, found in the file and adapted to the names in scope at a statement. Pure functions of
 * the tree.
 */
final class JavaIngredientCalls {
    /** Calls that are statements for their effect on the receiver; a query ({@code get}, {@code size}) is no missing statement. */
    private static final Set<String> COLLECTION_MUTATORS = Set.of("add", "addAll", "remove", "removeAll", "retainAll",
            "clear");
    private static final Set<String> QUEUE_MUTATORS = Set.of("offer", "poll");
    private static final Set<String> DEQUE_MUTATORS = Set.of("push", "pop", "addFirst", "addLast", "removeFirst",
            "removeLast", "offerFirst", "offerLast", "pollFirst", "pollLast");
    private static final Set<String> QUEUES = Set.of("Queue", "Deque", "ArrayDeque", "LinkedList", "PriorityQueue");
    private static final Set<String> DEQUES = Set.of("Deque", "ArrayDeque", "LinkedList");
    private static final Set<String> LISTS = Set.of("List", "ArrayList", "LinkedList", "Vector", "Stack");
    private static final Set<String> MAP_MUTATORS = Set.of("put", "putAll", "putIfAbsent", "remove", "clear",
            "merge", "computeIfAbsent", "compute", "replace");
    /** Mutators a query on the same receiver and argument pairs with: what was checked is then added or removed. */
    private static final java.util.Map<String, List<String>> QUERY_TWINS = java.util.Map.of(
            "contains", List.of("add", "remove"), "containsKey", List.of("remove"));
    /** Ingredient statements per line; past this the candidates are mostly noise and crowd out other lines. */
    private static final int MAX_INGREDIENTS = 6;

    private JavaIngredientCalls() {}

    /**
     * Statements calling a mutator on a collection or map, from the method first, then the
     * class, then the file, adapted to the scope of {@code s}; each text once, none that is
     * already the statement before or after {@code s}.
     */
    static List<String> adaptedTo(JavaTree tree, Statement s) {
        return adaptedTo(tree, s, s, neighbours(s));
    }

    /**
     * The same for a statement to go alone into {@code s}'s empty block {@code into}
     * ({@code if (c) {}}): adapted to the block's scope, arguments first from the names that
     * {@code s} reads.
     */
    static List<String> adaptedInto(JavaTree tree, Statement s, BlockStmt into) {
        return adaptedTo(tree, into, s, Set.of());
    }

    private static List<String> adaptedTo(JavaTree tree, Node at, Statement s, Set<String> neighbours) {
        JavaScope here = JavaScope.at(at);
        Set<String> out = new LinkedHashSet<>();
        for (Ingredient ingredient : ingredients(tree, s)) {
            MethodCallExpr call = ingredient.call();
            JavaScope there = JavaScope.at(ingredient.anchor());
            Optional<String> receiver = receiverName(call);
            Optional<String> receiverType = receiver.flatMap(there::typeOf);
            if (receiverType.isEmpty() || !mutates(receiverType.get(), call.getNameAsString())) {
                continue;
            }
            for (List<Expression> args : adapted(call, there, here, usedBy(s, here), anyElement(receiverType.get()))) {
                for (String target : receivers(here, receiver.get(), receiverType.get(), call.getNameAsString())) {
                    String text = target + "." + call.getNameAsString() + "(" + String.join(", ",
                            args.stream().map(Expression::toString).toList()) + ");";
                    if (fitsElementType(here.typeOf(target).orElseThrow(), args, here) && !neighbours.contains(text)
                            && out.size() < MAX_INGREDIENTS) {
                        out.add(text);
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    /** A call to adapt, and the node whose scope types its names (the call itself, or the query a twin was made from). */
    private record Ingredient(MethodCallExpr call, Node anchor) {}

    /**
     * Call statements of the enclosing method, then of its class, then of the file, each
     * once; before them the statement's own call, and the mutators that the statement's
     * queries pair with ({@code c.contains(x)} gives {@code c.add(x)}, {@code c.remove(x)};
     * {@code m.containsKey(k)} gives {@code m.remove(k)}).
     */
    private static List<Ingredient> ingredients(JavaTree tree, Statement s) {
        Set<MethodCallExpr> out = new LinkedHashSet<>();
        List<Ingredient> twins = new ArrayList<>();
        // the statement itself first: the same call on another collection is the commonest missing twin
        if (s instanceof ExpressionStmt own && own.getExpression() instanceof MethodCallExpr call
                && receiverName(call).isPresent()) {
            out.add(call);
        }
        for (MethodCallExpr query : queries(s)) {
            List<String> mutators = QUERY_TWINS.getOrDefault(query.getNameAsString(), List.of());
            if (query.getArguments().size() == 1 && receiverName(query).isPresent()) {
                for (String mutator : mutators) {
                    MethodCallExpr twin = query.clone();
                    twin.setName(mutator);
                    twins.add(new Ingredient(twin, query));
                }
            }
        }
        List<Node> scopes = new ArrayList<>();
        s.findAncestor(CallableDeclaration.class).ifPresent(scopes::add);
        s.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class).ifPresent(scopes::add);
        scopes.add(tree.unit());
        for (Node scope : scopes) {
            for (ExpressionStmt e : scope.findAll(ExpressionStmt.class)) {
                if (e.getExpression() instanceof MethodCallExpr call && receiverName(call).isPresent()) {
                    out.add(call);
                }
            }
        }
        List<Ingredient> all = new ArrayList<>();
        List<MethodCallExpr> calls = List.copyOf(out);
        int own = s instanceof ExpressionStmt e && !calls.isEmpty() && calls.get(0) == e.getExpression() ? 1 : 0;
        calls.subList(0, own).forEach(c -> all.add(new Ingredient(c, c)));
        all.addAll(twins);
        calls.subList(own, calls.size()).forEach(c -> all.add(new Ingredient(c, c)));
        return List.copyOf(all);
    }

    /**
     * The calls of the statement, then of the conditions that guard it, nearest first, up to
     * its method: {@code if (!seen.contains(x)) { ...; use(x); }} lacks its {@code seen.add(x)}
     * in the body.
     */
    private static List<MethodCallExpr> queries(Statement s) {
        List<MethodCallExpr> out = new ArrayList<>(s.findAll(MethodCallExpr.class));
        for (Node n = s.getParentNode().orElse(null); n != null && !(n instanceof CallableDeclaration<?>);
                n = n.getParentNode().orElse(null)) {
            if (n instanceof IfStmt guard) {
                out.addAll(guard.getCondition().findAll(MethodCallExpr.class));
            } else if (n instanceof WhileStmt loop) {
                out.addAll(loop.getCondition().findAll(MethodCallExpr.class));
            }
        }
        return out;
    }

    /** {@code seen} of {@code seen.add(x)} and of {@code this.seen.add(x)}. */
    private static Optional<String> receiverName(MethodCallExpr call) {
        Optional<Expression> scope = call.getScope();
        if (scope.isPresent() && scope.get() instanceof NameExpr n) {
            return Optional.of(n.getNameAsString());
        }
        if (scope.isPresent() && scope.get().isFieldAccessExpr() && scope.get().asFieldAccessExpr().getScope()
                .isThisExpr()) {
            return Optional.of(scope.get().asFieldAccessExpr().getNameAsString());
        }
        return Optional.empty();
    }

    private static boolean mutates(String type, String method) {
        String base = JavaTypeHierarchy.base(type);
        return JavaTypeHierarchy.isCollection(type) && COLLECTION_MUTATORS.contains(method)
                || QUEUES.contains(base) && QUEUE_MUTATORS.contains(method)
                || DEQUES.contains(base) && DEQUE_MUTATORS.contains(method)
                || LISTS.contains(base) && method.equals("sort")
                || JavaTypeHierarchy.isMap(type) && MAP_MUTATORS.contains(method);
    }

    /** The ingredient's own receiver when it is in scope with its type, then the other collections or maps that have the method. */
    private static List<String> receivers(JavaScope here, String receiver, String type, String method) {
        List<String> out = new ArrayList<>();
        if (here.typeOf(receiver).filter(type::equals).isPresent()) {
            out.add(receiver);
        }
        here.visible().forEach((name, t) -> {
            if (!name.equals(receiver) && mutates(t, method)) {
                out.add(name);
            }
        });
        return out;
    }

    /** The names in scope that the statement itself reads, in order: the likeliest arguments of its missing twin. */
    private static List<String> usedBy(Statement s, JavaScope here) {
        Set<String> out = new LinkedHashSet<>();
        s.findAll(NameExpr.class).forEach(n -> {
            if (here.typeOf(n.getNameAsString()).isPresent()) {
                out.add(n.getNameAsString());
            }
        });
        return List.copyOf(out);
    }

    /**
     * The call's arguments in the scope {@code here}, up to two ways: first with each
     * argument that is a plain name replaced by a name of the same type that the suspected
     * statement reads (its missing twin works on the same values), then as written. A name
     * not in scope here is replaced by a name of its type, the statement's first; none
     * when a name has none. Names that start upper-case (classes, constants) stay.
     */
    private static List<List<Expression>> adapted(MethodCallExpr call, JavaScope there, JavaScope here,
            List<String> used, boolean anyElement) {
        List<List<Expression>> out = new ArrayList<>();
        for (boolean preferUsed : List.of(true, false)) {
            List<Expression> args = new ArrayList<>();
            for (Expression a : call.getArguments()) {
                Expression copy = a.clone();
                boolean ok = true;
                for (NameExpr n : copy.findAll(NameExpr.class)) {
                    String name = n.getNameAsString();
                    Optional<String> type = there.typeOf(name);
                    boolean inScope = type.isPresent() && here.typeOf(name).equals(type);
                    boolean plain = copy == n || copy instanceof NameExpr;
                    if (Character.isUpperCase(name.charAt(0)) || inScope && !(preferUsed && plain)) {
                        continue;
                    }
                    if (type.isEmpty()) {
                        ok = false;
                        break;
                    }
                    Optional<String> same = sameTyped(type.get(), used, here).or(() -> inScope ? Optional.of(name)
                            : sameTyped(type.get(), List.copyOf(here.visible().keySet()), here))
                            .or(() -> anyElement && plain ? anyReference(used, here) : Optional.empty());
                    if (same.isEmpty()) {
                        ok = false;
                        break;
                    }
                    n.setName(same.get());
                }
                if (!ok) {
                    return out;
                }
                args.add(copy instanceof NameExpr ? new NameExpr(((NameExpr) copy).getNameAsString()) : copy);
            }
            if (!out.contains(args)) {
                out.add(args);
            }
        }
        return out;
    }

    /**
     * Whether the collection or map holds any object ({@code List<Object>}, a raw {@code List}):
     * then an element argument out of scope may become any reference the statement reads.
     */
    private static boolean anyElement(String receiverType) {
        List<String> typeArguments = JavaTypeHierarchy.typeArguments(receiverType);
        return typeArguments.isEmpty() || typeArguments.get(0).equals("Object");
    }

    /** The first name the statement reads of a reference type that is no collection or map (the receiver's peers). */
    private static Optional<String> anyReference(List<String> used, JavaScope here) {
        return used.stream().filter(n -> here.typeOf(n).filter(t -> JavaTypes.isReference(t)
                && !JavaTypeHierarchy.isCollection(t) && !JavaTypeHierarchy.isMap(t)).isPresent()).findFirst();
    }

    private static Optional<String> sameTyped(String type, List<String> names, JavaScope here) {
        return names.stream().filter(n -> here.typeOf(n).filter(type::equals).isPresent()).findFirst();
    }

    /**
     * Whether the first argument may be an element (a collection's) or a key (a map's) of the
     * receiver: its type and the receiver's first type argument are equal up to boxing, or
     * either is unknown. A call with no argument always fits.
     */
    private static boolean fitsElementType(String receiverType, List<Expression> args, JavaScope here) {
        List<String> typeArguments = JavaTypeHierarchy.typeArguments(receiverType);
        if (args.isEmpty() || typeArguments.isEmpty() || typeArguments.get(0).isEmpty()
                || typeArguments.get(0).equals("Object")) {
            return true;
        }
        Optional<String> argument = JavaTypes.typeOf(args.get(0), here);
        if (argument.isEmpty() || argument.get().equals("null")) {
            return true;
        }
        boolean elementOrKey = args.size() <= 2;
        return !elementOrKey || boxed(argument.get()).equals(boxed(typeArguments.get(0)))
                || JavaTypeHierarchy.isCollection(argument.get()) || JavaTypeHierarchy.isMap(argument.get());
    }

    private static String boxed(String type) {
        return switch (type) {
            case "int" -> "Integer";
            case "char" -> "Character";
            case "long", "short", "byte", "double", "float", "boolean" ->
                    Character.toUpperCase(type.charAt(0)) + type.substring(1);
            default -> type;
        };
    }

    /** The statements just before and after {@code s} in its block, as text. */
    private static Set<String> neighbours(Statement s) {
        Set<String> out = new java.util.HashSet<>();
        out.add(s.toString());
        if (s.getParentNode().orElse(null) instanceof BlockStmt block) {
            int i = block.getStatements().indexOf(s);
            if (i > 0) {
                out.add(block.getStatement(i - 1).toString());
            }
            if (i + 1 < block.getStatements().size()) {
                out.add(block.getStatement(i + 1).toString());
            }
        }
        return out;
    }
}
