package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private copy of the repository under test, and the candidate copies made from it.
 * The user's own tree is only ever read. {@link #close()} deletes every copy, within
 * {@link #CLOSE_BUDGET}; it is idempotent.
 */
public final class Workspace implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Workspace.class);
    /**
     * How long {@link #close()} deletes: a repository of hundreds of thousands of files
     * (three trees of them by the end of a run) takes minutes on some file systems; the
     * rest stays marked, and the next run deletes it in the background.
     */
    static final java.time.Duration CLOSE_BUDGET = java.time.Duration.ofSeconds(60);

    private final Path tempDir;
    private final Path pristine;
    private final FileIndex files;
    private final String source;
    private final Optional<String> commit;
    private final Optional<Path> gitFolder;
    private final AtomicInteger copies = new AtomicInteger();
    private volatile boolean closed;

    Workspace(Path tempDir, Path pristine, List<String> files, String source, Optional<String> commit) {
        this(tempDir, pristine, files, source, commit, Optional.empty());
    }

    Workspace(Path tempDir, Path pristine, List<String> files, String source, Optional<String> commit,
            Optional<Path> gitFolder) {
        this.gitFolder = Objects.requireNonNull(gitFolder, "gitFolder");
        this.tempDir = Objects.requireNonNull(tempDir, "tempDir");
        this.pristine = Objects.requireNonNull(pristine, "pristine");
        this.files = new FileIndex(pristine, files);
        this.source = Objects.requireNonNull(source, "source");
        this.commit = Objects.requireNonNull(commit, "commit");
    }

    /** The unmodified copy; tools may run in it but patches are never applied to it. */
    public Path root() {
        return pristine;
    }

    public FileIndex files() {
        return files;
    }

    /** Where the files came from, for reports: a path or URL and the ref. */
    public String source() {
        return source;
    }

    /** The commit checked out, when known (empty for a working tree with local changes). */
    public Optional<String> commit() {
        return commit;
    }

    /**
     * A Git folder of {@link #commit()} with its history back to the nearest tag (no file
     * contents), for tools that read the project's version from Git; never inside {@link #root()}
     * nor its copies. Empty when the project is a sub-folder of its repository, or none could be made.
     */
    public Optional<Path> gitFolder() {
        return gitFolder;
    }

    /** A fresh copy of the pristine tree (only the repository's files, no build output). */
    public Path newCopy(String label) {
        if (closed) {
            throw new IllegalStateException("workspace is closed");
        }
        Path target = tempDir.resolve("copy-" + copies.incrementAndGet() + "-" + label.replaceAll("[^A-Za-z0-9._-]", "_"));
        try {
            Path realPristine = pristine.toRealPath();
            Map<Path, Boolean> foldersInside = new ConcurrentHashMap<>();
            FileTrees.copy(pristine, target, files.files(), (from, to) -> {
                // A build run in the pristine tree may delete a tracked file (committed
                // build output, say); the copy then goes on without it.
                if (Files.exists(from, LinkOption.NOFOLLOW_LINKS) && inside(realPristine, from.getParent(), foldersInside)) {
                    copyEntry(from, to);
                }
            });
        } catch (IOException e) {
            throw new WorkspaceException(WorkspaceException.ErrorKind.RUNTIME,
                    "cannot copy the workspace to " + target + ": " + e.getMessage() + "; check free disk space", e);
        }
        return target;
    }

    /**
     * Whether {@code folder} still resolves inside the pristine tree. The tests run there,
     * and may have turned a tracked folder into a link to anywhere on the host (from
     * inside a container too: a link is only a path). Copying through it would bring host
     * files into a copy that the next test run, and the reports, can read.
     */
    private static boolean inside(Path realPristine, Path folder, Map<Path, Boolean> known) throws IOException {
        Boolean cached = known.get(folder);
        if (cached != null) {
            return cached;
        }
        boolean in = folder.toRealPath().startsWith(realPristine);
        if (!in) {
            LOG.warn("not copying what is under {}: it now leads out of the workspace (a link left by a test run?)", folder);
        }
        known.put(folder, in);
        return in;
    }

    /** Deletes a copy made by {@link #newCopy(String)}; an already missing copy is fine. */
    public void discard(Path copy) {
        // Normalized first: "copy-1/../base" must not pass for a copy.
        Path normal = copy.toAbsolutePath().normalize();
        if (!tempDir.toAbsolutePath().normalize().equals(normal.getParent())
                || !normal.getFileName().toString().startsWith("copy-")) {
            throw new IllegalArgumentException("not a copy of this workspace: " + copy);
        }
        deleteTree(normal);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            long deadline = System.nanoTime() + CLOSE_BUDGET.toNanos();
            // An interrupt (Ctrl-C) must not wait for a deletion of minutes: the run's report comes first.
            if (Leftovers.deleteMarked(tempDir, () -> System.nanoTime() - deadline > 0
                    || Thread.currentThread().isInterrupted())) {
                Leftovers.release(tempDir);
            } else {
                LOG.info("left {} for a later run to delete: deleting it took longer than {} s", tempDir,
                        CLOSE_BUDGET.toSeconds());
            }
        }
    }

    /** Copies one file or link as it is; {@code to}'s folder exists. */
    static void copyEntry(Path from, Path to) throws IOException {
        if (Files.isSymbolicLink(from)) {
            Files.createSymbolicLink(to, Files.readSymbolicLink(from));
        } else {
            Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        }
    }

    /**
     * Deletes a tree without following links: a link is removed, what it points to is
     * neither deleted nor chmod-ed. Directories are made writable on the way down because
     * builds leave read-only ones (Go's module cache) whose entries cannot be removed otherwise.
     * What another thread or process deletes meanwhile is taken as deleted. Several files
     * are deleted at once (see {@link FileTrees}).
     */
    public static void deleteTree(Path dir) {
        deleteTree(dir, () -> false);
    }

    /**
     * {@link #deleteTree(Path)} that stops, leaving the rest, once {@code stop} says so;
     * returns whether the tree is gone.
     */
    static boolean deleteTree(Path dir, BooleanSupplier stop) {
        try {
            return FileTrees.delete(dir, null, stop);
        } catch (IOException e) {
            LOG.warn("could not delete {} completely: {}", dir, e.getMessage());
            return false;
        }
    }
}
