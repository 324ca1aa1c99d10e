package dev.repofix.report;

import dev.repofix.config.Durations;
import java.time.Duration;

/** Small text helpers shared by the renderers. Pure static functions. */
final class Texts {
    private Texts() {}

    static String duration(Duration d) {
        return Durations.format(d);
    }

    /** One line, at most {@code max} characters. */
    static String oneLine(String s, int max) {
        String line = s.strip().replaceAll("\\s*\r?\n\\s*", " ");
        return line.length() <= max ? line : line.substring(0, max - 3) + "...";
    }

    /** Escapes text for a Markdown table cell. */
    static String cell(String s) {
        return oneLine(s, 200).replace("|", "\\|").replace("`", "'");
    }

    /** A fenced block that cannot be closed early by backticks in {@code body}. */
    static String fence(String lang, String body) {
        String ticks = "```";
        while (body.contains(ticks)) {
            ticks += "`";
        }
        return ticks + lang + "\n" + body.stripTrailing() + "\n" + ticks + "\n";
    }
}
