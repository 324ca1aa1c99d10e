package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.ArrayList;
import java.util.List;

/**
 * "missing-jump": a {@code break}, {@code continue} or {@code return} added after the last
 * statement of an {@code if} or {@code else} branch (one that does not jump already): in a
 * loop {@code break} and {@code continue} first, then a {@code return} of each value the
 * function returns elsewhere whose names are in scope, or a bare {@code return}.
 */
final class PythonMissingJumpTemplate extends PythonTemplate {
    PythonMissingJumpTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "missing-jump";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        PythonScope scope = PythonScope.at(tree, line);
        if (scope.function().isEmpty()) {
            return;
        }
        for (JsonNode end : tree.nodesOn(line, "branchend")) {
            String indent = edits.indentOf(end.get("r").get(0).asInt());
            List<String> jumps = new ArrayList<>();
            if (end.path("inLoop").asBoolean()) {
                jumps.add("break");
                jumps.add("continue");
            }
            JsonNode returns = scope.function().get().path("returns");
            for (JsonNode r : returns) {
                if (scope.allVisible(r.asText())) {
                    jumps.add("return " + r.asText());
                }
            }
            if (returns.isEmpty()) {
                jumps.add("return");
            }
            for (String jump : jumps) {
                edits.insertAfter(end, indent, List.of(jump), "`" + jump + "` added after the branch");
            }
        }
    }
}
