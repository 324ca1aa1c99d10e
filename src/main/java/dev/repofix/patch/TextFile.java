package dev.repofix.patch;

import java.util.Arrays;
import java.util.List;

/**
 * A text file as lines plus what splitting loses: the line separator and whether
 * the last line ended with one, so that a patched file keeps its conventions.
 *
 * @param lines         lines without separators
 * @param separator     "\n" or "\r\n", as the file mostly uses
 * @param finalNewline  whether the file ended with a separator
 */
public record TextFile(List<String> lines, String separator, boolean finalNewline) {
    public TextFile {
        lines = List.copyOf(lines);
    }

    public static TextFile parse(String content) {
        String sep = content.contains("\r\n") ? "\r\n" : "\n";
        boolean finalNewline = content.endsWith("\n");
        String body = finalNewline ? content.substring(0, content.length() - (content.endsWith("\r\n") ? 2 : 1)) : content;
        List<String> lines = content.isEmpty() ? List.of() : Arrays.asList(body.split("\r?\n", -1));
        return new TextFile(lines, sep, finalNewline);
    }

    public String render() {
        if (lines.isEmpty()) {
            return "";
        }
        return String.join(separator, lines) + (finalNewline ? separator : "");
    }

    public TextFile withLines(List<String> newLines) {
        return new TextFile(newLines, separator, finalNewline);
    }
}
