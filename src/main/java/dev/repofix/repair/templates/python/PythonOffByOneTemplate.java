package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.templates.Shifts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** "off-by-one": an offset of 1 dropped, an integer literal moved by one, a range bound or an index moved by one. */
final class PythonOffByOneTemplate extends PythonTemplate {
    PythonOffByOneTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "off-by-one";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode b : tree.nodesOn(line, "binop")) {
            String op = b.path("op").asText();
            if ((op.equals("+") || op.equals("-")) && b.path("rightValue").asInt(0) == 1) {
                edits.replace(b.get("r"), tree.source(b.get("left")), "`" + tree.source(b.get("r")) + "` -> `"
                        + tree.source(b.get("left")) + "`");
            }
        }
        // the 1 of `x + 1` moves away from zero only: toward zero it is the removal above
        Set<Integer> offsets = new HashSet<>();
        for (JsonNode b : tree.nodesOn(line, "binop")) {
            String op = b.path("op").asText();
            if ((op.equals("+") || op.equals("-")) && b.path("rightValue").asInt(0) == 1) {
                offsets.add(tree.begin(b.get("right")));
            }
        }
        for (JsonNode n : tree.nodesOn(line, "int")) {
            long v = n.get("value").asLong();
            if (v == 1 && offsets.contains(tree.begin(n.get("r")))) {
                String up = Shifts.grouped(2, tree.source(n.get("r")));
                edits.replace(n.get("r"), up, "`" + tree.source(n.get("r")) + "` -> `" + up + "`");
                continue;
            }
            String like = tree.source(n.get("r"));
            String up = Shifts.grouped(v + 1, like);
            edits.replace(n.get("r"), up, "`" + like + "` -> `" + up + "`");
            if (v != 0) { // 0 - 1 would make a non-negative literal negative
                String down = Shifts.grouped(v - 1, like);
                edits.replace(n.get("r"), down, "`" + like + "` -> `" + down + "`");
            }
        }
        for (String k : List.of("bound", "index")) {
            for (JsonNode n : tree.nodesOn(line, k)) {
                // a number literal moves above; `None + 1` and `"key" + 1` raise TypeError
                if (!n.path("literal").isNull() || NOT_ARITHMETIC.contains(n.path("type").asText())) {
                    continue;
                }
                String text = tree.source(n.get("r"));
                String operand = text.matches("[\\w.]+(\\(.*\\)|\\[.*])?") ? text : "(" + text + ")";
                for (String delta : List.of(" + 1", " - 1")) {
                    edits.replace(n.get("r"), operand + delta, "`" + text + "` -> `" + operand + delta + "`");
                }
            }
        }
    }
}
