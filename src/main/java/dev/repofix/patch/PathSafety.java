package dev.repofix.patch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides whether a patch may write a path. A patch is untrusted text: it must not
 * leave the workspace, touch Git's own files, or edit CI configuration.
 */
public final class PathSafety {
    private PathSafety() {}

    /**
     * The reason {@code relativePath} may not be written under {@code root}, or empty
     * when it may.
     */
    public static Optional<String> refusal(Path root, String relativePath) {
        String p = relativePath.replace('\\', '/');
        if (p.isEmpty()) {
            return Optional.of("empty path");
        }
        if (p.startsWith("/") || p.matches("^[A-Za-z]:.*") || p.startsWith("~")) {
            return Optional.of("absolute path " + relativePath);
        }
        for (String seg : p.split("/")) {
            if (seg.equals("..")) {
                return Optional.of("path leaves the workspace: " + relativePath);
            }
            if (seg.toLowerCase(Locale.ROOT).equals(".git")) {
                return Optional.of("path inside .git: " + relativePath);
            }
        }
        if (p.startsWith(".github/workflows/") || p.equals(".gitlab-ci.yml") || p.startsWith(".ci/")) {
            return Optional.of("CI configuration may not be patched: " + relativePath);
        }
        return escapesThroughLink(root, p);
    }

    /** Walks the existing part of the path; any symlink whose target leaves the root refuses it. */
    private static Optional<String> escapesThroughLink(Path root, String p) {
        try {
            Path realRoot = root.toRealPath();
            Path current = root;
            for (String seg : p.split("/")) {
                current = current.resolve(seg);
                if (!Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                    break;
                }
                if (Files.isSymbolicLink(current) && !current.toRealPath().startsWith(realRoot)) {
                    return Optional.of("path goes through a symlink out of the workspace: " + p);
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot check path " + p + ": " + e.getMessage());
        }
    }
}
