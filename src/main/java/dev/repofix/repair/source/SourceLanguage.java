package dev.repofix.repair.source;

import dev.repofix.workspace.Language;
import java.util.Optional;

/** The lexical family of a source file: which comments and literals the fix templates must step around. Never null where returned. */
public enum SourceLanguage {
    /** Java, Kotlin, Scala, Groovy, JavaScript/TypeScript, Go, Rust, C/C++, C#, Swift. */
    C_LIKE,
    PYTHON;

    /**
     * The language of a file by its extension (case-insensitive, see {@link Language}); empty for files no
     * template understands (no syntax they read, or declarations only).
     */
    public static Optional<SourceLanguage> forPath(String path) {
        return Language.ofPath(path).filter(l -> !l.isStub(path)).flatMap(l -> switch (l.syntax()) {
            case C_LIKE -> Optional.of(C_LIKE);
            case PYTHON -> Optional.of(PYTHON);
            case OTHER -> Optional.<SourceLanguage>empty();
        });
    }

    /** Lower-cased text after the last dot of the file name, or "" when there is none. */
    public static String extension(String path) {
        return Language.extension(path);
    }
}
