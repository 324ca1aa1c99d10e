package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.Set;

/** "remove-statement": an expression statement or an assignment that starts on the line, unless alone in its block. */
final class PythonRemoveStatementTemplate extends PythonTemplate {
    PythonRemoveStatementTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "remove-statement";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode s : tree.nodesOn(line, "stmt")) {
            String type = s.path("type").asText();
            if (s.get("r").get(0).asInt() == line && !s.path("alone").asBoolean()
                    && Set.of("Expr", "Assign", "AugAssign", "AnnAssign").contains(type)) {
                edits.remove(s, "statement removed");
            }
        }
    }
}
