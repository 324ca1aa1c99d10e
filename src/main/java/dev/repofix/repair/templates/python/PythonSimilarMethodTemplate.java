package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.templates.SimilarNames;
import java.util.List;
import java.util.Map;

/** "similar-method": {@code min}/{@code max}, {@code startswith}/{@code endswith}, {@code strip}/{@code rstrip}... */
final class PythonSimilarMethodTemplate extends PythonTemplate {
    private static final Map<String, List<String>> SIMILAR = SimilarNames.with(Map.ofEntries(
            Map.entry("min", List.of("max")), Map.entry("max", List.of("min")),
            Map.entry("startswith", List.of("endswith")), Map.entry("endswith", List.of("startswith")),
            Map.entry("append", List.of("extend")), Map.entry("extend", List.of("append")),
            Map.entry("find", List.of("rfind")), Map.entry("rfind", List.of("find")),
            Map.entry("index", List.of("rindex")), Map.entry("rindex", List.of("index")),
            Map.entry("lower", List.of("upper")), Map.entry("upper", List.of("lower")),
            Map.entry("strip", List.of("lstrip", "rstrip")), Map.entry("lstrip", List.of("strip", "rstrip")),
            Map.entry("rstrip", List.of("strip", "lstrip")), Map.entry("split", List.of("rsplit")),
            Map.entry("rsplit", List.of("split")), Map.entry("any", List.of("all")), Map.entry("all", List.of("any")),
            Map.entry("floor", List.of("ceil")), Map.entry("ceil", List.of("floor")),
            Map.entry("remove", List.of("discard")), Map.entry("discard", List.of("remove")),
            Map.entry("keys", List.of("values", "items")), Map.entry("values", List.of("keys", "items")),
            Map.entry("sorted", List.of("reversed")), Map.entry("reversed", List.of("sorted"))),
            // bisect, heapq, dates, str and set methods
            "bisect_left bisect_right", "insort_left insort_right", "nlargest nsmallest", "weekday isoweekday",
            "removeprefix removesuffix", "ljust rjust", "partition rpartition", "islower isupper",
            "issubset issuperset", "union intersection");

    PythonSimilarMethodTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "similar-method";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode c : tree.nodesOn(line, "call")) {
            String name = c.get("name").asText();
            for (String other : SIMILAR.getOrDefault(name, List.of())) {
                edits.replace(c.get("nameRange"), other, "`" + name + "` -> `" + other + "`");
            }
        }
    }
}
