package dev.repofix.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every entry under a directory (without following links): path, kind, permissions,
 * modification time and a content hash or link target. Two equal snapshots mean nothing
 * under the directory was created, deleted, written or chmod-ed.
 */
public final class TreeSnapshot {
    private TreeSnapshot() {}

    /** One line per entry under {@code root}, sorted; equal lists mean an untouched tree. */
    public static List<String> of(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.sorted().map(p -> describe(root, p)).toList();
        }
    }

    private static String describe(Path root, Path p) {
        try {
            String rel = root.relativize(p).toString();
            String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            String time = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toString();
            if (Files.isSymbolicLink(p)) {
                return rel + " link " + Files.readSymbolicLink(p);
            }
            if (Files.isDirectory(p)) {
                return rel + " dir " + perms + " " + time;
            }
            return rel + " file " + perms + " " + time + " " + sha256(Files.readAllBytes(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
