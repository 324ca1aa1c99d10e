package dev.repofix.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/** Runs as CSV (one row each, a header first) or a JSON array, for spreadsheets and other tools. */
public final class HistoryExport {
    private static final List<String> COLUMNS = List.of("id", "startedAt", "kind", "repository", "commit", "trigger",
            "model", "status", "cases", "localized", "applied", "fixed", "issueScore", "tokens", "costUsd",
            "durationMillis", "report");

    private HistoryExport() {}

    public static String csv(List<RunSummary> runs) {
        StringBuilder out = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        for (RunSummary r : runs) {
            out.append(String.join(",", cells(r).stream().map(HistoryExport::quoted).toList())).append('\n');
        }
        return out.toString();
    }

    public static String json(List<RunSummary> runs) {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode array = mapper.createArrayNode();
        for (RunSummary r : runs) {
            ObjectNode o = array.addObject();
            o.put("id", r.id()).put("startedAt", r.startedAt().toString())
                    .put("kind", r.kind().name().toLowerCase(Locale.ROOT)).put("repository", r.repository())
                    .put("commit", r.commit().orElse(null)).put("trigger", r.trigger()).put("model", r.model())
                    .put("status", r.status()).put("cases", r.cases()).put("localized", r.localized())
                    .put("applied", r.applied()).put("fixed", r.fixed());
            if (r.issueScore().isPresent()) {
                o.put("issueScore", r.issueScore().getAsDouble());
            } else {
                o.putNull("issueScore");
            }
            o.put("tokens", r.tokens());
            if (r.costUsd().isPresent()) {
                o.put("costUsd", r.costUsd().getAsDouble());
            } else {
                o.putNull("costUsd");
            }
            o.put("durationMillis", r.duration().toMillis()).put("report", r.report().orElse(null));
        }
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always renders", e);
        }
    }

    private static List<String> cells(RunSummary r) {
        return List.of(r.id(), r.startedAt().toString(), r.kind().name().toLowerCase(Locale.ROOT), r.repository(),
                r.commit().orElse(""), r.trigger(), r.model(), r.status(), String.valueOf(r.cases()),
                String.valueOf(r.localized()), String.valueOf(r.applied()), String.valueOf(r.fixed()),
                r.issueScore().isPresent() ? String.valueOf(r.issueScore().getAsDouble()) : "",
                String.valueOf(r.tokens()), r.costUsd().isPresent() ? String.valueOf(r.costUsd().getAsDouble()) : "",
                String.valueOf(r.duration().toMillis()), r.report().orElse(""));
    }

    /** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
    private static String quoted(String cell) {
        return cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")
                ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
    }
}
