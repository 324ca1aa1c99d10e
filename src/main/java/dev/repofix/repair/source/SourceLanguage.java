package dev.repofix.repair.source;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The lexical family of a source file: which comments and literals the fix templates must step around. Never null where returned. */
public enum SourceLanguage {
    /** Java, Kotlin, Scala, Groovy, JavaScript/TypeScript, Go, Rust, C/C++, C#, Swift. */
    C_LIKE,
    PYTHON;

    private static final Set<String> C_LIKE_EXTENSIONS = Set.of(
            "java", "kt", "kts", "scala", "groovy", "js", "jsx", "mjs", "cjs", "ts", "tsx",
            "go", "rs", "c", "h", "cc", "cpp", "hpp", "cs", "swift");

    /** The language of a file by its extension (case-insensitive); empty for files no template understands. */
    public static Optional<SourceLanguage> forPath(String path) {
        String extension = extension(path);
        if (extension.equals("py")) {
            return Optional.of(PYTHON);
        }
        return C_LIKE_EXTENSIONS.contains(extension) ? Optional.of(C_LIKE) : Optional.empty();
    }

    /** Lower-cased text after the last dot of the file name, or "" when there is none. */
    public static String extension(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
