package dev.repofix.eval.cases;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A case's language from the files its patch touches, when the case does not name one. */
public final class CaseLanguage {
    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("java", "java"), Map.entry("kt", "java"), Map.entry("groovy", "java"),
            Map.entry("scala", "java"), Map.entry("py", "python"), Map.entry("pyi", "python"),
            Map.entry("go", "go"), Map.entry("js", "javascript"), Map.entry("jsx", "javascript"),
            Map.entry("ts", "javascript"), Map.entry("tsx", "javascript"), Map.entry("mjs", "javascript"),
            Map.entry("cjs", "javascript"), Map.entry("rs", "rust"));

    private CaseLanguage() {}

    /**
     * The language most of {@code paths} are written in (the first seen on a tie);
     * {@code generic} when none has a known extension.
     */
    public static String derive(Collection<String> paths) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String path : paths) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            int dot = name.lastIndexOf('.');
            String language = dot < 0 ? null : BY_EXTENSION.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
            if (language != null) {
                counts.merge(language, 1, Integer::sum);
            }
        }
        return counts.entrySet().stream().reduce((a, b) -> b.getValue() > a.getValue() ? b : a)
                .map(Map.Entry::getKey).orElse("generic");
    }
}
