package dev.repofix.repair.localize;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a Python function misses a statement, by its own text: a local that a plain assignment
 * binds and nothing in the function reads ({@code cells = index.setdefault(k, [])} and no
 * {@code cells.append(cell)}). The value was computed for a statement that is not there; it
 * goes after the assignment, in its block. A spectrum cannot see a missing statement: the
 * lines around it run in passing and failing tests alike.
 */
final class UnreadLocals {
    /**
     * One unread local: its name, the assignment's line, and the lines of the statements of
     * the same block from the assignment on, where the missing statement would go.
     */
    record Gap(String name, int assigned, List<Integer> statements) {}

    private UnreadLocals() {}

    static List<Gap> of(PythonTree tree) {
        List<Gap> out = new ArrayList<>();
        List<JsonNode> statements = tree.statements();
        for (JsonNode function : tree.nodes("func")) {
            int end = function.get("r").get(2).asInt();
            var unread = function.path("unread").fields();
            while (unread.hasNext()) {
                var e = unread.next();
                int assigned = e.getValue().get(0).asInt();
                JsonNode assignment = statements.stream().filter(s -> s.get("r").get(0).asInt() == assigned)
                        .reduce((a, b) -> b).orElse(null);
                if (assignment != null) {
                    out.add(new Gap(e.getKey(), assigned, block(statements, assignment, end)));
                }
            }
        }
        return out;
    }

    /** The assignment's line and those of the statements after it in its block, up to the function's end. */
    private static List<Integer> block(List<JsonNode> statements, JsonNode assignment, int functionEnd) {
        int indent = assignment.path("indent").asInt();
        int after = assignment.get("r").get(2).asInt();
        List<Integer> out = new ArrayList<>(List.of(assignment.get("r").get(0).asInt()));
        for (JsonNode s : statements.stream().sorted(java.util.Comparator.comparingInt(s -> s.get("r").get(0).asInt()))
                .toList()) {
            int first = s.get("r").get(0).asInt();
            if (first <= after || first > functionEnd) {
                continue;
            }
            int at = s.path("indent").asInt();
            if (at < indent) {
                break; // the block ended
            }
            if (at == indent) {
                out.add(first);
            }
        }
        return out;
    }
}
