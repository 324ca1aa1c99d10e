package dev.repofix.eval.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.eval.result.ResultStatus;
import java.io.UncheckedIOException;
import java.util.List;

/** The benchmark report as JSON ({@code report.json}, {@code repofix.eval-report/1}): the same figures as the Markdown. */
final class JsonSummary {
    static final String SCHEMA = "repofix.eval-report/1";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonSummary() {}

    static String render(Summary summary) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        ObjectNode counts = root.putObject("results");
        int scored = summary.settings().stream().mapToInt(s -> s.overall().cases()).sum();
        counts.put("total", scored + summary.excluded().size()).put("scored", scored);
        for (ResultStatus status : List.of(ResultStatus.ERROR, ResultStatus.BROKEN, ResultStatus.FLAKY)) {
            counts.put(status.name().toLowerCase(java.util.Locale.ROOT), summary.excluded(status).size());
        }
        ArrayNode settings = root.putArray("settings");
        summary.settings().forEach(s -> setting(settings.addObject(), s));
        ArrayNode excluded = root.putArray("excluded");
        summary.excluded().forEach(r -> excluded.addObject().put("result", r.key()).put("case_id", r.caseId())
                .put("status", r.status().name()).put("error", r.error().orElse(null)));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void setting(ObjectNode n, SettingSummary s) {
        n.put("setting", s.setting().isEmpty() ? null : s.setting());
        ArrayNode notAsked = n.putArray("not_asked");
        s.notAsked().forEach(notAsked::add);
        aggregate(n.putObject("overall"), s.overall());
        s.byLanguage().forEach(a -> aggregate(n.withArray("by_language").addObject(), a));
        s.byBugType().forEach(a -> aggregate(n.withArray("by_bug_type").addObject(), a));
        s.byShape().forEach(a -> aggregate(n.withArray("by_shape").addObject(), a));
        ObjectNode loads = n.putObject("loads_at_k");
        s.loadsAtK().forEach((k, r) -> rate(loads, String.valueOf(k), r));
        ArrayNode correlations = n.putArray("correlations");
        for (Correlation c : s.correlations()) {
            ObjectNode cn = correlations.addObject().put("x", c.x()).put("y", c.y()).put("n", c.n());
            cn.put("r", c.r().isPresent() ? c.r().getAsDouble() : null);
            cn.put("p", c.p().isPresent() ? c.p().getAsDouble() : null);
            cn.put("reason", c.reason().isEmpty() ? null : c.reason());
        }
        ArrayNode sweep = n.putArray("sweep");
        s.sweep().forEach(a -> aggregate(sweep.addObject(), a));
    }

    private static void aggregate(ObjectNode n, Aggregate a) {
        n.put("group", a.group()).put("cases", a.cases());
        rate(n, "loads", a.loads());
        n.put("precision_micro", a.microPrecision()).put("recall_micro", a.microRecall()).put("f1_micro", a.microF1());
        n.put("precision_mean", a.meanPrecision()).put("recall_mean", a.meanRecall()).put("f1_mean", a.meanF1());
        rate(n, "file_accuracy", a.fileHit());
        rate(n, "top1", a.top1());
        rate(n, "top5", a.top5());
        rate(n, "cause_line", a.cause());
        rate(n, "effect_line", a.effect());
        rate(n, "all_cause_lines", a.allCauses());
        rate(n, "bug_type", a.bugType());
        rate(n, "apply", a.apply());
        rate(n, "pass", a.pass());
        rate(n, "reference_equal", a.referenceEqual());
        n.put("issue_score", a.issueScore().isPresent() ? a.issueScore().getAsDouble() : null);
        n.put("tokens_in", a.inputTokens()).put("tokens_out", a.outputTokens());
        n.put("cost_usd", a.costUsd().orElse(null));
        n.put("mean_wall_ms", a.meanWallMs());
        ObjectNode stages = n.putObject("mean_stage_ms");
        a.meanStageMs().forEach(stages::put);
    }

    private static void rate(ObjectNode n, String name, Rate r) {
        n.putObject(name).put("hits", r.hits()).put("n", r.n()).put("share", r.n() == 0 ? null : r.share());
    }
}
