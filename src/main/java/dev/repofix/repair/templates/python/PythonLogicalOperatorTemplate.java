package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;

/** "logical-op": {@code and} and {@code or} into each other. */
final class PythonLogicalOperatorTemplate extends PythonTemplate {
    PythonLogicalOperatorTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "logical-op";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode b : tree.nodesOn(line, "boolop")) {
            String op = b.get("op").asText();
            String to = op.equals("and") ? "or" : "and";
            JsonNode values = b.get("values");
            for (int i = 0; i + 1 < values.size(); i++) {
                int at = operator(tree, values.get(i), values.get(i + 1), "\\b" + op + "\\b");
                if (at >= 0) {
                    edits.replace(at, at + op.length(), to, "`" + op + "` -> `" + to + "`");
                }
            }
        }
    }
}
