package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "insert-statement": a missing call on a collection the function already uses, put below
 * (then above) the suspected simple statement at its indentation, where every local it reads
 * is bound, and never a call the function already makes. First, for a local whose value is a
 * set, list, dict or deque by its form, that kind's own adding or removing call
 * ({@code seen.add(x)}, {@code d.pop(key)}) with each local of the line or of the tests around
 * it; then the file's call statements on a receiver this function uses ({@code cache.pop(key)}
 * in another function), as they are or with their one name argument adapted to those locals.
 * Calls on a local the function assigns and never reads come first. At most {@value #MAX}
 * statements each way.
 */
final class PythonInsertStatementTemplate extends PythonTemplate {
    private static final int MAX = 4;
    private static final Map<String, List<String>> BY_KIND = Map.of("set", List.of("add", "discard"),
            "list", List.of("append"), "dict", List.of("pop"), "deque", List.of("append"));

    PythonInsertStatementTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "insert-statement";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        PythonScope scope = PythonScope.at(tree, line);
        JsonNode statement = tree.statementOn(line).orElse(null);
        if (scope.function().isEmpty() || statement == null || !statement.path("inFunction").asBoolean()
                || !statement.path("simple").asBoolean()) {
            return;
        }
        String own = tree.source(statement.get("r"));
        Set<String> onLine = scope.localsIn(tree.file().line(line));
        Set<String> headers = headerLocals(tree, scope, line);
        Set<String> names = new LinkedHashSet<>(onLine);
        names.addAll(headers);
        Set<String> calls = new LinkedHashSet<>();
        // a collection's own calls first: the file's calls of this very function are there already
        fromKinds(tree, scope, onLine, headers, calls);
        fromIngredients(tree, scope, statement, names, calls);
        calls.remove(own);
        JsonNode function = scope.function().orElseThrow();
        tree.nodes("ingredient").stream().filter(i -> within(i.get("r"), function.get("r")))
                .forEach(i -> calls.remove(tree.source(i.get("r"))));
        List<String> ordered = unreadFirst(calls, function);
        calls.clear();
        calls.addAll(ordered);
        int first = statement.get("r").get(0).asInt();
        int last = statement.get("r").get(2).asInt();
        // every name the call reads must hold a value where it goes: bound above it, or by the statement itself
        List<String> below = calls.stream().filter(c -> bound(tree, scope, c, last + 1)).limit(MAX).toList();
        List<String> above = calls.stream().filter(c -> bound(tree, scope, c, first)).limit(MAX).toList();
        String indent = edits.indentOf(first);
        below.forEach(call -> edits.insertAfter(statement, indent, List.of(call), "`" + call + "` added below"));
        above.forEach(call -> edits.insertBefore(statement, List.of(call), "`" + call + "` added above"));
    }

    /** The file's call statements on a receiver the function uses, as they are or adapted to the line's locals. */
    private static void fromIngredients(PythonTree tree, PythonScope scope, JsonNode statement, Set<String> onLine,
            Set<String> out) {
        JsonNode function = scope.function().orElseThrow();
        List<JsonNode> ingredients = new ArrayList<>();
        List<JsonNode> elsewhere = new ArrayList<>();
        for (JsonNode i : tree.nodes("ingredient")) {
            boolean inside = within(i.get("r"), function.get("r"));
            (inside ? ingredients : elsewhere).add(i);
        }
        ingredients.addAll(elsewhere);
        for (JsonNode i : ingredients) {
            String recv = i.get("recv").asText();
            String root = recv.split("\\.")[0];
            boolean single = i.get("r").get(0).asInt() == i.get("r").get(2).asInt();
            if (i.get("r").equals(statement.get("r"))) {
                continue; // the suspected statement itself: a second copy with other names is rarely what is missing
            }
            if (!single || !scope.uses(recv) || !(scope.isLocal(root) || root.equals("self") && scope.inMethod())) {
                continue;
            }
            JsonNode names = i.get("argNames");
            boolean visible = true;
            for (JsonNode a : i.get("args")) {
                visible &= scope.allVisible(tree.source(a));
            }
            if (visible && i.get("args").size() > 0) {
                out.add(tree.source(i.get("r")));
            }
            if (names.size() == 1 && i.path("keywords").asInt() == 0 && !names.get(0).asText().isEmpty()) {
                for (String local : onLine) {
                    if (!local.equals(root) && scope.collectionOf(local).isEmpty()) {
                        out.add(recv + "." + i.get("method").asText() + "(" + local + ")");
                    }
                }
            }
        }
    }

    /**
     * For each local holding a set, list, dict or deque by its form: that kind's calls with each
     * local of the line, then of the headers around it. The collections an enclosing header
     * tests ({@code if k not in seen:}) come first, those the line already calls on last.
     */
    private static void fromKinds(PythonTree tree, PythonScope scope, Set<String> onLine, Set<String> headers,
            Set<String> out) {
        JsonNode collections = scope.function().orElseThrow().path("collections");
        List<String> receivers = new ArrayList<>();
        collections.fieldNames().forEachRemaining(receivers::add);
        receivers.sort(java.util.Comparator.comparingInt(r -> headers.contains(r) ? 0 : onLine.contains(r) ? 2 : 1));
        Set<String> args = new LinkedHashSet<>(onLine);
        args.addAll(headers);
        for (String recv : receivers) {
            for (String method : BY_KIND.getOrDefault(collections.get(recv).asText(), List.of())) {
                for (String local : args) {
                    if (!local.equals(recv) && !collections.has(local)) {
                        out.add(recv + "." + method + "(" + local + ")");
                    }
                }
            }
        }
    }

    /**
     * The calls on a local the function assigns and never reads first ({@code cells =
     * index.setdefault(k, [])} and no {@code cells.append(...)}): the value was made for the
     * statement that is missing. The others keep their order.
     */
    static List<String> unreadFirst(Set<String> calls, JsonNode function) {
        JsonNode unread = function.path("unread");
        List<String> out = new ArrayList<>(calls);
        out.sort(java.util.Comparator.comparingInt(c -> unread.has(c.split("[.(]")[0]) ? 0 : 1));
        return out;
    }

    private static boolean bound(PythonTree tree, PythonScope scope, String call, int line) {
        return scope.localsIn(call).stream().allMatch(n -> scope.boundBefore(tree, n, line));
    }

    /** The locals the headers of the statements around the line read ({@code if k not in seen:}), innermost first. */
    private static Set<String> headerLocals(PythonTree tree, PythonScope scope, int line) {
        List<JsonNode> around = new ArrayList<>(tree.nodesOn(line, "stmt"));
        java.util.Collections.reverse(around);
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode s : around) {
            int header = s.get("r").get(0).asInt();
            if (header != line && !s.path("simple").asBoolean()) {
                out.addAll(scope.localsIn(tree.file().line(header)));
            }
        }
        return out;
    }

    static boolean within(JsonNode inner, JsonNode outer) {
        return compare(inner, 0, outer, 0) >= 0 && compare(inner, 2, outer, 2) <= 0;
    }

    private static int compare(JsonNode a, int ai, JsonNode b, int bi) {
        int byLine = Integer.compare(a.get(ai).asInt(), b.get(bi).asInt());
        return byLine != 0 ? byLine : Integer.compare(a.get(ai + 1).asInt(), b.get(bi + 1).asInt());
    }
}
