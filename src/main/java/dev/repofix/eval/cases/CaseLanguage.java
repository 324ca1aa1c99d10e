package dev.repofix.eval.cases;

import dev.repofix.workspace.Language;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** A case's language from the files its patch touches, when the case does not name one. */
public final class CaseLanguage {
    private CaseLanguage() {}

    /**
     * The language most of {@code paths} are written in (the first seen on a tie);
     * {@code generic} when none has a known extension.
     */
    public static String derive(Collection<String> paths) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String path : paths) {
            Language.ofPath(path).filter(Language::hasEcosystem).ifPresent(l -> counts.merge(l.key(), 1, Integer::sum));
        }
        return counts.entrySet().stream().reduce((a, b) -> b.getValue() > a.getValue() ? b : a)
                .map(Map.Entry::getKey).orElse("generic");
    }
}
