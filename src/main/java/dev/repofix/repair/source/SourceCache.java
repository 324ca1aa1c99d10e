package dev.repofix.repair.source;

import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Reads (through the workspace's confined reader) and lexes source files on demand, once each. Not thread-safe. */
public final class SourceCache {
    /** Larger files are generated or data; templates on them are not worth the time. */
    private static final long MAX_BYTES = 1024 * 1024;

    private final FileIndex files;
    private final Map<String, Optional<SourceFile>> cache = new HashMap<>();
    private final Map<String, Optional<String>> contents = new HashMap<>();

    public SourceCache(FileIndex files) {
        this.files = files;
    }

    public FileIndex files() {
        return files;
    }

    /** The lexed file, empty when not a known language, too large, not UTF-8 or unreadable. */
    public Optional<SourceFile> get(String relativePath) {
        return cache.computeIfAbsent(relativePath, rel -> text(rel).map(c -> SourceFile.of(rel, c)));
    }

    /**
     * The file's exact text (line endings kept), read once and not lexed: a search over
     * many files looks at the text first and lexes only the files that can match.
     */
    public Optional<String> text(String relativePath) {
        return contents.computeIfAbsent(relativePath, this::read);
    }

    /** The text of a file {@link #get} returned. */
    public String content(String relativePath) {
        return text(relativePath).orElseThrow(() -> new IllegalArgumentException("not a source file: " + relativePath));
    }

    private Optional<String> read(String rel) {
        if (!files.contains(rel) || SourceLanguage.forPath(rel).isEmpty()) {
            return Optional.empty();
        }
        return switch (files.read(rel, MAX_BYTES)) {
            case FileRead.Content c -> c.utf8();
            case FileRead.Refused r -> Optional.empty();
        };
    }
}
