package dev.repofix.eval.score;

import dev.repofix.eval.result.CaseResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One row per result (case, setting and sample) as CSV ({@code cases.csv}, RFC 4180):
 * scored results with every per-case figure, the others with their status and error and
 * empty figures.
 */
final class CasesCsv {
    static final List<String> HEADER = List.of("result", "case_id", "setting", "sample", "status", "language",
            "bug_types", "context_tokens", "loads", "predicted_lines", "true_positives", "reference_lines",
            "precision", "recall", "f1", "file_hit", "top1", "top5", "cause_hit", "effect_hit", "apply", "pass",
            "reference_equal", "issue_score", "tokens_in", "tokens_out", "cost_usd", "wall_ms", "baseline_ms", "stages_ms", "validation_ms", "error");

    private CasesCsv() {}

    static String render(Summary summary) {
        List<List<String>> rows = new ArrayList<>();
        summary.settings().forEach(s -> s.scores().forEach(c -> rows.add(scored(c))));
        summary.excluded().forEach(r -> rows.add(excluded(r)));
        rows.sort(Comparator.comparing((List<String> r) -> r.get(0)));
        StringBuilder csv = new StringBuilder(line(HEADER));
        rows.forEach(r -> csv.append(line(r)));
        return csv.toString();
    }

    private static List<String> scored(CaseScores s) {
        List<String> row = new ArrayList<>(identity(s.result()));
        row.addAll(List.of(bool(s.loads()), String.valueOf(s.predicted().size()), String.valueOf(s.truePositives()),
                String.valueOf(s.referenceCount()), Figures.number(s.precision()), Figures.number(s.recall()),
                Figures.number(s.f1()), bool(s.fileHit()), bool(s.top1()), bool(s.top5()), bool(s.causeHit()),
                bool(s.effectHit()), bool(s.applied()), bool(s.passed()), bool(s.referenceEqual()),
                number(s.issueScore()), String.valueOf(s.inputTokens()), String.valueOf(s.outputTokens()),
                s.costUsd().map(d -> String.format(Locale.ROOT, "%.6f", d)).orElse(""),
                String.valueOf(s.result().times().wallMs()), String.valueOf(s.result().times().baselineMs()),
                String.valueOf(s.result().times().stagesMs()), String.valueOf(s.result().times().validationMs()), ""));
        return row;
    }

    private static List<String> excluded(CaseResult r) {
        List<String> row = new ArrayList<>(identity(r));
        while (row.size() < HEADER.size() - 5) {
            row.add("");
        }
        row.addAll(List.of(String.valueOf(r.times().wallMs()), String.valueOf(r.times().baselineMs()),
                String.valueOf(r.times().stagesMs()), String.valueOf(r.times().validationMs())));
        row.add(r.error().orElse(""));
        return row;
    }

    private static List<String> identity(CaseResult r) {
        return List.of(r.key(), r.caseId(), r.setting().orElse(""), integer(r.sample()), r.status().name(),
                r.reference().language(), String.join(";", r.reference().bugTypes()), integer(r.contextTokens()));
    }

    private static String bool(boolean b) {
        return b ? "1" : "0";
    }

    private static String bool(Optional<Boolean> b) {
        return b.map(CasesCsv::bool).orElse("");
    }

    private static String integer(OptionalInt i) {
        return i.isPresent() ? String.valueOf(i.getAsInt()) : "";
    }

    private static String number(OptionalDouble d) {
        return d.isPresent() ? Figures.number(d.getAsDouble()) : "";
    }

    private static String line(List<String> cells) {
        List<String> quoted = cells.stream().map(CasesCsv::field).toList();
        return String.join(",", quoted) + "\r\n";
    }

    private static String field(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")
                ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
