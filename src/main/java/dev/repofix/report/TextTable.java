package dev.repofix.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table whose columns are padded to one width, so it reads in a fixed-width font too.
 * Shared by the benchmark's summary (eval) and the history's tables (history), which cannot see each other.
 * A cell is text of runs and cases (ids, summaries, errors), so it goes through {@link Markdown#cell}.
 */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String... header) {
        this.header = List.of(header);
    }

    public TextTable row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + header.size());
        }
        List<String> row = new ArrayList<>();
        for (String c : cells) {
            row.add(Markdown.cell(c, Integer.MAX_VALUE));
        }
        rows.add(row);
        return this;
    }

    public String render() {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = Math.max(3, header.get(i).length());
            for (List<String> r : rows) {
                widths[i] = Math.max(widths[i], r.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, header, widths);
        List<String> rule = new ArrayList<>();
        for (int w : widths) {
            rule.add("-".repeat(w));
        }
        line(out, rule, widths);
        rows.forEach(r -> line(out, r, widths));
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        out.append('|');
        for (int i = 0; i < widths.length; i++) {
            out.append(' ').append(cells.get(i)).append(" ".repeat(widths[i] - cells.get(i).length())).append(" |");
        }
        out.append('\n');
    }
}
