package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;

/**
 * "swap-names": the two names of a pair swapped, {@code for k, v in d.items()} ->
 * {@code for v, k in d.items()}, {@code return lo, hi} -> {@code return hi, lo}.
 */
final class PythonSwapNamesTemplate extends PythonTemplate {
    PythonSwapNamesTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "swap-names";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode p : tree.nodesOn(line, "pair")) {
            String a = tree.source(p.get("a"));
            String b = tree.source(p.get("b"));
            int from = tree.begin(p.get("a"));
            int to = tree.end(p.get("b"));
            String between = tree.text().substring(tree.end(p.get("a")), tree.begin(p.get("b")));
            edits.replace(from, to, b + between + a, "`" + a + ", " + b + "` -> `" + b + ", " + a + "`");
        }
    }
}
