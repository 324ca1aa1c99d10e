package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.HashSet;
import java.util.Set;

/** "negate-condition": an {@code if}/{@code while}/conditional-expression test negated, or a {@code not} dropped. */
final class PythonNegateConditionTemplate extends PythonTemplate {
    PythonNegateConditionTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "negate-condition";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        Set<JsonNode> negations = new HashSet<>();
        tree.nodesOn(line, "not").forEach(n -> negations.add(n.get("r")));
        for (JsonNode c : tree.nodesOn(line, "cond")) {
            if (negations.contains(c.get("r"))) {
                continue; // a test that is a `not` is negated by dropping it (below), never by `not (not ...)`
            }
            String text = tree.source(c.get("r"));
            String negated = c.path("primary").asBoolean() ? "not " + text : "not (" + text + ")";
            edits.replace(c.get("r"), negated, "`" + text + "` -> `" + negated + "`");
        }
        Set<JsonNode> looser = new HashSet<>();
        tree.nodesOn(line, "boolop").forEach(n -> looser.add(n.get("r")));
        for (JsonNode n : tree.nodesOn(line, "not")) {
            // the operand alone where it binds tighter than `not` (a comparison, a call, a
            // name): `not (a < b)` -> `a < b`; else the text after `not`, parentheses kept
            String full = tree.source(n.get("r"));
            String operand = tree.source(n.get("operand"));
            boolean bare = !looser.contains(n.get("operand")) && !operand.contains(" if ")
                    && !operand.startsWith("lambda") && !operand.contains(":=");
            String kept = bare ? operand : full.substring(3).stripLeading();
            edits.replace(n.get("r"), kept, "`" + full + "` -> `" + kept + "`");
        }
    }
}
