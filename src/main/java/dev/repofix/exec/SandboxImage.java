package dev.repofix.exec;

import java.util.Locale;

/**
 * The sandbox images, one per ecosystem family. Each is built from
 * {@code docker/sandbox/<family>/Dockerfile} with its base image given as a build
 * argument, and tagged {@code repofix/sandbox-<family>:<version>}.
 */
public enum SandboxImage {
    /** JDK 21 and Maven 3.9. */
    JVM("jvm"),
    /** Python 3 with pytest. */
    PYTHON("python"),
    /** Node.js with npm. */
    NODE("node"),
    /** Rust with cargo. */
    RUST("rust"),
    /** Go. */
    GO("go");

    /** Tag of every sandbox image; raised when a Dockerfile changes in a way old images lack. */
    public static final String VERSION = "1";

    private final String family;

    SandboxImage(String family) {
        this.family = family;
    }

    /** The folder name under {@code docker/sandbox/}, e.g. {@code jvm}. */
    public String family() {
        return family;
    }

    /** The image reference, e.g. {@code repofix/sandbox-jvm:1}. */
    public String reference() {
        return "repofix/sandbox-" + family + ":" + VERSION;
    }

    /** The image of a family name as users type it ({@code jvm}, {@code python}, ...). */
    public static SandboxImage ofFamily(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (SandboxImage image : values()) {
            if (image.family.equals(wanted)) {
                return image;
            }
        }
        throw new IllegalArgumentException("unknown sandbox image family '" + name
                + "'; use one of jvm, python, node, rust, go");
    }
}
