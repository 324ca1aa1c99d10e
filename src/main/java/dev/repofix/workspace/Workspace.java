package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private copy of the repository under test, and the candidate copies made from it.
 * The user's own tree is only ever read. {@link #close()} deletes every copy; it is
 * idempotent.
 */
public final class Workspace implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Workspace.class);

    private final Path tempDir;
    private final Path pristine;
    private final FileIndex files;
    private final String source;
    private final Optional<String> commit;
    private final AtomicInteger copies = new AtomicInteger();
    private volatile boolean closed;

    Workspace(Path tempDir, Path pristine, List<String> files, String source, Optional<String> commit) {
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

    /** A fresh copy of the pristine tree (only the repository's files, no build output). */
    public Path newCopy(String label) {
        if (closed) {
            throw new IllegalStateException("workspace is closed");
        }
        Path target = tempDir.resolve("copy-" + copies.incrementAndGet() + "-" + label.replaceAll("[^A-Za-z0-9._-]", "_"));
        try {
            Files.createDirectories(target);
            Path realPristine = pristine.toRealPath();
            Map<Path, Boolean> foldersInside = new HashMap<>();
            for (String rel : files.files()) {
                Path from = pristine.resolve(rel);
                // A build run in the pristine tree may delete a tracked file (committed
                // build output, say); the copy then goes on without it.
                if (Files.exists(from, LinkOption.NOFOLLOW_LINKS) && inside(realPristine, from.getParent(), foldersInside)) {
                    copyEntry(from, target.resolve(rel));
                }
            }
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
            deleteTree(tempDir);
            Leftovers.release(tempDir);
        }
    }

    static void copyEntry(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
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
     */
    public static void deleteTree(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    d.toFile().setWritable(true);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException failure) throws IOException {
                    if (failure != null) {
                        throw failure;
                    }
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("could not delete {} completely: {}", dir, e.getMessage());
        }
    }
}
