package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "wrong-variable": a name read replaced by another name in scope, names of the same
 * shape first (both parameters, or both assigned from the same kind of expression);
 * {@code self.a} by another attribute of the class.
 */
final class PythonWrongVariableTemplate extends PythonTemplate {
    /** What a module's flags and metadata hold ({@code TYPE_CHECKING = False}, {@code VERSION = "1.2"}). */
    private static final Set<String> FLAG_KINDS = Set.of("none", "bool", "str");

    PythonWrongVariableTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "wrong-variable";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode n : tree.nodesOn(line, "name")) {
            String shape = n.path("shape").asText();
            if (shape.isEmpty()) {
                continue;
            }
            String name = n.get("id").asText();
            for (String other : byShape(n, shape)) {
                edits.replace(n.get("r"), other, "`" + name + "` -> `" + other + "`");
            }
        }
        for (JsonNode a : tree.nodesOn(line, "selfattr")) {
            String attr = a.get("attr").asText();
            int end = tree.end(a.get("r"));
            for (String other : byShape(a, a.path("shape").asText())) {
                edits.replace(end - attr.length(), end, other, "`self." + attr + "` -> `self." + other + "`");
            }
        }
    }

    /**
     * The names that may stand for a name node's name: of the same shape first, then
     * parameters, then the rest (other locals before the module's globals); at most six.
     * Only names of a plausible kind: never a dunder ({@code __all__}, {@code __version__}),
     * never a name known to hold another kind of value than the name it replaces, and never
     * a module flag or metadata ({@code TYPE_CHECKING = False}, {@code NAME = "demo"}: an
     * ALL_CAPS global holding a bool, None or a str) unless the name is known to hold that kind.
     */
    static List<String> byShape(JsonNode node, String shape) {
        JsonNode names = node.get("others");
        JsonNode shapes = node.get("shapes");
        String type = node.path("type").asText();
        List<String> same = new ArrayList<>();
        List<String> params = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String s = shapes.get(i).asText();
            String name = names.get(i).asText();
            String otherType = node.path("types").path(i).asText();
            boolean dunder = name.startsWith("__") && name.endsWith("__");
            boolean otherKind = !type.isEmpty() && !otherType.isEmpty() && !type.equals(otherType);
            boolean flag = s.equals("global") && FLAG_KINDS.contains(otherType) && !otherType.equals(type)
                    && name.equals(name.toUpperCase(java.util.Locale.ROOT));
            if (!dunder && !otherKind && !flag) {
                (s.equals(shape) ? same : s.equals("param") ? params : rest).add(name);
            }
        }
        same.addAll(params);
        same.addAll(rest);
        return same.subList(0, Math.min(6, same.size()));
    }
}
