package dev.repofix.repair.templates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Tables of look-alike method names for the similar-method templates, written as groups. */
public final class SimilarNames {
    private SimilarNames() {}

    /**
     * {@code base} with each group ({@code "isBefore isAfter"}: names a slip turns into one
     * another) added: every name of a group maps to the others, after what {@code base} has.
     */
    public static Map<String, List<String>> with(Map<String, List<String>> base, String... groups) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        base.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        for (String group : groups) {
            List<String> names = List.of(group.split(" "));
            for (String name : names) {
                List<String> others = out.computeIfAbsent(name, k -> new ArrayList<>());
                names.stream().filter(n -> !n.equals(name) && !others.contains(n)).forEach(others::add);
            }
        }
        out.replaceAll((k, v) -> List.copyOf(v));
        return Map.copyOf(out);
    }
}
