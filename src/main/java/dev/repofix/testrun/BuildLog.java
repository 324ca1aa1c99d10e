package dev.repofix.testrun;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Picks the lines of a build log that say what went wrong. */
public final class BuildLog {
    private static final Pattern ERROR = Pattern.compile(
            "(?i).*(\\[ERROR]|error:|error\\[|exception|traceback|failed|cannot find symbol|syntaxerror).*");
    /**
     * Maven's advice printed after every failure: it says nothing about this one. The line
     * that does ({@code Failed to execute goal ...: <reason> -> [Help 1]}) ends with a help
     * reference, so only that suffix is cut from it, never the line.
     */
    private static final Pattern NOISE = Pattern.compile(
            "(?i).*(re-run maven|for more information about the errors|full stack trace of the errors"
                    + "|to see the full stack trace|^\\[error] *$|^\\[error] *\\[help \\d+] *https?://).*");
    private static final Pattern HELP_SUFFIX = Pattern.compile("(?i)\\s*-> \\[help \\d+]\\s*$");

    private BuildLog() {}

    /** The first {@code max} error-looking lines, or the log's last lines when none look like errors. */
    public static String errorExcerpt(String log, int max) {
        List<String> picked = new ArrayList<>();
        String[] lines = log.split("\r?\n");
        for (String line : lines) {
            String plain = line.replaceAll("\u001B\\[[;\\d]*m", "");
            if (ERROR.matcher(plain).matches() && !NOISE.matcher(plain).matches()) {
                picked.add(HELP_SUFFIX.matcher(plain).replaceFirst("").stripTrailing());
                if (picked.size() == max) {
                    break;
                }
            }
        }
        if (picked.isEmpty()) {
            return tail(log, max);
        }
        return String.join("\n", picked);
    }

    /** The last {@code max} lines. */
    public static String tail(String log, int max) {
        String[] lines = log.replaceAll("\u001B\\[[;\\d]*m", "").split("\r?\n");
        int from = Math.max(0, lines.length - max);
        return String.join("\n", java.util.Arrays.copyOfRange(lines, from, lines.length)).strip();
    }
}
