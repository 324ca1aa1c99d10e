package dev.repofix.repair.localize;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.PythonTree;
import java.util.ArrayList;
import java.util.List;

/**
 * The branch conditions of a Java or Python file: the line of each {@code if}'s (and
 * {@code elif}'s, {@code else if}'s) condition and the lines it decides to run, its body and
 * its else chain, and when it has no else and its body jumps out ({@code return}, {@code raise}),
 * the rest of its block. A spectrum cannot see a wrong condition well: the condition runs in every
 * test that reaches it, passing or failing, whichever way it goes, while the lines of the
 * branch failing tests wrongly take (or the else chain's last {@code raise}) run mostly in
 * failing tests. The localizer lifts a condition to just below the best line it decides.
 */
final class BranchHeaders {
    /**
     * One branch: the line of its condition, the first and last line of what it decides (body
     * and else), and whether the condition is a constant ({@code if (true)}), which the Java
     * compiler leaves no code for: coverage never sees its line run.
     */
    record Branch(int header, int first, int last, boolean constant) {
        Branch(int header, int first, int last) {
            this(header, first, last, false);
        }
    }

    private BranchHeaders() {}

    /** The {@code if} statements of a parsed Java file; an {@code else if} is one of its own. */
    static List<Branch> of(JavaTree tree) {
        List<Branch> out = new ArrayList<>();
        for (IfStmt s : tree.unit().findAll(IfStmt.class)) {
            Statement then = s.getThenStmt();
            Statement last = s.getElseStmt().orElse(then);
            if (s.getElseStmt().isEmpty() && jumps(then) && s.getParentNode().orElse(null) instanceof BlockStmt b) {
                last = b.getStatements().getLast().orElse(last); // the rest of the block runs only when it is false
            }
            if (s.getCondition().getBegin().isPresent() && then.getBegin().isPresent() && last.getEnd().isPresent()) {
                out.add(new Branch(s.getCondition().getBegin().get().line, then.getBegin().get().line,
                        last.getEnd().get().line, s.getCondition().isBooleanLiteralExpr()));
            }
        }
        return out;
    }

    /** Whether a branch ends with a jump out: {@code return}, {@code throw}, {@code break}, {@code continue}. */
    private static boolean jumps(Statement branch) {
        Statement last = branch instanceof BlockStmt b ? b.getStatements().getLast().orElse(branch) : branch;
        return last.isReturnStmt() || last.isThrowStmt() || last.isBreakStmt() || last.isContinueStmt();
    }

    /**
     * The {@code if} statements of a Python file, from the statements Python's own {@code ast}
     * reported: an {@code elif} is an {@code if} of its own, reaching to the chain's end; what
     * it decides is every line after its first.
     */
    static List<Branch> of(PythonTree tree) {
        List<Branch> out = new ArrayList<>();
        List<JsonNode> statements = tree.statements().stream()
                .sorted(java.util.Comparator.comparingInt(s -> s.get("r").get(0).asInt())).toList();
        for (int i = 0; i < statements.size(); i++) {
            JsonNode stmt = statements.get(i);
            int first = stmt.get("r").get(0).asInt();
            int last = stmt.get("r").get(2).asInt();
            if ("If".equals(stmt.path("type").asText()) && last > first) {
                out.add(new Branch(first, first + 1, fallsThrough(statements, i) ? blockEnd(statements, i) : last));
            }
        }
        return out;
    }

    /**
     * Whether the {@code if} at {@code i} has no else and its body's last statement jumps out:
     * the statements after it in its block then run only when its condition is false.
     */
    private static boolean fallsThrough(List<JsonNode> statements, int i) {
        JsonNode branch = statements.get(i);
        int last = branch.get("r").get(2).asInt();
        int bodyIndent = Integer.MAX_VALUE;
        JsonNode lastOfBody = null;
        for (int j = i + 1; j < statements.size() && statements.get(j).get("r").get(0).asInt() <= last; j++) {
            int indent = statements.get(j).path("indent").asInt();
            if (indent < bodyIndent) {
                bodyIndent = indent;
            }
            if (indent == bodyIndent) {
                lastOfBody = statements.get(j);
            }
        }
        return lastOfBody != null && lastOfBody.get("r").get(2).asInt() == last
                && JUMPS.contains(lastOfBody.path("type").asText());
    }

    /** The last line of the block the statement at {@code i} is in (from it on). */
    private static int blockEnd(List<JsonNode> statements, int i) {
        int indent = statements.get(i).path("indent").asInt();
        int end = statements.get(i).get("r").get(2).asInt();
        for (int j = i + 1; j < statements.size(); j++) {
            JsonNode s = statements.get(j);
            int at = s.path("indent").asInt();
            if (at < indent || !s.path("inFunction").asBoolean()) {
                break;
            }
            end = Math.max(end, s.get("r").get(2).asInt());
        }
        return end;
    }

    private static final java.util.Set<String> JUMPS = java.util.Set.of("Return", "Raise", "Break", "Continue");
}
