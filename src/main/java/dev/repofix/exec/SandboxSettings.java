package dev.repofix.exec;

import dev.repofix.config.ConfigException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How sandboxed commands run.
 *
 * @param engine      where the Docker engine listens
 * @param limits      memory, CPU and process limits of each container
 * @param image       an image for every command (a family's or any reference); empty: each
 *                    command's family decides
 * @param extraCaches host folders mounted read-only at the same path
 * @param runId       labels this run's containers, so leftovers of crashed runs can be told apart
 * @param source      where a repofix sandbox image the engine lacks comes from
 */
public record SandboxSettings(EngineAddress engine, SandboxLimits limits, Optional<String> image,
        List<Path> extraCaches, String runId, ImageSource source) {
    private static final Pattern REFERENCE = Pattern.compile("[a-z0-9][a-z0-9._/:@-]*(:[\\w.-]+)?");

    public SandboxSettings {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(image, "image");
        extraCaches = List.copyOf(extraCaches);
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(source, "source");
    }

    /** Settings whose missing repofix images are built FROM the Dockerfiles' base, never pulled. */
    public SandboxSettings(EngineAddress engine, SandboxLimits limits, Optional<String> image, List<Path> extraCaches,
            String runId) {
        this(engine, limits, image, extraCaches, runId, ImageSource.buildOnly());
    }

    /** Whether {@code value} has the shape of an image reference. */
    static boolean isReference(String value) {
        return REFERENCE.matcher(value).matches();
    }

    /**
     * The image of a {@code sandbox-image} value: a family name ({@code jvm}) gives its
     * image, anything else is taken as an image reference; blank means none.
     *
     * @throws ConfigException when the value cannot be an image reference
     */
    public static Optional<String> image(String value) {
        String v = value.trim();
        if (v.isEmpty()) {
            return Optional.empty();
        }
        for (SandboxImage family : SandboxImage.values()) {
            if (family.family().equalsIgnoreCase(v)) {
                return Optional.of(family.reference());
            }
        }
        if (!isReference(v)) {
            throw new ConfigException("sandbox-image '" + value + "' is neither a family (jvm, python, node, rust, "
                    + "go) nor an image reference such as repofix/sandbox-jvm:1");
        }
        return Optional.of(v);
    }

    /** The image that runs a command of {@code family}: the configured one, else the family's. */
    public Optional<String> imageFor(Optional<SandboxImage> family) {
        return image.or(() -> family.map(SandboxImage::reference));
    }
}
