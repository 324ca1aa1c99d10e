package dev.repofix.repair.source;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Parses each Java file once however many templates and lines ask: keyed by the
 * {@link SourceFile} object, which a run's {@link SourceCache} reads once. Bounded, so
 * that an engine kept across runs does not hold old trees. Not thread-safe.
 */
public final class JavaTrees {
    private static final int MAX_FILES = 32;

    private final Map<SourceFile, Optional<JavaTree>> trees = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SourceFile, Optional<JavaTree>> eldest) {
            return size() > MAX_FILES;
        }
    };

    /** The tree of a {@code .java} file; empty for other files and for Java that does not parse. */
    public Optional<JavaTree> of(SourceFile file) {
        if (!SourceLanguage.extension(file.path()).equals("java")) {
            return Optional.empty();
        }
        Optional<JavaTree> known = trees.get(file);
        if (known == null) {
            known = JavaTree.parse(file);
            trees.put(file, known);
        }
        return known;
    }
}
