package dev.repofix.repair.localize;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.PythonTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The loops of a Java or Python file: the line of each loop's condition (its bound) and the lines of its
 * body. A spectrum cannot see a wrong bound well: the header also runs in every passing test
 * that skips or leaves the loop, so it scores below the body lines whose extra or missing
 * iterations only failing tests reach, though it decided them. The localizer lifts a header to
 * its body's best score for that reason.
 */
final class LoopHeaders {
    /** One loop: where its condition is, and the first and last line of its body. */
    record Loop(int header, int bodyFirst, int bodyLast) {}

    private static final java.util.Set<String> PYTHON_LOOPS = java.util.Set.of("For", "AsyncFor", "While");

    private LoopHeaders() {}

    /** The loops of a parsed Java file. */
    static List<Loop> of(JavaTree tree) {
        List<Loop> loops = new ArrayList<>();
        for (Statement s : tree.unit().findAll(Statement.class)) {
            Optional<Node> condition = switch (s) {
                case ForStmt f -> f.getCompare().map(Node.class::cast);
                case WhileStmt w -> Optional.of(w.getCondition());
                case DoStmt d -> Optional.of(d.getCondition());
                case ForEachStmt e -> Optional.of(e.getIterable());
                default -> Optional.empty();
            };
            Optional<Statement> body = switch (s) {
                case ForStmt f -> Optional.of(f.getBody());
                case WhileStmt w -> Optional.of(w.getBody());
                case DoStmt d -> Optional.of(d.getBody());
                case ForEachStmt e -> Optional.of(e.getBody());
                default -> Optional.empty();
            };
            if (condition.isPresent() && body.isPresent() && condition.get().getBegin().isPresent()
                    && body.get().getRange().isPresent()) {
                loops.add(new Loop(condition.get().getBegin().get().line, body.get().getBegin().get().line,
                        body.get().getEnd().get().line));
            }
        }
        return loops;
    }

    /**
     * The {@code for} and {@code while} loops of a Python file, from the statements Python's
     * own {@code ast} reported: the header is the statement's first line, the body every line
     * after it to the statement's end (an {@code else:} block included, which a failing test
     * reaches only through the loop too).
     */
    static List<Loop> of(PythonTree tree) {
        List<Loop> loops = new ArrayList<>();
        for (JsonNode stmt : tree.statements()) {
            int first = stmt.get("r").get(0).asInt();
            int last = stmt.get("r").get(2).asInt();
            if (PYTHON_LOOPS.contains(stmt.path("type").asText()) && last > first) {
                loops.add(new Loop(first, first + 1, last));
            }
        }
        return loops;
    }
}
