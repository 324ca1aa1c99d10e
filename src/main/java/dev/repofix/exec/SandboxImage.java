package dev.repofix.exec;

import dev.repofix.workspace.Language;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The sandbox images, one per language of an ecosystem ({@link Language#imageFamily()}
 * names its family). Each is built from
 * {@code docker/sandbox/<family>/Dockerfile} with its base image given as a build
 * argument, and tagged {@code repofix/sandbox-<family>:<version>}.
 */
public enum SandboxImage {
    /** JDK 21 and Maven 3.9. */
    JVM(Language.JAVA),
    /** Python 3 with pytest and coverage.py. */
    PYTHON(Language.PYTHON),
    /** Node.js with npm. */
    NODE(Language.JAVASCRIPT),
    /** Rust with cargo. */
    RUST(Language.RUST),
    /** Go. */
    GO(Language.GO);

    /** Tag of every sandbox image; raised when a Dockerfile changes in a way old images lack. */
    public static final String VERSION = "1";
    /** What every family's repository starts with. */
    static final String REPOSITORY = "repofix/sandbox-";

    private final Language language;
    private final String family;

    SandboxImage(Language language) {
        this.language = language;
        this.family = language.imageFamily().orElseThrow();
    }

    /** The language whose toolchain it holds. */
    public Language language() {
        return language;
    }

    /** The image of {@code language}'s toolchain; empty for a language no ecosystem runs. */
    public static Optional<SandboxImage> of(Language language) {
        return Arrays.stream(values()).filter(i -> i.language == language).findFirst();
    }

    /** The families as users type them: {@code jvm, python, node, rust, go}. */
    public static String families() {
        return String.join(", ", Arrays.stream(values()).map(SandboxImage::family).toList());
    }

    /** The folder name under {@code docker/sandbox/}, e.g. {@code jvm}. */
    public String family() {
        return family;
    }

    /** The image reference, e.g. {@code repofix/sandbox-jvm:1}. */
    public String reference() {
        return REPOSITORY + family + ":" + VERSION;
    }

    /**
     * The family whose image {@code reference} names: {@code repofix/sandbox-jvm} at any tag
     * gives JVM (its own is {@link #reference()}; tests make theirs under a tag of their own).
     */
    public static Optional<SandboxImage> ofReference(String reference) {
        return Arrays.stream(values()).filter(i -> reference.startsWith(REPOSITORY + i.family + ":")).findFirst();
    }

    /** The image of a family name as users type it ({@code jvm}, {@code python}, ...). */
    public static SandboxImage ofFamily(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (SandboxImage image : values()) {
            if (image.family.equals(wanted)) {
                return image;
            }
        }
        throw new IllegalArgumentException("unknown sandbox image family '" + name + "'; use one of " + families());
    }
}
