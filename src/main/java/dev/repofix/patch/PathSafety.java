package dev.repofix.patch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a patch may write a path. A patch is untrusted text: it must not
 * leave the workspace, touch Git's own files, or edit CI configuration or build wrappers.
 */
public final class PathSafety {
    private static final Set<String> WRAPPERS = Set.of("mvnw", "mvnw.cmd", "gradlew", "gradlew.bat");

    private PathSafety() {}

    /**
     * The reason {@code relativePath} may not be written under {@code root}, or empty
     * when it may.
     */
    public static Optional<String> refusal(Path root, String relativePath) {
        String p = relativePath.replace('\\', '/');
        if (p.startsWith("/") || p.matches("^[A-Za-z]:.*") || p.startsWith("~")) {
            return Optional.of("absolute path " + relativePath);
        }
        // "." and empty segments are dropped as the file system drops them, so that
        // "./.github//workflows/x.yml" is judged as the file it writes.
        List<String> segments = new ArrayList<>();
        for (String seg : p.split("/")) {
            if (seg.equals("..")) {
                return Optional.of("path leaves the workspace: " + relativePath);
            }
            if (!seg.isEmpty() && !seg.equals(".")) {
                segments.add(seg);
            }
        }
        if (segments.isEmpty()) {
            return Optional.of("empty path");
        }
        Optional<String> rule = protectedPath(segments, relativePath);
        return rule.isPresent() ? rule : escapesThroughLink(root, segments, relativePath);
    }

    /**
     * Git's own files, CI configuration and build wrappers (which the build runs and which
     * download a build tool), compared without case for case-insensitive file systems.
     */
    private static Optional<String> protectedPath(List<String> segments, String shown) {
        if (segments.stream().anyMatch(seg -> seg.equalsIgnoreCase(".git"))) {
            return Optional.of("path inside .git: " + shown);
        }
        String p = String.join("/", segments).toLowerCase(Locale.ROOT);
        if (p.startsWith(".github/workflows/") || p.equals(".gitlab-ci.yml") || p.startsWith(".ci/")) {
            return Optional.of("CI configuration may not be patched: " + shown);
        }
        // At any depth: a module's own wrapper runs as surely as the root's.
        String name = segments.get(segments.size() - 1).toLowerCase(Locale.ROOT);
        if (WRAPPERS.contains(name) || ("/" + p).contains("/.mvn/wrapper/") || ("/" + p).contains("/gradle/wrapper/")) {
            return Optional.of("build wrapper may not be patched: " + shown);
        }
        return Optional.empty();
    }

    /**
     * Walks the existing part of the path; any symlink whose target leaves the root
     * refuses it, and so does one that leads into a protected path inside the root.
     */
    private static Optional<String> escapesThroughLink(Path root, List<String> segments, String shown) {
        try {
            Path realRoot = root.toRealPath();
            Path current = root;
            int existing = 0;
            for (String seg : segments) {
                Path next = current.resolve(seg);
                if (!Files.exists(next, LinkOption.NOFOLLOW_LINKS)) {
                    break;
                }
                if (Files.isSymbolicLink(next) && !next.toRealPath().startsWith(realRoot)) {
                    return Optional.of("path goes through a symlink out of the workspace: " + shown);
                }
                current = next;
                existing++;
            }
            List<String> real = new ArrayList<>();
            for (Path seg : realRoot.relativize(current.toRealPath())) {
                if (!seg.toString().isEmpty()) { // the root itself relativizes to ""
                    real.add(seg.toString());
                }
            }
            real.addAll(segments.subList(existing, segments.size()));
            return protectedPath(real, shown);
        } catch (IOException e) {
            return Optional.of("cannot check path " + shown + ": " + e.getMessage());
        }
    }
}
