package dev.repofix.exec;

import dev.repofix.config.ConfigException;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a repofix sandbox image the engine lacks comes from: pulled from a published
 * reference when a pattern is set, else built once on the engine FROM a base.
 *
 * @param pullPattern an image reference with {@value #FAMILY}, e.g. {@code <registry>/<owner>/repofix-sandbox-{family}:1.2.3};
 *                    empty: nothing is pulled
 * @param base        the base of a build; empty: the Dockerfiles' own ({@value #DEFAULT_BASE})
 */
public record ImageSource(Optional<String> pullPattern, Optional<String> base) {
    /** What a pull pattern's family is written as. */
    public static final String FAMILY = "{family}";
    /** The base the Dockerfiles name ({@code ARG BASE=...}), and {@code repofix images build}'s default. */
    public static final String DEFAULT_BASE = "debian:trixie-slim";

    public ImageSource {
        Objects.requireNonNull(pullPattern, "pullPattern");
        Objects.requireNonNull(base, "base");
    }

    /** Nothing pulled; built FROM the Dockerfiles' base. */
    public static ImageSource buildOnly() {
        return new ImageSource(Optional.empty(), Optional.empty());
    }

    /**
     * The source of the {@code sandbox-pull} and {@code sandbox-base} values; blank means none.
     *
     * @throws ConfigException when the pattern lacks {@value #FAMILY} or either is no image reference
     */
    public static ImageSource of(String pull, String base) {
        String p = pull.trim();
        String b = base.trim();
        if (!p.isEmpty() && (!p.contains(FAMILY) || !SandboxSettings.isReference(p.replace(FAMILY, "jvm")))) {
            throw new ConfigException("sandbox-pull '" + pull + "' is no image reference with " + FAMILY + ", such as "
                    + "<registry>/<owner>/repofix-sandbox-" + FAMILY + ":<version>");
        }
        if (!b.isEmpty() && !SandboxSettings.isReference(b)) {
            throw new ConfigException("sandbox-base '" + base + "' is no image reference, such as " + DEFAULT_BASE);
        }
        return new ImageSource(p.isEmpty() ? Optional.empty() : Optional.of(p),
                b.isEmpty() ? Optional.empty() : Optional.of(b));
    }

    /** The published image of {@code family}, when a pattern is set. */
    public Optional<String> pullReference(SandboxImage family) {
        return pullPattern.map(p -> p.replace(FAMILY, family.family()));
    }

    /** The base a build starts FROM. */
    public String buildBase() {
        return base.orElse(DEFAULT_BASE);
    }
}
