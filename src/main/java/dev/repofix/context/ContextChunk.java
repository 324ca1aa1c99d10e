package dev.repofix.context;

import java.util.List;
import java.util.Objects;

/**
 * Consecutive lines of one repository file chosen for a prompt.
 *
 * @param file      repository-relative path with {@code /} separators
 * @param startLine first line, 1-based
 * @param endLine   last line, inclusive
 * @param text      the lines, joined by {@code \n}, without a trailing newline
 * @param reason    why it was chosen, e.g. "stack frame of pkg.FooTest#bar" or "BM25 match"
 * @param score     the BM25 score; 0 for stack-frame windows, which rank above every match
 */
public record ContextChunk(String file, int startLine, int endLine, String text, String reason, double score) {
    public ContextChunk {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(reason, "reason");
        if (startLine < 1 || endLine < startLine) {
            throw new IllegalArgumentException("bad line range " + startLine + "-" + endLine + " in " + file);
        }
        int count = text.split("\n", -1).length;
        if (count != endLine - startLine + 1) {
            throw new IllegalArgumentException(file + " lines " + startLine + "-" + endLine + " need "
                    + (endLine - startLine + 1) + " lines of text, got " + count);
        }
    }

    /** The chunk of {@code lines} (a whole file's, index 0 is line 1) from {@code start} to {@code end}. */
    static ContextChunk of(String file, List<String> lines, int start, int end, String reason, double score) {
        return new ContextChunk(file, start, end, String.join("\n", lines.subList(start - 1, end)), reason, score);
    }

    /** The lines of {@link #text()}. */
    public List<String> lines() {
        return List.of(text.split("\n", -1));
    }

    /** This chunk cut to lines {@code start..end}, which must lie within it. */
    ContextChunk slice(int start, int end) {
        List<String> kept = lines().subList(start - startLine, end - startLine + 1);
        return new ContextChunk(file, start, end, String.join("\n", kept), reason, score);
    }

    int lineCount() {
        return endLine - startLine + 1;
    }
}
