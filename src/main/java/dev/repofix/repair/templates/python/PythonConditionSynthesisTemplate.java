package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * "condition-synthesis": an {@code if}/{@code while} test built from the locals it or its body
 * reads. A constant test ({@code while True} over a queue) becomes a test of one local:
 * {@code queue}, {@code not queue}, {@code queue is not None}. Any other test is strengthened
 * with a guard ({@code x is not None and ...}, {@code ... and x}, {@code ... and not x}) or
 * replaced by an emptiness or None test; a flag of the function (a local bound only to
 * {@code True}/{@code False}) that the test does not read comes first ({@code lc < size} ->
 * {@code lc < size and do_fill}). Locals known to hold a number are compared with 0
 * instead of tested for None. At most {@value #MAX} edits per test.
 */
final class PythonConditionSynthesisTemplate extends PythonTemplate {
    private static final int MAX = 6;
    private static final int NAMES = 3;

    PythonConditionSynthesisTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "condition-synthesis";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        PythonScope scope = PythonScope.at(tree, line);
        if (scope.function().isEmpty()) {
            return;
        }
        for (JsonNode c : tree.nodesOn(line, "condsite")) {
            JsonNode r = c.get("r");
            if (r.get(0).asInt() != r.get(2).asInt()) {
                continue;
            }
            List<String> names = names(c, scope);
            String test = tree.source(r);
            Set<String> out = new LinkedHashSet<>();
            if (c.path("const").asBoolean()) {
                names.forEach(n -> out.add(n));
                names.forEach(n -> out.add("not " + n));
                names.forEach(n -> out.add(present(scope, n)));
            } else {
                String operand = test.contains(" or ") || test.contains(" if ") ? "(" + test + ")" : test;
                for (String flag : flags(c, scope)) {
                    out.add(operand + " and " + flag);
                    out.add(operand + " and not " + flag);
                }
                for (String n : names) {
                    if (!test.equals(n)) {
                        out.add(present(scope, n) + " and " + operand);
                        out.add(operand + " and " + n);
                        out.add(operand + " and not " + n);
                    }
                }
                for (String n : names) {
                    out.add("not " + n);
                    out.add(absent(scope, n));
                }
            }
            out.remove(test);
            out.stream().limit(MAX).forEach(to -> edits.replace(r, to, "`" + test + "` -> `" + to + "`"));
        }
    }

    /** The locals the test reads, then those its body reads, at most {@value #NAMES}. */
    private static List<String> names(JsonNode c, PythonScope scope) {
        Set<String> out = new LinkedHashSet<>();
        for (String field : List.of("loads", "body")) {
            for (JsonNode n : c.path(field)) {
                if (scope.isLocal(n.asText())) {
                    out.add(n.asText());
                }
            }
        }
        List<String> list = new ArrayList<>(out);
        return list.subList(0, Math.min(NAMES, list.size()));
    }

    /**
     * The function's flags the test does not read: locals bound only to {@code True} or
     * {@code False} (or annotated {@code bool}), at most {@value #NAMES}; a flag set above a
     * loop and never tested is the likeliest clause a condition lost.
     */
    private static List<String> flags(JsonNode c, PythonScope scope) {
        List<String> out = new ArrayList<>();
        scope.function().get().path("types").fields().forEachRemaining(e -> {
            if (e.getValue().asText().equals("bool") && !PythonScope.contains(c.path("loads"), e.getKey())
                    && out.size() < NAMES) {
                out.add(e.getKey());
            }
        });
        return out;
    }

    private static String present(PythonScope scope, String n) {
        return scope.typeOf(n).equals("num") ? n + " > 0" : n + " is not None";
    }

    private static String absent(PythonScope scope, String n) {
        return scope.typeOf(n).equals("num") ? n + " == 0" : n + " is None";
    }
}
