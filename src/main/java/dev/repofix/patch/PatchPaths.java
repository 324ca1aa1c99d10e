package dev.repofix.patch;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads file paths out of the lines that name them in model output: diff headers and
 * labels such as {@code File: src/App.java}. The result is only cleaned, not judged:
 * {@link PathSafety} decides whether it may be written.
 */
final class PatchPaths {
    static final String DEV_NULL = "/dev/null";

    /** A date after the path, as GNU diff writes it when a tab did not separate it. */
    private static final Pattern TIMESTAMP = Pattern.compile("\\s+\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}.*$");
    /** Markdown and punctuation models wrap a path in: **x**, `x`, ### x, x: */
    private static final Pattern DECORATION = Pattern.compile("^[\\s#*`>-]+|[\\s*`:]+$");
    private static final Pattern LABEL = Pattern.compile("^(?i)(file|path|filename)\\s*:\\s*");

    private PatchPaths() {}

    /**
     * The path of a {@code ---} or {@code +++} header (the text after the marker):
     * anything after a tab, a timestamp, quotes, {@code prefix} ({@code a/} or {@code b/})
     * and {@code ./} removed; {@code /dev/null} stays as it is.
     */
    static String fromHeader(String raw, String prefix) {
        String p = raw;
        int tab = p.indexOf('\t');
        if (tab >= 0) {
            p = p.substring(0, tab);
        }
        p = unquote(TIMESTAMP.matcher(p).replaceFirst("").strip());
        if (p.equals(DEV_NULL)) {
            return p;
        }
        return withoutPrefix(p.replace('\\', '/'), prefix);
    }

    /**
     * The old and new path of a {@code diff --git} line (the text after it). With
     * prefixes the split is where both halves name the same file, so paths with spaces
     * survive; a split into different paths is a rename, which the caller refuses.
     */
    static List<String> fromGitLine(String rest) {
        String r = rest.strip();
        if (r.startsWith("\"")) {
            int close = r.indexOf('"', 1);
            if (close > 0) {
                return List.of(fromHeader(r.substring(0, close + 1), "a/"), fromHeader(r.substring(close + 1), "b/"));
            }
        }
        int split = -1;
        for (int i = r.indexOf(" b/"); i >= 0; i = r.indexOf(" b/", i + 1)) {
            split = i;
            if (fromHeader(r.substring(0, i), "a/").equals(fromHeader(r.substring(i + 1), "b/"))) {
                break;
            }
        }
        if (split < 0) {
            int half = r.length() / 2;
            boolean twice = r.length() % 2 == 1 && r.charAt(half) == ' ' && r.substring(0, half).equals(r.substring(half + 1));
            split = twice ? half : Math.max(0, r.indexOf(' '));
        }
        return List.of(fromHeader(r.substring(0, split), "a/"), fromHeader(r.substring(split).strip(), "b/"));
    }

    /**
     * The path a label line names, such as {@code File: src/A.java}, {@code **src/A.java**}
     * or a bare {@code src/A.java}; empty when what is left is no single path (prose).
     */
    static Optional<String> fromLabel(String line) {
        String p = DECORATION.matcher(line).replaceAll("");
        p = DECORATION.matcher(LABEL.matcher(p).replaceFirst("")).replaceAll("");
        int tab = p.indexOf('\t');
        if (tab >= 0) {
            p = p.substring(0, tab).strip();
        }
        if (p.isEmpty() || p.chars().anyMatch(Character::isWhitespace)) {
            return Optional.empty();
        }
        return Optional.of(withoutPrefix(p.replace('\\', '/'), ""));
    }

    /** Whether {@code line} is a {@code File: path} label, as opposed to a bare path or prose. */
    static boolean isLabel(String line) {
        return LABEL.matcher(DECORATION.matcher(line).replaceAll("")).find() && fromLabel(line).isPresent();
    }

    private static String withoutPrefix(String path, String prefix) {
        String p = !prefix.isEmpty() && path.startsWith(prefix) ? path.substring(prefix.length()) : path;
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }

    private static String unquote(String p) {
        return p.length() >= 2 && p.startsWith("\"") && p.endsWith("\"") ? p.substring(1, p.length() - 1) : p;
    }
}
