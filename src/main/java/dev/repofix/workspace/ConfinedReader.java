package dev.repofix.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way repofix reads a file of the repository under test. The repository is
 * untrusted: a tracked file may be a link to {@code /proc/self/environ}, to a file of the
 * host or to a device, and a test run may leave a fifo where a file was. So a path is
 * read only when its real path, every link followed, lies inside the real path of the
 * copy's root and is a regular file no larger than the caller's cap; the file is then
 * opened at that real path without following a link. A link that stays inside the copy
 * reads the same bytes as the file it names, and is read.
 *
 * <p>The type of the real path is checked before it is opened, so a fifo is never opened
 * (opening one blocks until someone writes). What runs in the copy while repofix reads
 * could still swap a file between the check and the open; repofix reads a copy only once
 * its tests have ended.
 *
 * <p>Refusals that matter to the user (a link out, a special file) are recorded in the
 * {@link Refusals} this reader was given, for the run's notes. Thread-safe.
 */
public final class ConfinedReader {
    private static final Logger LOG = LoggerFactory.getLogger(ConfinedReader.class);

    private final Path root;
    private final Refusals refusals;
    private volatile Path realRoot;

    /** A reader of the copy at {@code root} whose refusals are kept by no one else. */
    public ConfinedReader(Path root) {
        this(root, new Refusals());
    }

    /** A reader of the copy at {@code root} that records its refusals in {@code refusals}. */
    public ConfinedReader(Path root, Refusals refusals) {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        this.refusals = Objects.requireNonNull(refusals, "refusals");
    }

    public Path root() {
        return root;
    }

    /** Where this reader records the refusals worth a note. */
    public Refusals refusals() {
        return refusals;
    }

    /** A reader of another copy of the same tree, recording in the same {@link Refusals}. */
    public ConfinedReader rootedAt(Path otherRoot) {
        return new ConfinedReader(otherRoot, refusals);
    }

    /**
     * Reads the file at {@code path}, relative to the root ({@code /}-separated) or absolute.
     *
     * @param maxBytes the largest file the caller takes; a larger one is refused
     */
    public FileRead read(String path, long maxBytes) {
        Path file;
        try {
            file = root.resolve(path);
        } catch (InvalidPathException e) {
            return refuse(new FileRead.Refused(path, FileRead.Reason.MISSING));
        }
        return read(file, path, maxBytes);
    }

    /** Reads {@code file}, absolute or relative to the root; see {@link #read(String, long)}. */
    public FileRead read(Path file, long maxBytes) {
        Path p = root.resolve(file);
        return read(p, name(p), maxBytes);
    }

    /** Opens {@code path}, relative to the root or absolute, for reading piece by piece; the caller closes it. */
    public FileOpen open(String path) {
        Path file;
        try {
            file = root.resolve(path);
        } catch (InvalidPathException e) {
            return refuse(new FileRead.Refused(path, FileRead.Reason.MISSING));
        }
        return open(file, path);
    }

    /** Opens {@code file}, absolute or relative to the root; see {@link #open(String)}. */
    public FileOpen open(Path file) {
        Path p = root.resolve(file);
        return open(p, name(p));
    }

    private FileRead read(Path file, String name, long maxBytes) {
        Located at;
        try {
            at = locate(file, name, maxBytes);
        } catch (RefusedException r) {
            return refuse(r.refused);
        }
        try (InputStream in = Files.newInputStream(at.real, LinkOption.NOFOLLOW_LINKS)) {
            // Read to one byte past the cap: a file that grew since it was looked at is refused too.
            byte[] bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 16));
            if (bytes.length > maxBytes) {
                return refuse(new FileRead.Refused(name, FileRead.Reason.TOO_LARGE));
            }
            return new FileRead.Content(name, bytes);
        } catch (IOException e) {
            return refuse(new FileRead.Refused(name, FileRead.Reason.UNREADABLE));
        }
    }

    private FileOpen open(Path file, String name) {
        Located at;
        try {
            at = locate(file, name, Long.MAX_VALUE);
        } catch (RefusedException r) {
            return refuse(r.refused);
        }
        try {
            return new FileOpen.Stream(name, Files.newInputStream(at.real, LinkOption.NOFOLLOW_LINKS), at.size);
        } catch (IOException e) {
            return refuse(new FileRead.Refused(name, FileRead.Reason.UNREADABLE));
        }
    }

    private record Located(Path real, long size) {}

    /** Thrown inside this class only, to leave {@link #locate} with a refusal. */
    private static final class RefusedException extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient FileRead.Refused refused;

        RefusedException(String path, FileRead.Reason reason) {
            super(null, null, false, false);
            this.refused = new FileRead.Refused(path, reason);
        }
    }

    /** The real path of {@code file}, once it is known to be a regular file inside the copy. */
    private Located locate(Path file, String name, long maxBytes) throws RefusedException {
        Path real;
        Path inside;
        try {
            inside = realRoot();
            // realpath(3): links and ".." resolved as the kernel would, nothing opened.
            real = file.toRealPath();
        } catch (NoSuchFileException e) {
            throw new RefusedException(name, FileRead.Reason.MISSING);
        } catch (IOException e) {
            // "a/b" where a is a file ("Not a directory") is as missing as any absent path.
            throw new RefusedException(name, Files.exists(file) ? FileRead.Reason.UNREADABLE : FileRead.Reason.MISSING);
        }
        if (!real.startsWith(inside)) {
            throw new RefusedException(name, file.normalize().startsWith(root) ? FileRead.Reason.OUTSIDE
                    : FileRead.Reason.NOT_UNDER_ROOT);
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new RefusedException(name, FileRead.Reason.MISSING);
        } catch (IOException e) {
            throw new RefusedException(name, FileRead.Reason.UNREADABLE);
        }
        if (attributes.isDirectory()) {
            throw new RefusedException(name, FileRead.Reason.DIRECTORY);
        }
        if (!attributes.isRegularFile()) {
            throw new RefusedException(name, FileRead.Reason.SPECIAL);
        }
        if (attributes.size() > maxBytes) {
            throw new RefusedException(name, FileRead.Reason.TOO_LARGE);
        }
        return new Located(real, attributes.size());
    }

    private Path realRoot() throws IOException {
        Path known = realRoot;
        if (known == null) {
            known = root.toRealPath();
            realRoot = known;
        }
        return known;
    }

    /** The path as the notes name it: relative to the root when it lies under it as written. */
    private String name(Path file) {
        Path normal = file.normalize();
        return normal.startsWith(root) ? root.relativize(normal).toString().replace('\\', '/') : file.toString();
    }

    private FileRead.Refused refuse(FileRead.Refused refused) {
        if (refused.reason().noted()) {
            LOG.warn("not read: {}", refused.describe());
        } else {
            LOG.debug("not read: {}", refused.describe());
        }
        refusals.record(refused);
        return refused;
    }
}
