package dev.repofix.workspace;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The languages repofix knows, each named once with what the packages above ask of it:
 * its file extensions (context reads them as code), its syntax (which fix templates of
 * repair can edit it), and for the languages of an ecosystem repofix runs, the key that
 * names their test-path rules (build) and benchmark cases (eval) and the family of the
 * sandbox image that holds their toolchain (exec). Detecting which ecosystem a folder
 * holds stays in build. Here, in workspace, because exec is the lowest package that asks
 * and a language is what a workspace's files are written in.
 */
public enum Language {
    JAVA("java", "jvm", Syntax.C_LIKE, List.of("java", "kt", "kts", "scala", "groovy")),
    PYTHON("python", "python", Syntax.PYTHON, List.of("py", "pyi"), Set.of("pyi")),
    GO("go", "go", Syntax.C_LIKE, List.of("go")),
    JAVASCRIPT("javascript", "node", Syntax.C_LIKE, List.of("js", "jsx", "mjs", "cjs", "ts", "tsx")),
    RUST("rust", "rust", Syntax.C_LIKE, List.of("rs")),
    C("c", null, Syntax.C_LIKE, List.of("c", "h", "cc", "cpp", "cxx", "hpp")),
    CSHARP("csharp", null, Syntax.C_LIKE, List.of("cs")),
    SWIFT("swift", null, Syntax.C_LIKE, List.of("swift")),
    RUBY("ruby", null, Syntax.OTHER, List.of("rb")),
    PHP("php", null, Syntax.OTHER, List.of("php")),
    OBJECTIVE_C("objective-c", null, Syntax.OTHER, List.of("m")),
    SHELL("shell", null, Syntax.OTHER, List.of("sh"));

    /** How a language's comments and literals look, as far as the fix templates care. */
    public enum Syntax {
        /** Braces, {@code //} and {@code /* *}{@code /} comments, C-style literals. */
        C_LIKE,
        /** Indentation, {@code #} comments, Python literals. */
        PYTHON,
        /** A syntax no fix template reads. */
        OTHER
    }

    private final String key;
    private final Optional<String> imageFamily;
    private final Syntax syntax;
    private final List<String> extensions;
    private final Set<String> stubExtensions;

    Language(String key, String imageFamily, Syntax syntax, List<String> extensions) {
        this(key, imageFamily, syntax, extensions, Set.of());
    }

    Language(String key, String imageFamily, Syntax syntax, List<String> extensions, Set<String> stubExtensions) {
        this.key = key;
        this.imageFamily = Optional.ofNullable(imageFamily);
        this.syntax = syntax;
        this.extensions = List.copyOf(extensions);
        this.stubExtensions = Set.copyOf(stubExtensions);
    }

    /** How settings, cases and test-path rules name it, e.g. {@code java}, {@code javascript} (TypeScript too). */
    public String key() {
        return key;
    }

    /** The family of the sandbox image with its toolchain, e.g. {@code jvm}; empty for a language no ecosystem runs. */
    public Optional<String> imageFamily() {
        return imageFamily;
    }

    /** Whether repofix runs the tests of an ecosystem of this language (it has test-path rules and an image). */
    public boolean hasEcosystem() {
        return imageFamily.isPresent();
    }

    public Syntax syntax() {
        return syntax;
    }

    /** Its file extensions, lower case, without the dot. */
    public List<String> extensions() {
        return extensions;
    }

    /**
     * Whether {@code path} holds declarations only (a Python {@code .pyi} stub): code to
     * read, but no bodies for a fix template to edit.
     */
    public boolean isStub(String path) {
        return stubExtensions.contains(extension(path));
    }

    /** The language of a file by its extension (case-insensitive); empty when no language has it. */
    public static Optional<Language> ofPath(String path) {
        String extension = extension(path);
        return Arrays.stream(values()).filter(l -> l.extensions.contains(extension)).findFirst();
    }

    /** The language named {@code key} ({@link #key()}); empty when none is. */
    public static Optional<Language> ofKey(String key) {
        return Arrays.stream(values()).filter(l -> l.key.equals(key)).findFirst();
    }

    /** The languages of the ecosystems repofix runs, in this table's order. */
    public static List<Language> withEcosystem() {
        return Arrays.stream(values()).filter(Language::hasEcosystem).toList();
    }

    /** Lower-cased text after the last dot of the file name, or "" when there is none. */
    public static String extension(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
