package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * "none-check": for a name dereferenced on the line ({@code x.attr}, {@code x[i]},
 * {@code len(x)}), a guard {@code if x is None: return <value>} above its statement, at
 * its indentation: None first, then a default that fits what the function returns elsewhere
 * or the str method called.
 */
final class PythonNoneCheckTemplate extends PythonTemplate {
    /** Methods of str: a guard before them may return the empty string. */
    private static final Set<String> STR_METHODS = Set.of("strip", "lstrip", "rstrip", "lower", "upper", "split",
            "startswith", "endswith", "replace", "title", "capitalize", "casefold", "encode", "format", "join");

    PythonNoneCheckTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "none-check";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode d : tree.nodesOn(line, "deref")) {
            JsonNode statement = tree.statementOn(d.get("r").get(0).asInt()).orElse(null);
            if (statement == null || !statement.path("inFunction").asBoolean()) {
                continue;
            }
            String name = d.get("name").asText();
            String indent = edits.indentOf(statement.get("r").get(0).asInt());
            String unit = indent.contains("\t") ? "\t" : "    ";
            for (String value : defaults(statement.get("returns"), d.get("method").asText())) {
                String exit = value.isEmpty() ? "return" : "return " + value;
                edits.insertBefore(statement, List.of("if " + name + " is None:", unit + exit),
                        exit + " early when `" + name + "` is None");
            }
        }
    }

    /** What a guard returns: None (or nothing) first, then what the function returns elsewhere, then by the method. */
    private static Set<String> defaults(JsonNode returns, String method) {
        Set<String> out = new LinkedHashSet<>();
        out.add("None");
        for (JsonNode r : returns) {
            switch (r.asText()) {
                case "num" -> out.add("0");
                case "str" -> out.add("''");
                case "bool" -> out.add("False");
                case "list" -> out.add("[]");
                case "dict" -> out.add("{}");
                case "tuple" -> out.add("()");
                default -> { }
            }
        }
        if (STR_METHODS.contains(method)) {
            out.add("''");
        }
        if (method.equals("len")) {
            out.add("0");
        }
        return out;
    }
}
