package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * "wrap-call": a call around an argument removed ({@code add(flatten(x))} -> {@code add(x)}),
 * or a name argument wrapped in a one-argument function that the file applies to that same
 * name elsewhere ({@code add(x)} -> {@code add(flatten(x))}), the most used first, at most
 * {@value #MAX}.
 */
final class PythonWrapCallTemplate extends PythonTemplate {
    private static final int MAX = 2;

    PythonWrapCallTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "wrap-call";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode a : tree.nodesOn(line, "callarg")) {
            if (a.hasNonNull("inner") && a.get("inner").isArray()) {
                String whole = tree.source(a.get("r"));
                String inner = tree.source(a.get("inner"));
                edits.replace(a.get("r"), inner, "`" + whole + "` -> `" + inner + "`");
            }
        }
        for (JsonNode a : tree.nodesOn(line, "callarg")) {
            String name = a.path("name").asText();
            if (name.isEmpty()) {
                continue;
            }
            Map<String, Integer> wrappers = new LinkedHashMap<>();
            for (JsonNode u : tree.nodes("unary")) {
                String callee = u.get("callee").asText();
                if (u.get("arg").asText().equals(name) && !callee.equals(a.path("callee").asText())
                        && !callee.equals("print") && !callee.equals("len")) {
                    wrappers.merge(callee, 1, Integer::sum);
                }
            }
            wrappers.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(MAX)
                    .forEach(e -> edits.replace(a.get("r"), e.getKey() + "(" + name + ")",
                            "`" + name + "` -> `" + e.getKey() + "(" + name + ")`"));
        }
    }
}
