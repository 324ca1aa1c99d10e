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

    /**
     * A date after the path, as GNU diff writes it when a tab did not separate it. Matched
     * only from the first of a run of spaces, possessively, and to the end of the line
     * ({@code (?s)}): the text is untrusted, and a pattern that could start at every space
     * of a long run, or back off at every line separator, takes quadratic time.
     */
    private static final Pattern TIMESTAMP = Pattern.compile("(?s)(?<!\\s)\\s++\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}.*");
    /** Markdown and punctuation models wrap a path in: **x**, `x`, ### x, x: (see {@link #undecorated}). */
    private static final String LEADING = "#*`>-";
    private static final String TRAILING = "*`:";
    /** Splits of a {@code diff --git} line tried; a real one has one " b/", or a few in odd paths. */
    private static final int MAX_GIT_SPLITS = 16;
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
        // A timestamp has a colon; looking for one first spares the pattern most untrusted lines.
        p = unquote((p.indexOf(':') >= 0 ? TIMESTAMP.matcher(p).replaceFirst("") : p).strip());
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
        // Each try copies the line, so an untrusted line full of " b/" is tried only so often;
        // past that it is split as if no halves had agreed: at its last " b/".
        int split = r.lastIndexOf(" b/");
        int tries = 0;
        for (int i = r.indexOf(" b/"); i >= 0 && tries < MAX_GIT_SPLITS; i = r.indexOf(" b/", i + 1), tries++) {
            if (fromHeader(r.substring(0, i), "a/").equals(fromHeader(r.substring(i + 1), "b/"))) {
                split = i;
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
        String p = undecorated(line);
        p = undecorated(LABEL.matcher(p).replaceFirst(""));
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
        String bare = undecorated(line);
        // Every label starts with f or p: most lines are ruled out before a matcher is made.
        return !bare.isEmpty() && "fFpP".indexOf(bare.charAt(0)) >= 0 && LABEL.matcher(bare).find()
                && fromLabel(line).isPresent();
    }

    /**
     * {@code line} without the decoration around a path: leading white space and
     * {@value #LEADING}, trailing white space and {@value #TRAILING}. A loop rather than a
     * regular expression: a trailing-run pattern is tried from every character of a long
     * run in untrusted text, which is quadratic.
     */
    static String undecorated(String line) {
        int start = 0;
        while (start < line.length() && (isSpace(line.charAt(start)) || LEADING.indexOf(line.charAt(start)) >= 0)) {
            start++;
        }
        int end = line.length();
        while (end > start && (isSpace(line.charAt(end - 1)) || TRAILING.indexOf(line.charAt(end - 1)) >= 0)) {
            end--;
        }
        return line.substring(start, end);
    }

    /** White space as {@code \s} in a regular expression means it. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
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
