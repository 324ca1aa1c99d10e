package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;

/** "missing-self": a bare name that is an attribute the class assigns on {@code self}. */
final class PythonMissingSelfTemplate extends PythonTemplate {
    PythonMissingSelfTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "missing-self";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode n : tree.nodesOn(line, "name")) {
            if (n.path("selfAttr").asBoolean()) {
                String name = n.get("id").asText();
                edits.replace(n.get("r"), "self." + name, "`" + name + "` -> `self." + name + "`");
            }
        }
    }
}
