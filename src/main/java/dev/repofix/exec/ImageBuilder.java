package dev.repofix.exec;

import com.github.dockerjava.api.command.BuildImageResultCallback;
import com.github.dockerjava.api.model.BuildResponseItem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Builds the sandbox images on a Docker engine from the Dockerfiles that travel in
 * the jar ({@code dev/repofix/sandbox/<family>/Dockerfile}), with the base image
 * given as the build argument {@code BASE}.
 */
public final class ImageBuilder implements AutoCloseable {
    static final String RESOURCE_ROOT = "dev/repofix/sandbox/";

    private final DockerEngine engine;
    private final Duration timeout;
    private final boolean ownsEngine;

    /** Connects to the engine at {@code address}; each build is bounded by {@code timeout}. */
    public ImageBuilder(EngineAddress address, Duration timeout) {
        this(DockerEngine.connect(Objects.requireNonNull(address, "address")), timeout, true);
    }

    /** A builder on an engine someone else closes. */
    ImageBuilder(DockerEngine engine, Duration timeout) {
        this(engine, timeout, false);
    }

    private ImageBuilder(DockerEngine engine, Duration timeout, boolean ownsEngine) {
        this.engine = engine;
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.ownsEngine = ownsEngine;
    }

    /** @throws ExecException when the engine does not answer, saying how to start it */
    public void ping() {
        engine.ping();
    }

    /** Whether {@code image} exists on the engine. */
    public boolean exists(String image) {
        return engine.imageExists(image);
    }

    /**
     * Builds {@code image} FROM {@code base}, passing each line of the engine's build
     * output to {@code progress}.
     *
     * @throws ExecException when the build fails or passes its timeout; the message
     *     carries the engine's error and what to try
     */
    public void build(SandboxImage image, String base, Consumer<String> progress) {
        build(image, base, image.reference(), progress);
    }

    /**
     * Builds {@code image}'s Dockerfile FROM {@code base} and tags the result {@code tag}. The
     * engine sets the tag only once the build succeeded, so a failed or concurrent build
     * never leaves {@code tag} naming a half-built image.
     */
    void build(SandboxImage image, String base, String tag, Consumer<String> progress) {
        Path context = null;
        try {
            context = Files.createTempDirectory("repofix-image-");
            Path dockerfile = writeContext(image, context);
            Progress callback = new Progress(progress);
            engine.streams().buildImageCmd()
                    .withDockerfile(dockerfile.toFile())
                    .withBaseDirectory(context.toFile())
                    .withBuildArg("BASE", base)
                    .withTags(Set.of(tag))
                    .withLabels(java.util.Map.of("dev.repofix.sandbox", image.family()))
                    .withPull(false)
                    .withRemove(true)
                    .exec(callback);
            if (!callback.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                callback.close();
                throw new ExecException("building " + tag + " did not finish within " + timeout
                        + "; raise --timeout or check the engine's access to the package mirror", null);
            }
            if (callback.error != null) {
                throw new ExecException("building " + tag + " FROM " + base + " failed: "
                        + callback.error + hint(base), null);
            }
        } catch (IOException e) {
            throw new ExecException("cannot prepare the build context of " + image.reference() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while building " + image.reference(), e);
        } finally {
            if (context != null) {
                deleteQuietly(context);
            }
        }
    }

    private String hint(String base) {
        boolean baseMissing;
        try {
            baseMissing = !engine.imageExists(base);
        } catch (RuntimeException e) {
            baseMissing = false;
        }
        return baseMissing
                ? "; the base image " + base + " is not on this engine and could not be pulled: pull it, or build a"
                        + " local base (debootstrap, then docker import; see .ci/docker-setup) and pass --base"
                : "";
    }

    /** Writes the image's Dockerfile from the jar into {@code dir}; returns its path. */
    static Path writeContext(SandboxImage image, Path dir) throws IOException {
        String resource = RESOURCE_ROOT + image.family() + "/Dockerfile";
        try (InputStream in = ImageBuilder.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the jar lacks " + resource + "; rebuild repofix");
            }
            Path dockerfile = dir.resolve("Dockerfile");
            Files.copy(in, dockerfile);
            return dockerfile;
        }
    }

    @Override
    public void close() {
        if (ownsEngine) {
            engine.close();
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A leftover temp folder is harmless; the build's outcome is what matters.
        }
    }

    /** Passes build output on line by line and keeps the engine's error, if any. */
    private static final class Progress extends BuildImageResultCallback {
        private final Consumer<String> sink;
        private volatile String error;

        Progress(Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public void onNext(BuildResponseItem item) {
            if (item.getStream() != null) {
                item.getStream().lines().filter(l -> !l.isBlank()).forEach(sink);
            }
            if (item.isErrorIndicated()) {
                error = item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                        ? item.getErrorDetail().getMessage() : item.getError();
            }
            super.onNext(item);
        }

        @Override
        public void onError(Throwable throwable) {
            if (error == null) {
                error = String.valueOf(throwable.getMessage());
            }
            super.onError(throwable);
        }
    }
}
