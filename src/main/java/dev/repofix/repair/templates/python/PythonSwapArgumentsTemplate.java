package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;

/** "swap-args": two neighbouring positional arguments of a call swapped. */
final class PythonSwapArgumentsTemplate extends PythonTemplate {
    PythonSwapArgumentsTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "swap-args";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode c : tree.nodesOn(line, "call")) {
            JsonNode args = c.get("args");
            for (int i = 0; i + 1 < args.size(); i++) {
                int from = tree.begin(args.get(i));
                int to = tree.end(args.get(i + 1));
                String a = tree.source(args.get(i));
                String b = tree.source(args.get(i + 1));
                String between = tree.text().substring(tree.end(args.get(i)), tree.begin(args.get(i + 1)));
                edits.replace(from, to, b + between + a, "`" + a + ", " + b + "` -> `" + b + ", " + a + "`");
            }
        }
    }
}
