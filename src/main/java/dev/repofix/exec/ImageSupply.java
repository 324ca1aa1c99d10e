package dev.repofix.exec;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.repofix.config.Durations;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gets a repofix sandbox image onto the engine when the engine lacks it: pulled from the
 * published reference the {@link ImageSource} names and tagged as the local reference, else
 * built once from the jar's Dockerfile, so the next run on that engine finds it. Says in one
 * line what it starts and in one line how it ended, with how long it took.
 *
 * <p>Two runs at once: runs on one machine take a lock per engine and image (a file lock
 * across processes, a {@link ReentrantLock} within this one, since file locks are held per
 * process) and look at the engine again once they hold it, so the second finds the image
 * the first made. Runs on different machines that share an engine may both build or pull;
 * the engine sets a tag only once a build or pull completed, so the reference never names a
 * half-made image.
 */
final class ImageSupply {
    private static final Logger LOG = LoggerFactory.getLogger(ImageSupply.class);
    /** Limit of one pull. */
    static final Duration PULL_TIMEOUT = Duration.ofMinutes(15);
    /** Limit of one build (the JVM and Rust images install a toolchain). */
    static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);
    /** How often a run waiting for another's lock looks again. */
    private static final Duration LOCK_POLL = Duration.ofMillis(200);
    /** Locks held by this process, by lock file: a second {@link FileChannel#lock} in one JVM throws. */
    private static final Map<Path, ReentrantLock> HELD = new ConcurrentHashMap<>();

    private final DockerEngine engine;
    private final ImageSource source;
    private final Clock clock;
    private final Path lockDir;
    private final Consumer<String> notices;

    /**
     * @param lockDir  where the lock files go (the machine's temp folder)
     * @param notices  receives the lines that say what happens, as {@link AutoSandbox#say} prints them
     */
    ImageSupply(DockerEngine engine, ImageSource source, Clock clock, Path lockDir, Consumer<String> notices) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.source = Objects.requireNonNull(source, "source");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lockDir = Objects.requireNonNull(lockDir, "lockDir");
        this.notices = Objects.requireNonNull(notices, "notices");
    }

    /** How getting an image ended. */
    sealed interface Outcome {
        /** The engine had it (or another run made it while this one waited). */
        record Present() implements Outcome {}

        /** Pulled from {@code from} and tagged as the local reference. */
        record Pulled(String from, Duration took) implements Outcome {}

        /** Built FROM {@code base}. */
        record Built(String base, Duration took) implements Outcome {}

        /** Neither is there nor could be made; {@code why} says what was tried and how it failed, in one line. */
        record Unavailable(String why) implements Outcome {}
    }

    /**
     * Makes sure the engine has {@code image}: when it lacks it and it is a family's own
     * reference ({@code repofix/sandbox-<family>:<version>}), pulls or builds it.
     *
     * @throws ExecException when the engine cannot be asked
     */
    Outcome provide(String image) {
        if (engine.imageExists(image)) {
            return new Outcome.Present();
        }
        return SandboxImage.ofReference(image)
                .map(family -> provide(family, image))
                .orElseGet(() -> new Outcome.Unavailable("the Docker engine at " + engine.address() + " has no image "
                        + image + " and repofix makes only its own sandbox images: pull or build it"));
    }

    /**
     * Makes sure the engine has {@code family}'s image under {@code local}, pulling or building
     * it when it lacks it (tests pass a reference of their own).
     */
    Outcome provide(SandboxImage family, String local) {
        return underLock(local, () -> engine.imageExists(local) ? new Outcome.Present() : make(family, local));
    }

    private Outcome make(SandboxImage family, String local) {
        String pullFailure = null;
        Optional<String> published = source.pullReference(family);
        if (published.isPresent()) {
            Instant start = clock.instant();
            notices.accept("pulling " + published.get() + " as " + local + " (not on the Docker engine at "
                    + engine.address() + ")");
            try {
                pull(published.get());
                tag(published.get(), local);
                Duration took = since(start);
                notices.accept("pulled " + published.get() + " in " + Durations.format(took));
                return new Outcome.Pulled(published.get(), took);
            } catch (ExecException e) {
                pullFailure = "pulling " + published.get() + " failed: " + firstLine(e.getMessage());
                notices.accept(pullFailure + " (after " + Durations.format(since(start)) + "); building it instead");
            }
        }
        String base = source.buildBase();
        Instant start = clock.instant();
        notices.accept("building " + local + " FROM " + base + " (once per Docker engine"
                + (published.isEmpty() ? "; set sandbox-pull to pull a published one instead" : "") + ")");
        try {
            new ImageBuilder(engine, BUILD_TIMEOUT).build(family, base, local, line -> LOG.debug("build {}: {}", local,
                    line));
            Duration took = since(start);
            notices.accept("built " + local + " in " + Durations.format(took));
            return new Outcome.Built(base, took);
        } catch (ExecException e) {
            String buildFailure = "building it FROM " + base + " failed after " + Durations.format(since(start)) + ": "
                    + firstLine(e.getMessage());
            return new Outcome.Unavailable("the Docker engine at " + engine.address() + " has no image " + local + "; "
                    + (pullFailure == null ? "" : pullFailure + "; ") + buildFailure);
        }
    }

    /** Pulls {@code reference}; bounded by {@link #PULL_TIMEOUT}. */
    private void pull(String reference) {
        Reference r = Reference.parse(reference);
        PullProgress callback = new PullProgress();
        try {
            engine.streams().pullImageCmd(r.repository()).withTag(r.tag()).exec(callback);
            if (!callback.awaitCompletion(PULL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                callback.close();
                throw new ExecException("did not finish within " + PULL_TIMEOUT.toMinutes() + " min", null);
            }
        } catch (IOException e) {
            throw new ExecException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted", e);
        } catch (RuntimeException e) {
            throw engine.failure("pull " + reference, e);
        }
        if (callback.failure != null) {
            throw callback.failure instanceof RuntimeException re ? engine.failure("pull " + reference, re)
                    : new ExecException(String.valueOf(callback.failure.getMessage()), callback.failure);
        }
    }

    /**
     * Keeps the engine's pull error instead of logging it with its stack trace (the template's
     * way): a failed pull is expected where nothing is published, and is said in one line.
     */
    private static final class PullProgress extends ResultCallback.Adapter<PullResponseItem> {
        private volatile Throwable failure;

        @Override
        public void onNext(PullResponseItem item) {
            if (item.isErrorIndicated()) {
                onError(new ExecException(item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                        ? item.getErrorDetail().getMessage() : String.valueOf(item.getError()), null));
            }
        }

        @Override
        public void onError(Throwable throwable) {
            if (failure == null) {
                failure = throwable;
            }
            try {
                close();
            } catch (IOException e) {
                LOG.debug("closing a pull's stream: {}", e.getMessage());
            }
        }
    }

    private void tag(String from, String local) {
        Reference r = Reference.parse(local);
        engine.call("tag " + from + " as " + local + " at",
                () -> engine.requests().tagImageCmd(from, r.repository(), r.tag()).exec());
    }

    /** Runs {@code work} holding this machine's lock of {@code image} on this engine. */
    private Outcome underLock(String image, Supplier<Outcome> work) {
        Path file = lockDir.resolve("repofix-image-" + digest(engine.address() + " " + image) + ".lock");
        ReentrantLock inProcess = HELD.computeIfAbsent(file, f -> new ReentrantLock());
        Instant deadline = clock.instant().plus(BUILD_TIMEOUT).plus(PULL_TIMEOUT);
        try {
            if (!inProcess.tryLock(Duration.between(clock.instant(), deadline).toMillis(), TimeUnit.MILLISECONDS)) {
                return new Outcome.Unavailable("another run has been making " + image + " for longer than it may take");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while waiting for another run to make " + image, e);
        }
        try (FileChannel channel = openLock(file)) {
            if (channel != null && !acquire(channel, deadline)) {
                return new Outcome.Unavailable("another process has been making " + image
                        + " for longer than it may take (lock " + file + ")");
            }
            // The file lock is released when the channel closes.
            return work.get();
        } catch (IOException e) {
            LOG.debug("closing lock file {}: {}", file, e.getMessage());
            throw new ExecException("cannot release the lock " + file + ": " + e.getMessage(), e);
        } finally {
            inProcess.unlock();
        }
    }

    /** The lock file, or null when it cannot be made (a read-only temp folder): then the engine's tags alone keep order. */
    private static FileChannel openLock(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            LOG.debug("no lock file {}: {}", file, e.getMessage());
            return null;
        }
    }

    /** Waits for the file lock until {@code deadline}; false when another process held it all along. */
    private boolean acquire(FileChannel channel, Instant deadline) {
        try {
            while (channel.tryLock() == null) {
                if (clock.instant().isAfter(deadline)) {
                    return false;
                }
                Thread.sleep(LOCK_POLL.toMillis());
            }
            return true;
        } catch (IOException | OverlappingFileLockException e) {
            LOG.debug("cannot lock: {}", e.getMessage());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while waiting for another run to make an image", e);
        }
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.strip().lines().findFirst().orElse("");
    }

    private static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** An image reference split as the engine's pull and tag requests take it. */
    record Reference(String repository, String tag) {
        /** {@code host:5000/a/b:1} gives {@code host:5000/a/b} and {@code 1}; no tag gives {@code latest}. */
        static Reference parse(String reference) {
            int at = reference.indexOf('@');
            if (at >= 0) {
                return new Reference(reference.substring(0, at), reference.substring(at + 1));
            }
            int colon = reference.lastIndexOf(':');
            if (colon > reference.lastIndexOf('/')) {
                return new Reference(reference.substring(0, colon), reference.substring(colon + 1));
            }
            return new Reference(reference, "latest");
        }
    }
}
