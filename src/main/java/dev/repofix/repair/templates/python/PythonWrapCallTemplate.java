package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * "wrap-call": a call around an argument removed ({@code add(flatten(x))} -> {@code add(x)}), or a
 * chain of them ({@code key(tuple(sorted(args)))} -> {@code key(args)}); a bare name beside an operand
 * that calls a function on another name given the same call ({@code set(keep) - drop} ->
 * {@code set(keep) - set(drop)});
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
            if (a.hasNonNull("core") && a.get("core").isArray()) {
                String whole = tree.source(a.get("r"));
                String core = tree.source(a.get("core"));
                edits.replace(a.get("r"), core, "`" + whole + "` -> `" + core + "`");
            }
        }
        for (JsonNode t : tree.nodesOn(line, "twinwrap")) {
            String name = t.path("name").asText();
            String to = t.path("callee").asText() + "(" + name + ")";
            edits.replace(t.get("r"), to, "`" + name + "` -> `" + to + "` as the other operand");
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
