package dev.repofix.patch;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileRead;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The files a patch changes, held in memory until every file has applied, then written,
 * each through a temporary file in its own directory and an atomic move so that no file
 * is ever half written. Should a write still fail, the files written before it are put
 * back. Paths must have passed {@link PathSafety} before they come here.
 */
final class StagedFiles {
    /** Patched files may be large (generated code is patched too), never a link out or a device. */
    private static final long MAX_BYTES = 64L * 1024 * 1024;

    private final Path root;
    private final ConfinedReader reader;
    /** Content after the patch so far, in patch order; empty means deleted. */
    private final Map<Path, Optional<String>> pending = new LinkedHashMap<>();
    /** Content before the patch, as first read; empty means it did not exist. */
    private final Map<Path, Optional<String>> original = new HashMap<>();
    private final List<Path> createdDirectories = new ArrayList<>();

    StagedFiles(Path root) {
        this.root = root;
        this.reader = new ConfinedReader(root);
    }

    /** The file's text as the patch has left it so far; empty when it does not exist. */
    Optional<TextFile> read(String path) throws PatchRejected {
        Path file = resolve(path);
        if (pending.containsKey(file)) {
            return pending.get(file).map(TextFile::parse);
        }
        Optional<String> content = readDisk(root.relativize(file).toString(), path);
        original.putIfAbsent(file, content);
        return content.map(TextFile::parse);
    }

    /** Stages {@code text} for {@code path}, which must have been {@link #read} first. */
    void write(String path, TextFile text) {
        pending.put(staged(path), Optional.of(text.render()));
    }

    /** Stages the deletion of {@code path}, which must have been {@link #read} first. */
    void delete(String path) {
        pending.put(staged(path), Optional.empty());
    }

    /**
     * Writes every staged change.
     *
     * @throws PatchException (kind RUNTIME) when the file system refuses a write, after
     *     putting back what was written before it
     */
    void commit() {
        List<Path> done = new ArrayList<>();
        for (Map.Entry<Path, Optional<String>> change : pending.entrySet()) {
            try {
                put(change.getKey(), change.getValue());
                done.add(change.getKey());
            } catch (IOException e) {
                PatchException failure = PatchException.writeFailed("cannot write " + root.relativize(change.getKey())
                        + ": " + e + "; the " + done.size() + " file(s) written before it were put back", e);
                restore(done, failure);
                throw failure;
            }
        }
    }

    private void restore(List<Path> done, PatchException failure) {
        for (int i = done.size() - 1; i >= 0; i--) {
            try {
                put(done.get(i), original.get(done.get(i)));
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
        createdDirectories.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        for (Path dir : createdDirectories) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                failure.addSuppressed(e); // not empty: something else lives there now
            }
        }
    }

    private void put(Path file, Optional<String> content) throws IOException {
        if (content.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        // A link to a file inside the workspace (PathSafety checked) keeps being a link.
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
        Path dir = target.toAbsolutePath().getParent();
        createDirectories(dir);
        Path temp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".repofix-tmp");
        try {
            Files.writeString(temp, content.get(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            if (Files.exists(target)) {
                keepPermissions(target, temp);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private void createDirectories(Path dir) throws IOException {
        for (Path d = dir; d != null && !Files.exists(d); d = d.getParent()) {
            createdDirectories.add(d);
        }
        Files.createDirectories(dir);
    }

    /** A script keeps its executable bit: the move would otherwise give it the temp file's mode. */
    private static void keepPermissions(Path from, Path to) throws IOException {
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: there are no permission bits to keep
        }
    }

    /** The file's text through the confined reader; empty when it does not exist (the patch creates it). */
    private Optional<String> readDisk(String relative, String shown) throws PatchRejected {
        return switch (reader.read(relative, MAX_BYTES)) {
            case FileRead.Content c -> Optional.of(c.utf8().orElseThrow(
                    () -> new PatchRejected("cannot patch " + shown + ": it is not UTF-8 text")));
            case FileRead.Refused r when r.reason() == FileRead.Reason.MISSING -> Optional.empty();
            case FileRead.Refused r when r.reason() == FileRead.Reason.DIRECTORY
                    || r.reason() == FileRead.Reason.SPECIAL -> throw new PatchRejected(shown + " is not a regular file");
            case FileRead.Refused r -> throw new PatchRejected("cannot read " + shown + ": " + r.reason().describe());
        };
    }

    private Path staged(String path) {
        Path file = resolve(path);
        if (!original.containsKey(file)) {
            throw new IllegalStateException("staged without reading it first: " + path);
        }
        return file;
    }

    private Path resolve(String path) {
        return root.resolve(path.replace('\\', '/')).normalize();
    }
}
