package dev.repofix.history;

import dev.repofix.report.TextTable;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/** The history's fixed-width tables, as text: pure functions of what the store returned. */
public final class HistoryTables {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private HistoryTables() {}

    public static String runs(List<RunSummary> runs) {
        TextTable t = new TextTable("id", "started (UTC)", "kind", "repository", "model", "trigger", "status", "cases",
                "fixed", "cost");
        for (RunSummary r : runs) {
            t.row(r.id(), WHEN.format(r.startedAt()), r.kind().name().toLowerCase(Locale.ROOT), r.repository(),
                    r.model(), r.trigger(), r.status(), String.valueOf(r.cases()), String.valueOf(r.fixed()),
                    usd(r.costUsd()));
        }
        return t.render();
    }

    public static String trend(TrendBy by, List<TrendRow> rows) {
        TextTable t = new TextTable(by.toString(), "runs", "cases", "localized", "applied", "fixed", "fix rate",
                "issue score", "tokens", "cost", "cost/fix");
        for (TrendRow r : rows) {
            t.row(r.key(), String.valueOf(r.runs()), String.valueOf(r.cases()), String.valueOf(r.localized()),
                    String.valueOf(r.applied()), String.valueOf(r.fixed()), percent(r.fixRate()),
                    number(r.issueScore()), String.valueOf(r.tokens()), usd(r.costUsd()), usd(r.costPerFix()));
        }
        return t.render();
    }

    public static String stages(List<StageTrend> rows) {
        TextTable t = new TextTable("stage", "runs", "ok", "failed", "skipped", "mean time", "tokens", "cost");
        for (StageTrend s : rows) {
            t.row(s.stage(), String.valueOf(s.runs()), String.valueOf(s.ok()), String.valueOf(s.failed()),
                    String.valueOf(s.skipped()), String.format(Locale.ROOT, "%.1f s", s.meanMillis() / 1000),
                    String.valueOf(s.tokens()), usd(s.costUsd()));
        }
        return t.render();
    }

    /** Case by case, what two eval runs got differently. */
    public static String compare(String before, String after, List<CaseChange> changes) {
        if (changes.isEmpty()) {
            return "runs " + before + " and " + after + " got every case alike\n";
        }
        TextTable t = new TextTable("case", "change", "fixed " + before, "fixed " + after, "F1 " + before,
                "F1 " + after, "issue " + before, "issue " + after);
        for (CaseChange c : changes) {
            t.row(c.key(), c.change(), c.before().map(HistoryTables::outcome).orElse("-"),
                    c.after().map(HistoryTables::outcome).orElse("-"),
                    c.before().map(s -> String.format(Locale.ROOT, "%.2f", s.f1())).orElse("-"),
                    c.after().map(s -> String.format(Locale.ROOT, "%.2f", s.f1())).orElse("-"),
                    c.before().map(s -> number(s.issueScore())).orElse("-"),
                    c.after().map(s -> number(s.issueScore())).orElse("-"));
        }
        return t.render();
    }

    public static String detail(RunDetail d) {
        RunSummary s = d.summary();
        StringBuilder out = new StringBuilder();
        out.append("run ").append(s.id()).append(" (").append(s.kind().name().toLowerCase(Locale.ROOT)).append(")\n");
        out.append("started    ").append(WHEN.format(s.startedAt())).append(" UTC, took ")
                .append(s.duration().toSeconds()).append(" s\n");
        out.append("repository ").append(s.repository()).append(s.commit().map(c -> " @ " + c).orElse("")).append('\n');
        out.append("trigger    ").append(s.trigger()).append(", model ").append(s.model()).append('\n');
        out.append("status     ").append(s.status()).append(": ").append(s.fixed()).append(" of ").append(s.cases())
                .append(" case(s) fixed, ").append(s.applied()).append(" applied, ").append(s.localized())
                .append(" localized\n");
        out.append("tokens     ").append(s.tokens()).append(", cost ").append(usd(s.costUsd())).append('\n');
        s.report().ifPresent(r -> out.append("report     ").append(r).append('\n'));
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(d.settings()).entrySet()) {
            out.append("setting    ").append(e.getKey()).append(" = ").append(e.getValue()).append('\n');
        }
        if (!d.stages().isEmpty()) {
            TextTable t = new TextTable("case", "stage", "status", "time", "attempts", "tokens", "summary");
            d.stages().forEach(st -> t.row(st.caseKey(), st.stage(), st.status(),
                    String.format(Locale.ROOT, "%.1f s", st.millis() / 1000.0), String.valueOf(st.attempts()),
                    String.valueOf(st.inputTokens() + st.outputTokens()), st.summary()));
            out.append('\n').append(t.render());
        }
        if (!d.candidates().isEmpty()) {
            TextTable t = new TextTable("case", "candidate", "strategy", "where", "verdict");
            d.candidates().forEach(c -> t.row(c.caseKey(), c.candidateId(), c.strategy(), c.file() + ":" + c.line(),
                    c.verdict()));
            out.append('\n').append(t.render());
        }
        if (!d.cases().isEmpty()) {
            TextTable t = new TextTable("case", "status", "localized", "applied", "fixed", "F1", "issue");
            d.cases().forEach(c -> t.row(c.key(), c.status(), yes(c.localized()), yes(c.applied()), yes(c.fixed()),
                    String.format(Locale.ROOT, "%.2f", c.f1()), number(c.issueScore())));
            out.append('\n').append(t.render());
        }
        return out.toString();
    }

    public static String size(StoreSize s, StoreLocation where) {
        return "store      " + where.shown() + "\n"
                + "runs       " + s.runs() + s.oldest().map(o -> " (" + WHEN.format(o) + " to "
                        + WHEN.format(s.newest().orElse(o)) + " UTC)").orElse("") + "\n"
                + "eval cases " + s.cases() + "\n"
                + "stages     " + s.stages() + "\n"
                + "candidates " + s.candidates() + "\n"
                + "on disk    " + (s.bytes().isPresent() ? dev.repofix.config.ByteSizes.format(s.bytes().getAsLong())
                        : "unknown") + "\n";
    }

    private static String outcome(CaseScore s) {
        return s.scored() ? (s.fixed() ? "yes" : "no") : s.status();
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    static String percent(OptionalDouble rate) {
        return rate.isPresent() ? String.format(Locale.ROOT, "%.1f%%", rate.getAsDouble() * 100) : "-";
    }

    static String usd(OptionalDouble usd) {
        return usd.isPresent() ? String.format(Locale.ROOT, "$%.4f", usd.getAsDouble()) : "-";
    }

    private static String number(OptionalDouble n) {
        return n.isPresent() ? String.format(Locale.ROOT, "%.1f", n.getAsDouble()) : "-";
    }
}
