package dev.repofix.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.report.TextTable;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * A {@link Leaderboard} as Markdown (one table of figures, one of the cases the runs disagree
 * on, columns by row number) and as JSON. Labels and ids are untrusted: every cell goes through
 * {@link TextTable}'s escaping, and headers hold only repofix's own words and numbers. Pure.
 */
public final class LeaderboardTables {
    /** The figures' columns, for Markdown and the dashboard alike. */
    static final List<String> COLUMNS = List.of("#", "run", "model", "setting", "resolved", "Apply", "F1 (mean)",
            "cost per resolved", "time per case", "not scored");
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LeaderboardTables() {}

    public static String markdown(Leaderboard board) {
        TextTable figures = new TextTable(COLUMNS.toArray(String[]::new));
        for (int i = 0; i < board.rows().size(); i++) {
            figures.row(cells(i, board.rows().get(i)).toArray(String[]::new));
        }
        StringBuilder md = new StringBuilder(figures.render()).append('\n');
        if (board.disagreements().isEmpty()) {
            md.append(board.rows().size() < 2 ? "One run: nothing to disagree on.\n"
                    : "No case is resolved by some runs and not by the others.\n");
            return md.toString();
        }
        md.append(board.disagreements().size()).append(board.disagreements().size() == 1 ? " case" : " cases")
                .append(" resolved by some runs, not all (columns are the runs' #):\n\n");
        String[] header = new String[board.rows().size() + 1];
        header[0] = "case";
        for (int i = 1; i < header.length; i++) {
            header[i] = "#" + i;
        }
        TextTable cases = new TextTable(header);
        for (Leaderboard.Disagreement d : board.disagreements()) {
            String[] cells = new String[header.length];
            cells[0] = d.caseId();
            for (int i = 1; i < cells.length; i++) {
                cells[i] = word(d.outcomes().get(i - 1));
            }
            cases.row(cells);
        }
        return md.append(cases.render()).toString();
    }

    /** Row {@code index}'s cells under {@link #COLUMNS}, as text (not yet escaped). */
    static List<String> cells(int index, Leaderboard.Row r) {
        return List.of(String.valueOf(index + 1), r.label(), r.model(), r.setting().isEmpty() ? "-" : r.setting(),
                share(r.resolved(), r.scored()), share(r.applied(), r.scored()),
                String.format(Locale.ROOT, "%.3f", r.meanF1()), usd(r.costPerResolved()), seconds(r.meanMillis()),
                String.valueOf(r.notScored()));
    }

    public static String json(Leaderboard board) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode runs = root.putArray("runs");
        for (Leaderboard.Row r : board.rows()) {
            ObjectNode o = runs.addObject().put("label", r.label()).put("model", r.model())
                    .put("setting", r.setting()).put("scored", r.scored()).put("resolved", r.resolved())
                    .put("resolved_share", r.resolvedShare()).put("applied", r.applied())
                    .put("apply_share", r.applyShare()).put("f1_mean", r.meanF1());
            put(o, "cost_usd", r.costUsd());
            put(o, "cost_per_resolved_usd", r.costPerResolved());
            o.put("seconds_per_case", r.meanMillis() / 1000).put("not_scored", r.notScored());
        }
        ArrayNode disagree = root.putArray("disagreements");
        for (Leaderboard.Disagreement d : board.disagreements()) {
            ArrayNode outcomes = disagree.addObject().put("case_id", d.caseId()).putArray("outcomes");
            d.outcomes().forEach(o -> outcomes.add(o.name()));
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes", e);
        }
    }

    /** The word a disagreement shows for an outcome. */
    static String word(Leaderboard.Outcome o) {
        return switch (o) {
            case RESOLVED -> "resolved";
            case NOT_RESOLVED -> "not resolved";
            case NOT_SCORED -> "not scored";
            case ABSENT -> "-";
        };
    }

    static String share(int part, int whole) {
        return whole == 0 ? "n/a" : String.format(Locale.ROOT, "%d/%d (%.1f%%)", part, whole, 100.0 * part / whole);
    }

    static String usd(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "$%.4f", v.getAsDouble()) : "n/a";
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    private static void put(ObjectNode o, String field, OptionalDouble v) {
        if (v.isPresent()) {
            o.put(field, v.getAsDouble());
        } else {
            o.putNull(field);
        }
    }
}
