package dev.repofix.exec;

import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One writable folder per Docker executor (so per run), mounted in every container at
 * {@link #TARGET}, where the tools keep what they compiled: each test run of the run
 * starts from the previous runs' results instead of from cold (a container's {@code /tmp}
 * is gone when it ends). Only caches that are keyed by their inputs and safe to share
 * between the candidates' copies go here: Go's build cache and Gradle's user home. Not
 * Cargo's {@code target/} ({@code CARGO_TARGET_DIR}): one shared target folder takes
 * cargo's build lock, so concurrent candidates would wait for each other, and the
 * artifacts it copies up to {@code target/debug/} have the same names for every copy,
 * so one candidate's would replace another's. The folder is made on first use, next to
 * the workspace copies (on a volume the engine sees, see {@link HostPathMapper}), as
 * {@code build} in a run folder that also holds the files repofix writes for its
 * containers to read ({@link #write}), which no container can write; {@link #close()}
 * deletes it all. Thread-safe.
 */
final class SandboxBuildCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SandboxBuildCache.class);
    /** Where the folder is inside every container. */
    static final String TARGET = "/cache/build";
    /** The variables that point the tools at it. */
    static final Map<String, String> ENVIRONMENT = Map.of(
            "GOCACHE", TARGET + "/go",
            "GRADLE_USER_HOME", TARGET + "/gradle");

    private final HostPathMapper paths;
    private final SandboxUser user;
    private Path parent;
    /** Empty before the first use; then the folder, or empty for good when it could not be made. */
    private Optional<Optional<Path>> folder = Optional.empty();
    private boolean closed;

    SandboxBuildCache(HostPathMapper paths, SandboxUser user) {
        this.paths = paths;
        this.user = user;
    }

    /** Makes the folder under {@code dir} (the run's work-dir) rather than next to the first command's folder. */
    synchronized void placeUnder(Path dir) {
        if (folder.isEmpty()) {
            parent = dir;
        }
    }

    /**
     * The mount of the folder, made now if it is the first use: under the folder given to
     * {@link #placeUnder}, else next to {@code commandDir}. Empty when it cannot be made or
     * shared with the engine (commands then run without it, as before, and a warning says so).
     */
    synchronized List<SandboxCaches.Mount> mounts(Path commandDir) {
        if (closed) {
            return List.of();
        }
        if (folder.isEmpty()) {
            folder = Optional.of(make(parent != null ? parent : commandDir.toAbsolutePath().normalize().getParent()));
        }
        return folder.get().flatMap(f -> paths.toHost(f.resolve("build")))
                .map(host -> List.of(new SandboxCaches.Mount(host, TARGET, ENVIRONMENT, true))).orElse(List.of());
    }

    /** The run folder ({@code build} in it is the cache), once made. */
    synchronized Optional<Path> folder() {
        return folder.flatMap(f -> f);
    }

    /**
     * Writes {@code text} to a file {@code name} of the run folder, as the engine sees it,
     * which containers may mount read-only; empty when there is no run folder (see {@link #mounts}).
     */
    synchronized Optional<Path> write(String name, String text) {
        return write(name, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** As {@link #write(String, String)}, bytes. */
    synchronized Optional<Path> write(String name, byte[] bytes) {
        Optional<Path> run = folder();
        if (run.isEmpty() || closed) {
            return Optional.empty();
        }
        try {
            Path file = run.get().resolve(name);
            Files.write(file, bytes);
            return paths.toHost(file);
        } catch (IOException e) {
            LOG.warn("could not write {} for the sandbox: {}", name, e.getMessage());
            return Optional.empty();
        }
    }

    private Optional<Path> make(Path under) {
        try {
            if (paths.toHost(under).isEmpty()) {
                LOG.warn("{} is on no volume the Docker engine can see: sandboxed builds run without a build cache",
                        under);
                return Optional.empty();
            }
            Path made = Files.createTempDirectory(Files.createDirectories(under), "repofix-sandbox-");
            // Readable by the sandbox user (who may not be us), writable only in build/.
            Files.setPosixFilePermissions(made, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            user.prepare(Files.createDirectory(made.resolve("build")));
            return Optional.of(made);
        } catch (IOException | ExecException e) {
            LOG.warn("could not make the sandbox's build cache under {}: {}; sandboxed builds run without it", under,
                    e.getMessage());
            return Optional.empty();
        }
    }

    /** Deletes the folder and what the containers wrote in it; idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        folder().ifPresent(Workspace::deleteTree);
        folder = Optional.of(Optional.empty());
    }
}
