package dev.repofix.patch;

import dev.repofix.patch.ProtectedPaths.Protection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Decides whether a patch may write a path. A patch is untrusted text: it must not
 * leave the workspace or change a path of {@link ProtectedPaths}: Git's own files, CI
 * configuration, build wrappers and extensions, repofix's configuration, and, where the
 * tests do not run in the Docker sandbox, build files that run code.
 */
public final class PathSafety {
    private static final Pattern FORMAT_CHARS = Pattern.compile("\\p{Cf}");

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
        return protectedHere(root, segments, relativePath, Protection.ALWAYS);
    }

    /**
     * Why a patch may not write {@code relativePath} under {@code root} when the tests do not
     * run in the Docker sandbox: a build file that runs code ({@link Protection#OUTSIDE_DOCKER}),
     * named as written or reached through a link inside the root; empty when it is none.
     * {@link #refusal} answers for the rest.
     */
    public static Optional<String> refusalOutsideDocker(Path root, String relativePath) {
        List<String> segments = segments(relativePath.replace('\\', '/'));
        return segments.isEmpty() || segments.contains("..") ? Optional.empty()
                : protectedHere(root, segments, relativePath, Protection.OUTSIDE_DOCKER);
    }

    private static Optional<String> protectedHere(Path root, List<String> segments, String shown, Protection protection) {
        Optional<String> rule = protectedPath(segments, shown, protection);
        return rule.isPresent() ? rule : throughLink(root, segments, shown, protection);
    }

    /**
     * Why a patch may never write {@code relativePath} whatever the workspace holds (a path
     * {@link ProtectedPaths} refuses always), or empty; {@link #refusal} also checks links.
     */
    public static Optional<String> protectedRefusal(String relativePath) {
        List<String> segments = segments(relativePath.replace('\\', '/'));
        return segments.isEmpty() ? Optional.empty() : protectedPath(segments, relativePath, Protection.ALWAYS);
    }

    /**
     * The segments of a {@code /}-separated path, "." and empty ones dropped as the file
     * system drops them, so that "./.github//workflows/x.yml" is judged as the file it writes.
     */
    private static List<String> segments(String path) {
        return Stream.of(path.split("/")).filter(seg -> !seg.isEmpty() && !seg.equals(".")).toList();
    }

    /**
     * Why the {@link ProtectedPaths} row of {@code protection} that holds the path refuses it, each segment
     * compared as a file system that folds names would see it (see {@link #folded}).
     */
    private static Optional<String> protectedPath(List<String> segments, String shown, Protection protection) {
        List<String> names = segments.stream().map(PathSafety::folded).toList();
        return ProtectedPaths.find(names, protection).map(row -> row.what() + " may not be patched"
                + (protection == Protection.OUTSIDE_DOCKER ? " outside the Docker sandbox" : "") + ": " + shown
                + " (" + row.ecosystem() + ": " + row.why() + ")");
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
     * refuses it, and so does one that leads into a path of {@code protection} inside the root.
     */
    private static Optional<String> throughLink(Path root, List<String> segments, String shown,
            Protection protection) {
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
            return protectedPath(real, shown, protection);
        } catch (IOException e) {
            return Optional.of("cannot check path " + shown + ": " + e.getMessage());
        }
    }
}
