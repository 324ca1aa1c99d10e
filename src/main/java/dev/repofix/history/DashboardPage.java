package dev.repofix.history;

import static dev.repofix.history.DashboardText.escape;

import dev.repofix.config.Durations;
import dev.repofix.history.DashboardFigures.ModelCost;
import dev.repofix.history.DashboardFigures.Series;
import dev.repofix.history.DashboardFigures.Totals;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard as one HTML page with its charts inline: nothing is fetched when it is viewed, and
 * its Content-Security-Policy allows no script at all, so a name that slipped past escaping still
 * could not run. Pure: runs and a time in, text out.
 */
final class DashboardPage {
    static final int LATEST_ROWS = 50;
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneOffset.UTC);
    private static final String TITLE = "repofix: repair success over time";
    private static final String STYLE = """
            body{font-family:sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}
            h1{font-size:1.5em}h2{font-size:1.15em;margin-top:2em}
            table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #ccc;padding:.25em .5em;\
            text-align:left;vertical-align:top}td.n{text-align:right}
            .none{color:#666;font-style:italic}footer{margin-top:3em;color:#666;font-size:.85em}
            """;

    private DashboardPage() {}

    static String render(List<RunSummary> runs, Instant generatedAt) {
        return render(runs, Map.of(), generatedAt, Map.of());
    }

    /** @param boards per benchmark, the leaderboard of its latest eval runs; empty leaves that section out */
    static String render(List<RunSummary> runs, Map<String, Leaderboard> boards, Instant generatedAt) {
        return render(runs, boards, generatedAt, Map.of());
    }

    /**
     * The page, each run of {@code saved} linked to its own saved record (a path inside the site)
     * rather than to the report path it named, which later runs may have overwritten.
     */
    static String render(List<RunSummary> runs, Instant generatedAt, Map<String, String> saved) {
        return render(runs, Map.of(), generatedAt, saved);
    }

    /**
     * The page with the leaderboards of {@code boards} (per benchmark; empty leaves that section
     * out) and each run of {@code saved} linked to its own saved record.
     */
    static String render(List<RunSummary> runs, Map<String, Leaderboard> boards, Instant generatedAt,
            Map<String, String> saved) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                // An empty icon, so a browser asks for no favicon.ico beside a page opened from file.
                .append("<link rel=\"icon\" href=\"data:,\">\n")
                .append("<title>").append(TITLE).append("</title>\n<style>\n").append(STYLE).append("</style>\n")
                .append("</head>\n<body>\n<h1>").append(TITLE).append("</h1>\n");
        if (runs.isEmpty()) {
            html.append("<p id=\"empty\" class=\"none\">No runs yet: record a run with <code>--history</code> ")
                    .append("and build this page again.</p>\n");
        } else {
            summary(html, runs);
            success(html, runs);
            stages(html, runs);
            cost(html, runs);
            DashboardLeaderboards.render(html, boards);
            latest(html, runs, saved);
        }
        html.append("<footer>Generated at ").append(generatedAt.truncatedTo(ChronoUnit.SECONDS))
                .append(" by repofix.</footer>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void summary(StringBuilder html, List<RunSummary> runs) {
        Totals t = DashboardFigures.totals(runs);
        Instant first = runs.stream().map(RunSummary::startedAt).min(Comparator.naturalOrder()).orElseThrow();
        Instant last = runs.stream().map(RunSummary::startedAt).max(Comparator.naturalOrder()).orElseThrow();
        html.append("<p id=\"summary\">").append(t.runs()).append(t.runs() == 1 ? " run" : " runs")
                .append(" from ").append(MINUTE.format(first)).append(" to ").append(MINUTE.format(last))
                .append(" UTC: <strong id=\"success-rate\">").append(DashboardText.percent(t.fixed(), t.cases()))
                .append("</strong> fixed (").append(t.fixed()).append(" of ").append(t.cases())
                .append(" cases).</p>\n");
    }

    private static void success(StringBuilder html, List<RunSummary> runs) {
        section(html, "success", "Success rate per model (fixed / cases, per UTC day)");
        chartOrNone(html, "success-chart", "Success rate per model", DashboardFigures.successByModel(runs));
        html.append("</section>\n");
    }

    private static void stages(StringBuilder html, List<RunSummary> runs) {
        section(html, "stages", "Per-stage metrics, all models (per UTC day)");
        html.append("<p>Issue score is the mean judged score (0-100) of the day's judged runs; localized, applied ")
                .append("and fixed are shares of the day's cases.</p>\n");
        chartOrNone(html, "stages-chart", "Per-stage metrics", DashboardFigures.stages(runs));
        html.append("</section>\n");
    }

    private static void chartOrNone(StringBuilder html, String id, String title, List<Series> series) {
        // A series with no point (no run judged issues) would be a legend entry with no line.
        List<Series> drawn = series.stream().filter(s -> !s.points().isEmpty()).toList();
        if (drawn.isEmpty()) {
            html.append("<p class=\"none\">No run has scored a case yet.</p>\n");
        } else {
            html.append(DashboardChart.lines(id, title, drawn));
        }
    }

    private static void cost(StringBuilder html, List<RunSummary> runs) {
        section(html, "cost", "Cost per fixed bug (priced runs only)");
        List<ModelCost> costs = DashboardFigures.costs(runs);
        if (costs.isEmpty()) {
            html.append("<p id=\"no-priced-runs\" class=\"none\">No priced runs: no run recorded a model cost ")
                    .append("(builtin, gold and unpriced models cost nothing that repofix can count).</p>\n");
            html.append("</section>\n");
            return;
        }
        List<ModelCost> fixing = costs.stream().filter(c -> c.perFixed().isPresent()).toList();
        if (!fixing.isEmpty()) {
            html.append(DashboardChart.bars("cost-chart", "Cost per fixed bug", fixing,
                    c -> c.perFixed().getAsDouble(), ModelCost::model,
                    c -> DashboardText.usd(c.perFixed().getAsDouble())));
        }
        html.append("<table id=\"cost-table\">\n<tr><th>model</th><th>priced runs</th><th>spent</th>")
                .append("<th>fixed</th><th>per fixed bug</th></tr>\n");
        for (ModelCost c : costs) {
            html.append("<tr><td>").append(escape(c.model())).append("</td>").append(number(c.pricedRuns()))
                    .append(cell(DashboardText.usd(c.spentUsd()))).append(number(c.fixed()))
                    .append(cell(c.perFixed().isPresent() ? DashboardText.usd(c.perFixed().getAsDouble())
                            : "no fixed bug yet"))
                    .append("</tr>\n");
        }
        html.append("</table>\n</section>\n");
    }

    /** The runs the latest-runs table lists: the newest {@value #LATEST_ROWS}. */
    static List<RunSummary> newest(List<RunSummary> runs) {
        return runs.stream().sorted(Comparator.comparing(RunSummary::startedAt).reversed()
                .thenComparing(RunSummary::id)).limit(LATEST_ROWS).toList();
    }

    private static void latest(StringBuilder html, List<RunSummary> runs, Map<String, String> saved) {
        List<RunSummary> newest = newest(runs);
        section(html, "latest", "Latest runs" + (runs.size() > LATEST_ROWS ? " (newest " + LATEST_ROWS + ")" : ""));
        html.append("<table id=\"runs\">\n<tr><th>started (UTC)</th><th>kind</th><th>repository</th><th>commit</th>")
                .append("<th>trigger</th><th>model</th><th>status</th><th>fixed</th><th>localized</th>")
                .append("<th>applied</th><th>issue score</th><th>cost</th><th>tokens</th><th>time</th>")
                .append("<th>report</th></tr>\n");
        newest.forEach(r -> row(html, r, Optional.ofNullable(saved.get(r.id()))));
        html.append("</table>\n</section>\n");
    }

    private static void row(StringBuilder html, RunSummary r, Optional<String> saved) {
        html.append("<tr data-run=\"").append(escape(r.id())).append("\">")
                .append(cell(MINUTE.format(r.startedAt())))
                .append(cell(r.kind().name().toLowerCase(Locale.ROOT)))
                .append(cell(DashboardText.oneLine(r.repository(), 80)))
                .append(cell(r.commit().map(c -> c.length() > 12 ? c.substring(0, 12) : c).orElse("")))
                .append(cell(r.trigger())).append(cell(r.model())).append(cell(r.status()))
                .append(count(r.fixed(), r.cases())).append(count(r.localized(), r.cases()))
                .append(count(r.applied(), r.cases()))
                .append(cell(r.issueScore().isPresent() ? DashboardText.number(r.issueScore().getAsDouble()) : ""))
                .append(cell(r.costUsd().isPresent() ? DashboardText.usd(r.costUsd().getAsDouble()) : ""))
                .append(number(r.tokens())).append(cell(Durations.format(r.duration())))
                .append("<td>").append(saved.isPresent() ? link(saved.get()) : reportLink(r.report()))
                .append("</td></tr>\n");
    }

    private static String link(String href) {
        return "<a href=\"" + escape(href) + "\" rel=\"noopener noreferrer\">report</a>";
    }

    private static String reportLink(Optional<String> report) {
        if (report.isEmpty()) {
            return "";
        }
        return DashboardText.href(report.get())
                .map(href -> "<a href=\"" + escape(href) + "\" rel=\"noopener noreferrer\">report</a>")
                .orElseGet(() -> escape(DashboardText.oneLine(report.get(), 120)));
    }

    private static String count(int part, int whole) {
        return "<td class=\"n\">" + part + "/" + whole + " (" + DashboardText.percent(part, whole) + ")</td>";
    }

    private static String number(long n) {
        return "<td class=\"n\">" + n + "</td>";
    }

    private static String cell(String text) {
        return "<td>" + escape(text) + "</td>";
    }

    private static void section(StringBuilder html, String id, String heading) {
        html.append("<section id=\"").append(id).append("\">\n<h2>").append(escape(heading)).append("</h2>\n");
    }
}
