package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A folder one run makes for itself (a benchmark's mirrors, clones and copies) that must
 * not outlive it, on any way out: {@link #close()} deletes it; SIGINT or SIGTERM deletes
 * it through the JVM's shutdown hook; and a run killed outright leaves it marked with its
 * process (see {@link Leftovers}), so the next run under the same parent deletes it.
 * {@link #close()} is idempotent.
 */
public final class RunFolder implements AutoCloseable {
    private final Path path;
    private volatile boolean closed;

    private RunFolder(Path path) {
        this.path = path;
    }

    /**
     * Makes {@code parent/name}, marked as this process's, after having the folders that
     * dead runs left under {@code parent} removed.
     *
     * @param name a new folder's name; starts with {@code repofix-} so that later runs find it
     * @throws WorkspaceException when the folder cannot be made
     */
    public static RunFolder create(Path parent, String name) {
        Objects.requireNonNull(parent, "parent");
        if (!name.startsWith(Leftovers.PREFIX) || name.contains("/") || name.contains("\\")) {
            throw new IllegalArgumentException("a run folder's name starts with " + Leftovers.PREFIX + ": " + name);
        }
        Leftovers.removeDead(parent);
        Path folder = parent.resolve(name);
        try {
            Files.createDirectories(parent);
            Files.createDirectory(folder); // fails if it exists: someone else's, never deleted here
        } catch (IOException e) {
            throw cannotCreate(folder, e);
        }
        try {
            Leftovers.claim(folder);
        } catch (IOException e) {
            Workspace.deleteTree(folder);
            Leftovers.release(folder);
            throw cannotCreate(folder, e);
        }
        return new RunFolder(folder);
    }

    private static WorkspaceException cannotCreate(Path folder, IOException e) {
        return new WorkspaceException(WorkspaceException.ErrorKind.RUNTIME, "cannot create the folder " + folder + ": "
                + e.getClass().getSimpleName() + ": " + e.getMessage() + "; pass --work-dir with a writable folder", e);
    }

    public Path path() {
        return path;
    }

    /** Deletes the folder and all in it. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Leftovers.deleteMarked(path, () -> false);
            Leftovers.release(path);
        }
    }
}
