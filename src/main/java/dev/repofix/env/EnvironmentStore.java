package dev.repofix.env;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.workspace.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The prepared environments kept in {@code <cache-dir>/envs/<key>}. An environment is built
 * in place (a venv cannot move) under a file lock ({@code <key>.lock}, so that two runs at
 * once neither build it twice nor read it half-made); {@value #READY} is written last, so a
 * folder without it is a set-up that did not finish, and is deleted and rebuilt.
 * {@value #LAST_USED}'s time is when a run last used it, for {@link #prune}. What its set-up's
 * commands printed is kept beside it in {@code <key>.log} (of the last set-up, finished or failed).
 */
public final class EnvironmentStore {
    static final String READY = ".ready";
    static final String LAST_USED = ".last-used";
    static final String EXPORTS = ".environment.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(EnvironmentStore.class);
    private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path envs;
    private final Clock clock;

    /** The store under {@code cacheDir} (repofix's cache folder). */
    public EnvironmentStore(Path cacheDir, Clock clock) {
        this.envs = cacheDir.toAbsolutePath().normalize().resolve("envs");
        this.clock = clock;
    }

    /**
     * What a ready environment gives its tests, as kept beside it; {@code generated} lists the
     * files kept under its {@value #GENERATED} folder (none for an environment kept before them).
     */
    record Exports(String kind, String description, Map<String, String> variables, List<String> pathFolders,
            List<String> folders, List<String> sourceRoots, List<String> generated) {
        Exports {
            generated = generated == null ? List.of() : List.copyOf(generated);
        }
    }

    /** The folder of an environment that holds the files its install generated in the sources. */
    static final String GENERATED = "generated";

    Path folder(String key) {
        return envs.resolve(key);
    }

    /** The set-up log of {@code key}'s environment (it may not exist). */
    Path log(String key) {
        return envs.resolve(key + ".log");
    }

    /** Keeps {@code text} as the set-up log of {@code key}; a log that cannot be written is only logged. */
    void writeLog(String key, String text) {
        try {
            Files.createDirectories(envs);
            Files.writeString(log(key), text);
        } catch (IOException e) {
            LOG.warn("cannot keep the set-up log of environment {}: {}", key, e.getMessage());
        }
    }

    /**
     * The set-up log of the stored environment {@code prepared} runs in, when it has one: the
     * {@code <key>.log} beside one of its folders. Empty for nothing prepared, or for an environment
     * set up before logs were kept.
     */
    public static Optional<Path> setupLog(PreparedEnvironment prepared) {
        return prepared.folders().stream().filter(f -> f.getFileName() != null)
                .map(f -> f.resolveSibling(f.getFileName() + ".log")).filter(Files::isRegularFile).findFirst();
    }

    /**
     * Runs {@code work} holding the environment's lock: other processes (a file lock) and other
     * threads of this one wait.
     */
    <T> T locked(String key, Supplier<T> work) {
        Path lockFile = envs.resolve(key + ".lock");
        ReentrantLock local = IN_PROCESS.computeIfAbsent(lockFile, k -> new ReentrantLock());
        local.lock();
        try {
            Files.createDirectories(envs);
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                return work.get();
            }
        } catch (IOException e) {
            throw new EnvironmentException(EnvironmentException.ErrorKind.RUNTIME, "cannot lock the environment "
                    + lockFile + ": " + e.getMessage() + "; check that the cache folder is writable (cache-dir)", e);
        } finally {
            local.unlock();
        }
    }

    /** The exports of the ready environment {@code key}, empty when there is none (or it is half-made). */
    Optional<Exports> ready(String key) {
        Path dir = folder(key);
        if (!Files.isRegularFile(dir.resolve(READY))) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(dir.resolve(EXPORTS).toFile(), Exports.class));
        } catch (IOException e) {
            return Optional.empty(); // unreadable: rebuilt like a half-made one
        }
    }

    /** An empty folder for {@code key}, whatever was there before (a half-made set-up). */
    Path fresh(String key) {
        Path dir = folder(key);
        delete(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** Marks {@code key} ready with its exports: the exports first, the marker last. */
    void markReady(String key, Exports exports) {
        Path dir = folder(key);
        try {
            JSON.writeValue(dir.resolve(EXPORTS).toFile(), exports);
            Files.writeString(dir.resolve(READY), clock.instant().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        touch(key);
    }

    /** Records that a run used {@code key} now. */
    void touch(String key) {
        Path marker = folder(key).resolve(LAST_USED);
        try {
            if (!Files.exists(marker)) {
                Files.createFile(marker);
            }
            Files.setLastModifiedTime(marker, FileTime.from(clock.instant()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every environment in the store, ready or half-made, by key. */
    public List<StoredEnvironment> list() {
        if (!Files.isDirectory(envs)) {
            return List.of();
        }
        List<StoredEnvironment> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(envs)) {
            for (Path dir : dirs.filter(d -> Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
                String key = dir.getFileName().toString();
                Optional<Exports> exports = ready(key);
                out.add(new StoredEnvironment(key, exports.map(Exports::kind).orElse("?"),
                        exports.map(Exports::description).orElse("half-made (a set-up that did not finish)"),
                        FileTrees.size(dir), lastUsed(dir), exports.isPresent()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + envs, e);
        }
        return out;
    }

    /**
     * Deletes the environments last used longer than {@code olderThan} ago (every one with
     * {@code all}), each under its lock so that a run using it is not cut short.
     *
     * @return what was deleted
     */
    public List<StoredEnvironment> prune(Optional<Duration> olderThan, boolean all) {
        Instant cutoff = olderThan.map(clock.instant()::minus).orElse(Instant.MAX);
        List<StoredEnvironment> removed = new ArrayList<>();
        for (StoredEnvironment e : list()) {
            if (all || e.lastUsed().isBefore(cutoff)) {
                locked(e.key(), () -> {
                    delete(folder(e.key()));
                    delete(log(e.key()));
                    return null;
                });
                removed.add(e);
            }
        }
        pruneFailedLogs(cutoff, all);
        return removed;
    }

    /** Deletes the logs of set-ups that failed (no folder beside them) as old as {@code cutoff}, or all. */
    private void pruneFailedLogs(Instant cutoff, boolean all) {
        if (!Files.isDirectory(envs)) {
            return;
        }
        try (Stream<Path> files = Files.list(envs)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
                String key = f.getFileName().toString().replaceFirst("\\.log$", "");
                if (!Files.exists(folder(key)) && (all || lastUsed(f).isBefore(cutoff))) {
                    delete(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + envs, e);
        }
    }

    /** The folder this store keeps environments in. */
    public Path root() {
        return envs;
    }

    private static Instant lastUsed(Path dir) {
        for (String name : List.of(LAST_USED, READY)) {
            try {
                return Files.getLastModifiedTime(dir.resolve(name)).toInstant();
            } catch (IOException e) {
                // try the next
            }
        }
        try {
            return Files.getLastModifiedTime(dir).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    /** Deletes {@code dir} and everything below it (read-only module caches too); "already gone" counts as deleted. */
    static void delete(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            throw new EnvironmentException(EnvironmentException.ErrorKind.RUNTIME, "cannot delete " + dir + ": "
                    + e.getMessage() + "; delete it by hand", e);
        }
    }
}
