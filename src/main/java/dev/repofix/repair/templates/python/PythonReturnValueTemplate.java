package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;

/** "return-value": {@code return True} and {@code return False} flipped; {@code return x} to another name of its shape. */
final class PythonReturnValueTemplate extends PythonTemplate {
    PythonReturnValueTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "return-value";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode r : tree.nodesOn(line, "return")) {
            String literal = r.path("literal").asText();
            if (literal.equals("True") || literal.equals("False")) {
                String to = literal.equals("True") ? "False" : "True";
                int end = tree.end(r.get("r"));
                edits.replace(end - literal.length(), end, to, "`return " + literal + "` -> `return " + to + "`");
            }
        }
        for (JsonNode n : tree.nodesOn(line, "name")) {
            boolean returned = tree.nodesOn(line, "return").stream().anyMatch(r -> r.path("name").asText()
                    .equals(n.get("id").asText()) && tree.end(r.get("r")) == tree.end(n.get("r")));
            if (returned && !n.path("shape").asText().isEmpty()) {
                for (String other : PythonWrongVariableTemplate.byShape(n, n.get("shape").asText())) {
                    edits.replace(n.get("r"), other, "`return " + n.get("id").asText() + "` -> `return " + other + "`");
                }
            }
        }
    }
}
