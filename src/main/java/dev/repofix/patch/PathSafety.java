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
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Decides whether a patch may write a path. A patch is untrusted text: it must not
 * leave the workspace, touch Git's own files, or edit CI configuration or build wrappers.
 */
public final class PathSafety {
    private static final Pattern FORMAT_CHARS = Pattern.compile("\\p{Cf}");
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
        List<String> segments = segments(p);
        if (segments.contains("..")) {
            return Optional.of("path leaves the workspace: " + relativePath);
        }
        if (segments.isEmpty()) {
            return Optional.of("empty path");
        }
        Optional<String> rule = protectedPath(segments, relativePath);
        return rule.isPresent() ? rule : escapesThroughLink(root, segments, relativePath);
    }

    /**
     * Why a patch may never write {@code relativePath} whatever the workspace holds (Git's own
     * files, CI configuration, build wrappers), or empty; {@link #refusal} also checks links.
     */
    public static Optional<String> protectedRefusal(String relativePath) {
        List<String> segments = segments(relativePath.replace('\\', '/'));
        return segments.isEmpty() ? Optional.empty() : protectedPath(segments, relativePath);
    }

    /**
     * The segments of a {@code /}-separated path, "." and empty ones dropped as the file
     * system drops them, so that "./.github//workflows/x.yml" is judged as the file it writes.
     */
    private static List<String> segments(String path) {
        return Stream.of(path.split("/")).filter(seg -> !seg.isEmpty() && !seg.equals(".")).toList();
    }

    /**
     * Git's own files, CI configuration and build wrappers (which the build runs and which
     * download a build tool), each segment compared as a file system that folds names
     * would see it (see {@link #folded}).
     */
    private static Optional<String> protectedPath(List<String> segments, String shown) {
        List<String> names = segments.stream().map(PathSafety::folded).toList();
        if (names.contains(".git")) {
            return Optional.of("path inside .git: " + shown);
        }
        String p = String.join("/", names);
        if (p.startsWith(".github/workflows/") || p.equals(".gitlab-ci.yml") || p.startsWith(".ci/")) {
            return Optional.of("CI configuration may not be patched: " + shown);
        }
        // At any depth: a module's own wrapper runs as surely as the root's.
        String name = names.get(names.size() - 1);
        if (WRAPPERS.contains(name) || ("/" + p).contains("/.mvn/wrapper/") || ("/" + p).contains("/gradle/wrapper/")) {
            return Optional.of("build wrapper may not be patched: " + shown);
        }
        return Optional.empty();
    }

    /**
     * A segment as the file systems repofix may run on resolve it, after Git's own checks
     * for {@code .git} (verify_path): without case (macOS, Windows), without the
     * invisible format characters HFS+ ignores (".git" with a U+200C inside is ".git"),
     * without the trailing dots and spaces and the {@code :stream} suffix NTFS drops, and
     * with Windows' short name {@code GIT~1}.
     */
    private static String folded(String segment) {
        String s = FORMAT_CHARS.matcher(segment).replaceAll("");
        int colon = s.indexOf(':');
        if (colon >= 0) {
            s = s.substring(0, colon);
        }
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '.' || s.charAt(end - 1) == ' ')) {
            end--;
        }
        s = s.substring(0, end).toLowerCase(Locale.ROOT);
        return s.equals("git~1") ? ".git" : s;
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
