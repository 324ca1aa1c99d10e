package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import java.util.Map;

/**
 * "type-test": a type in {@code isinstance}/{@code issubclass} replaced by a relative from its own
 * hierarchy, as {@code collections.abc} and {@code numbers} define it: {@code dict} ->
 * {@code Mapping}, {@code MutableMapping}; {@code list} -> {@code Sequence}, {@code MutableSequence};
 * {@code set} -> {@code Set}; and back down ({@code Sequence} -> {@code list}). A type the module
 * has not imported is imported below its leading imports ({@code from collections.abc import
 * Mapping}), or named through a module it imported ({@code abc.Mapping}).
 */
final class PythonTypeTestTemplate extends PythonTemplate {
    /** Each type's relatives, nearest first: a builtin's abstract bases, an abstract base's kin and builtins. */
    private static final Map<String, List<String>> RELATIVES = Map.ofEntries(
            Map.entry("dict", List.of("collections.abc.Mapping", "collections.abc.MutableMapping")),
            Map.entry("list", List.of("collections.abc.Sequence", "collections.abc.MutableSequence", "tuple")),
            Map.entry("tuple", List.of("collections.abc.Sequence", "list")),
            Map.entry("set", List.of("collections.abc.Set", "collections.abc.MutableSet", "frozenset")),
            Map.entry("frozenset", List.of("collections.abc.Set", "set")),
            Map.entry("int", List.of("numbers.Integral", "numbers.Number")),
            Map.entry("float", List.of("numbers.Real", "numbers.Number")),
            Map.entry("Mapping", List.of("dict", "collections.abc.MutableMapping")),
            Map.entry("MutableMapping", List.of("collections.abc.Mapping", "dict")),
            Map.entry("Sequence", List.of("list", "tuple", "collections.abc.MutableSequence")),
            Map.entry("MutableSequence", List.of("collections.abc.Sequence", "list")),
            Map.entry("Set", List.of("set", "frozenset", "collections.abc.MutableSet")),
            Map.entry("MutableSet", List.of("collections.abc.Set", "set")),
            Map.entry("Iterable", List.of("collections.abc.Iterator", "collections.abc.Collection")),
            Map.entry("Iterator", List.of("collections.abc.Iterable", "collections.abc.Generator")),
            Map.entry("Collection", List.of("collections.abc.Iterable", "collections.abc.Sized")),
            Map.entry("Integral", List.of("int", "numbers.Number")),
            Map.entry("Real", List.of("float", "numbers.Number")),
            Map.entry("Number", List.of("numbers.Real", "numbers.Integral")));

    PythonTypeTestTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "type-test";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        JsonNode module = PythonScope.at(tree, line).module();
        if (module == null) {
            return;
        }
        for (JsonNode t : tree.nodesOn(line, "typeref")) {
            JsonNode r = t.get("r");
            String name = t.get("name").asText();
            String simple = name.substring(name.lastIndexOf('.') + 1);
            if (r.get(0).asInt() != line || r.get(2).asInt() != line) {
                continue;
            }
            for (String relative : RELATIVES.getOrDefault(simple, List.of())) {
                offer(tree, line, module, r, name, relative, edits);
            }
        }
    }

    private static void offer(PythonTree tree, int line, JsonNode module, JsonNode r, String name, String relative,
            PythonEdits edits) {
        int dot = relative.lastIndexOf('.');
        String description = "`" + name + "` -> `" + relative.substring(dot + 1) + "`";
        if (dot < 0) {
            edits.replace(r, relative, description);
            return;
        }
        String from = relative.substring(0, dot);
        String type = relative.substring(dot + 1);
        String local = local(module, from, type);
        if (local != null) {
            edits.replace(r, local, description);
            return;
        }
        int after = module.path("after").asInt();
        if (after >= line) {
            return;
        }
        StringBuilder text = new StringBuilder("from " + from + " import " + type);
        for (int l = after + 1; l < line; l++) {
            text.append('\n').append(tree.file().line(l));
        }
        String all = tree.text();
        text.append('\n').append(all, tree.lineStart(line), tree.begin(r)).append(type)
                .append(all, tree.end(r), tree.lineEnd(line));
        edits.add(new LineEdit(after + 1, line, text.toString(), description + " (imported from `" + from + "`)"));
    }

    /** How the module names {@code from.type} already: a name it imported, or through a module it imported; else null. */
    private static String local(JsonNode module, String from, String type) {
        var bound = module.path("bound").fields();
        while (bound.hasNext()) {
            var e = bound.next();
            String origin = e.getValue().asText();
            if (origin.equals(from + "." + type) || origin.equals("typing." + type)) {
                return e.getKey();
            }
            if (origin.equals(from) && from.contains(".")) {
                return e.getKey() + "." + type; // from collections import abc
            }
        }
        var modules = module.path("modules").fields();
        while (modules.hasNext()) {
            var e = modules.next();
            if (e.getValue().asText().equals(from)) {
                return e.getKey() + "." + type;
            }
        }
        return null;
    }
}
