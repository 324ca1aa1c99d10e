package dev.repofix.context;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The repository code chosen for a prompt, in priority order.
 *
 * @param chunks chunks in the order they were chosen (most relevant first); never null
 * @param tokens tokens of {@link #render()}, never more than {@code budget}
 * @param budget the token budget the chunks were cut to
 */
public record Context(List<ContextChunk> chunks, int tokens, int budget) {
    public Context {
        chunks = List.copyOf(chunks);
    }

    /**
     * The chunks as prompt text: files in the order their first chunk was chosen; within
     * a file, chunks ordered by line and merged where they touch or overlap. Each block is
     * a header {@code ### path (lines a-b)} and numbered lines {@code   42 | code}; blocks
     * are separated by a blank line. Empty when there are no chunks.
     */
    public String render() {
        Map<String, List<ContextChunk>> byFile = new LinkedHashMap<>();
        for (ContextChunk c : chunks) {
            byFile.computeIfAbsent(c.file(), f -> new ArrayList<>()).add(c);
        }
        List<String> blocks = new ArrayList<>();
        byFile.forEach((file, list) -> blocks.addAll(renderFile(file, list)));
        return String.join("\n", blocks);
    }

    private static List<String> renderFile(String file, List<ContextChunk> chunks) {
        List<ContextChunk> sorted = chunks.stream().sorted(Comparator.comparingInt(ContextChunk::startLine)).toList();
        List<String> blocks = new ArrayList<>();
        int start = sorted.get(0).startLine();
        List<String> lines = new ArrayList<>(sorted.get(0).lines());
        for (ContextChunk c : sorted.subList(1, sorted.size())) {
            int end = start + lines.size() - 1;
            if (c.startLine() > end + 1) {
                blocks.add(block(file, start, lines));
                start = c.startLine();
                lines = new ArrayList<>(c.lines());
            } else if (c.endLine() > end) {
                lines.addAll(c.lines().subList(end + 1 - c.startLine(), c.lineCount()));
            }
        }
        blocks.add(block(file, start, lines));
        return blocks;
    }

    private static String block(String file, int start, List<String> lines) {
        StringBuilder out = new StringBuilder(header(file, start, start + lines.size() - 1));
        for (int i = 0; i < lines.size(); i++) {
            out.append(numbered(start + i, lines.get(i)));
        }
        return out.toString();
    }

    /** A block's first line, with its newline. */
    static String header(String file, int start, int end) {
        return "### " + file + " (lines " + start + "-" + end + ")\n";
    }

    /** One code line as rendered, with its newline. */
    static String numbered(int line, String code) {
        return String.format("%4d | ", line) + code + "\n";
    }
}
