package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.Set;

/**
 * "call-argument": a name passed to a call moved by one ({@code search(xs, mid, hi)} ->
 * {@code search(xs, mid + 1, hi)}) where the function uses the name as a number (in arithmetic, an
 * ordering or an index), and two positional
 * arguments that are not neighbours swapped (neighbours are swap-args' edits).
 */
final class PythonCallArgumentTemplate extends PythonTemplate {
    /** Calls whose arguments are no counts or positions. */
    private static final Set<String> NOT_NUMERIC = Set.of("isinstance", "issubclass", "print", "len", "str", "repr",
            "type", "id", "hasattr", "getattr", "setattr", "bool", "append", "add", "discard", "remove", "format",
            "join", "extend", "update", "get", "pop", "setdefault", "startswith", "endswith", "split", "replace");

    PythonCallArgumentTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "call-argument";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        PythonScope scope = PythonScope.at(tree, line);
        for (JsonNode a : tree.nodesOn(line, "callarg")) {
            String name = a.path("name").asText();
            boolean number = scope.typeOf(name).equals("num") || scope.typeOf(name).isEmpty() && scope.isNumeric(name);
            if (name.isEmpty() || NOT_NUMERIC.contains(a.path("callee").asText()) || !scope.isLocal(name) || !number
                    || !scope.collectionOf(name).isEmpty()) {
                continue;
            }
            for (String delta : new String[] {" + 1", " - 1"}) {
                edits.replace(a.get("r"), name + delta, "`" + name + "` -> `" + name + delta + "` (argument "
                        + (a.path("index").asInt() + 1) + " of `" + a.path("callee").asText() + "`)");
            }
        }
        for (JsonNode c : tree.nodesOn(line, "call")) {
            JsonNode args = c.get("args");
            for (int i = 0; i < args.size(); i++) {
                for (int j = i + 2; j < args.size(); j++) {
                    String x = tree.source(args.get(i));
                    String y = tree.source(args.get(j));
                    if (x.equals(y)) {
                        continue;
                    }
                    int from = tree.begin(args.get(i));
                    int to = tree.end(args.get(j));
                    String between = tree.text().substring(tree.end(args.get(i)), tree.begin(args.get(j)));
                    edits.replace(from, to, y + between + x, "`" + x + "` and `" + y + "` swapped");
                }
            }
        }
    }
}
