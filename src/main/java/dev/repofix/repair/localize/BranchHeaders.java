package dev.repofix.repair.localize;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.PythonTree;
import java.util.ArrayList;
import java.util.List;

/**
 * The branch conditions of a Java or Python file: the line of each {@code if}'s (and
 * {@code elif}'s, {@code else if}'s) condition and the lines it decides to run, its body and
 * its else chain. A spectrum cannot see a wrong condition well: the condition runs in every
 * test that reaches it, passing or failing, whichever way it goes, while the lines of the
 * branch failing tests wrongly take (or the else chain's last {@code raise}) run mostly in
 * failing tests. The localizer lifts a condition to just below the best line it decides.
 */
final class BranchHeaders {
    /** One branch: the line of its condition, and the first and last line of what it decides (body and else). */
    record Branch(int header, int first, int last) {}

    private BranchHeaders() {}

    /** The {@code if} statements of a parsed Java file; an {@code else if} is one of its own. */
    static List<Branch> of(JavaTree tree) {
        List<Branch> out = new ArrayList<>();
        for (IfStmt s : tree.unit().findAll(IfStmt.class)) {
            Statement then = s.getThenStmt();
            Statement last = s.getElseStmt().orElse(then);
            if (s.getCondition().getBegin().isPresent() && then.getBegin().isPresent() && last.getEnd().isPresent()) {
                out.add(new Branch(s.getCondition().getBegin().get().line, then.getBegin().get().line,
                        last.getEnd().get().line));
            }
        }
        return out;
    }

    /**
     * The {@code if} statements of a Python file, from the statements Python's own {@code ast}
     * reported: an {@code elif} is an {@code if} of its own, reaching to the chain's end; what
     * it decides is every line after its first.
     */
    static List<Branch> of(PythonTree tree) {
        List<Branch> out = new ArrayList<>();
        for (JsonNode stmt : tree.statements()) {
            int first = stmt.get("r").get(0).asInt();
            int last = stmt.get("r").get(2).asInt();
            if ("If".equals(stmt.path("type").asText()) && last > first) {
                out.add(new Branch(first, first + 1, last));
            }
        }
        return out;
    }
}
