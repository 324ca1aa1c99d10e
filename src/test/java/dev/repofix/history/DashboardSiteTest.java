package dev.repofix.history;

import static dev.repofix.history.DashboardRuns.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DashboardSiteTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T05:00:00Z"), ZoneOffset.UTC);
    private static final Pattern POINT = Pattern.compile(
            "<circle class=\"point\" data-series=\"([^\"]*)\" data-day=\"([^\"]*)\" data-value=\"([^\"]*)\"");

    private final DashboardSite site = new DashboardSite(CLOCK);

    @Test
    void successRateIsFixedCasesOverAllCases() {
        String html = site.render(List.of(eval("r1", "2026-11-20T02:00:00Z", "builtin", 4, 3).run()));

        assertThat(html).contains("<strong id=\"success-rate\">75%</strong> fixed (3 of 4 cases)");
        assertThat(points(html, "builtin")).containsExactly("2026-11-20=0.7500");
    }

    @Test
    void successRatePoolsEachModelsRunsOfADayByCases() {
        String html = site.render(List.of(
                eval("a1", "2026-11-20T01:00:00Z", "openai:gpt-4o", 4, 3).run(),
                eval("a2", "2026-11-20T13:00:00Z", "openai:gpt-4o", 6, 1).run(),
                eval("a3", "2026-11-21T01:00:00Z", "openai:gpt-4o", 2, 2).run(),
                eval("b1", "2026-11-20T01:00:00Z", "builtin", 3, 1).run()));

        // 3+1 of 4+6 on the first day, not the mean of 75% and 17%.
        assertThat(points(html, "openai:gpt-4o")).containsExactly("2026-11-20=0.4000", "2026-11-21=1.0000");
        assertThat(points(html, "builtin")).containsExactly("2026-11-20=0.3333");
        assertThat(html).contains("7 of 15 cases").contains("46.7%");
    }

    @Test
    void stageMetricsAreSharesOfCasesAndTheMeanIssueScore() {
        String html = site.render(List.of(
                eval("r1", "2026-11-20T01:00:00Z", "builtin", 4, 1).counts(3, 2).issueScore(60).run(),
                eval("r2", "2026-11-20T02:00:00Z", "builtin", 4, 1).counts(1, 2).issueScore(80).run()));

        assertThat(points(html, "localized")).containsExactly("2026-11-20=0.5000");
        assertThat(points(html, "applied")).containsExactly("2026-11-20=0.5000");
        assertThat(points(html, "fixed")).containsExactly("2026-11-20=0.2500");
        assertThat(points(html, "issue score")).containsExactly("2026-11-20=0.7000");
    }

    @Test
    void runsWithoutScoredCasesDrawNoPoint() {
        String html = site.render(List.of(eval("r1", "2026-11-20T01:00:00Z", "builtin", 0, 0).run()));

        assertThat(html).doesNotContain("<svg").contains("No run has scored a case yet.");
        assertThat(html).contains("fixed (0 of 0 cases)");
    }

    @Test
    void manyModelsGetRoomForTheirLegendAndRepeatedColoursAreDashed() {
        List<RunSummary> runs = new ArrayList<>();
        for (int m = 0; m < 16; m++) {
            runs.add(eval("a" + m, "2026-11-20T01:00:00Z", String.format("model-%02d", m), 2, 1).run());
            runs.add(eval("b" + m, "2026-11-21T01:00:00Z", String.format("model-%02d", m), 2, 2).run());
        }

        String chart = section(site.render(runs), "success");

        assertThat(chart).contains("height=\"328\" viewBox=\"0 0 760 328\"");
        assertThat(chart).contains("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=");
        assertThat(chart).contains("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" "
                + "stroke-dasharray=\"6 3\" points=");
    }

    @Test
    void costPerFixedBugDividesWhatAModelSpentByTheBugsItFixed() {
        String html = site.render(List.of(
                eval("r1", "2026-11-20T01:00:00Z", "openai:gpt-4o", 4, 2).cost(1.00).run(),
                eval("r2", "2026-11-21T01:00:00Z", "openai:gpt-4o", 4, 1).cost(0.50).run(),
                eval("r3", "2026-11-21T01:00:00Z", "anthropic:claude", 4, 0).cost(0.30).run(),
                eval("r4", "2026-11-21T01:00:00Z", "builtin", 4, 4).run()));

        assertThat(html).contains("<svg id=\"cost-chart\"");
        assertThat(html).contains("<tr><td>openai:gpt-4o</td><td class=\"n\">2</td><td>$1.50</td>"
                + "<td class=\"n\">3</td><td>$0.50</td></tr>");
        assertThat(html).contains("<tr><td>anthropic:claude</td><td class=\"n\">1</td><td>$0.30</td>"
                + "<td class=\"n\">0</td><td>no fixed bug yet</td></tr>");
        assertThat(section(html, "cost")).doesNotContain("builtin");
    }

    @Test
    void saysNoPricedRunsWhenNoRunHasACost() {
        String html = site.render(List.of(eval("r1", "2026-11-20T01:00:00Z", "builtin", 4, 3).run()));

        assertThat(section(html, "cost")).contains("No priced runs").doesNotContain("<svg").doesNotContain("$");
    }

    @Test
    void escapesRepositoryModelAndStatusFromRuns() {
        String script = "<script>alert(1)</script>";
        String attribute = "x\" onmouseover=\"alert(2)";
        String html = site.render(List.of(eval("r1\"><b>", "2026-11-20T01:00:00Z", attribute, 1, 1)
                .fix(script, "abc'def", "reports/<i>.json").run()));

        assertThat(html).doesNotContain(script).doesNotContain(attribute).doesNotContain("<b>").doesNotContain("<i>")
                .doesNotContain("abc'def");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .contains("x&quot; onmouseover=&quot;alert(2)")
                .contains("abc&#39;def");
        assertThat(html).doesNotContainPattern("<script");
    }

    @Test
    void forbidsScriptsInThePageItself() {
        String html = site.render(List.of(eval("r1", "2026-11-20T01:00:00Z", "builtin", 1, 1).run()));

        assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';");
    }

    @Test
    void linksReportsByWebAddressOrRelativePathOnly() {
        String html = site.render(List.of(
                eval("web", "2026-11-20T01:00:00Z", "builtin", 1, 1).fix("r", "c", "https://ci.example/run/7").run(),
                eval("rel", "2026-11-20T02:00:00Z", "builtin", 1, 1).fix("r", "c", "reports/run 8.json").run(),
                eval("js", "2026-11-20T03:00:00Z", "builtin", 1, 1).fix("r", "c", "JavaScript:alert(1)").run(),
                eval("abs", "2026-11-20T04:00:00Z", "builtin", 1, 1).fix("r", "c", "/srv/out/report.json").run(),
                eval("host", "2026-11-20T05:00:00Z", "builtin", 1, 1).fix("r", "c", "//evil.example/x").run()));

        assertThat(row(html, "web")).contains("<a href=\"https://ci.example/run/7\"");
        assertThat(row(html, "rel")).contains("<a href=\"reports/run 8.json\"");
        assertThat(row(html, "js")).doesNotContain("<a ").contains("JavaScript:alert(1)");
        assertThat(row(html, "abs")).doesNotContain("<a ").contains("/srv/out/report.json");
        assertThat(row(html, "host")).doesNotContain("<a ");
    }

    @Test
    void listsTheNewestRunsFirstAndAtMostFifty() {
        List<RunSummary> runs = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            runs.add(eval("run-" + i, Instant.parse("2026-10-01T00:00:00Z").plusSeconds(3600L * i).toString(),
                    "builtin", 1, i % 2).run());
        }

        String html = site.render(runs);

        assertThat(html).contains("Latest runs (newest 50)");
        assertThat(html.indexOf("data-run=\"run-59\"")).isPositive().isLessThan(html.indexOf("data-run=\"run-58\""));
        assertThat(html).contains("data-run=\"run-10\"").doesNotContain("data-run=\"run-9\"");
        assertThat(html).contains("30 of 60 cases");
    }

    @Test
    void emptyHistorySaysThereAreNoRunsYet() {
        String html = site.render(List.of());

        assertThat(html).contains("<p id=\"empty\" class=\"none\">No runs yet").doesNotContain("<svg")
                .doesNotContain("<table");
    }

    @Test
    void stampsTheTimeFromItsClock() {
        assertThat(site.render(List.of())).contains("Generated at 2026-11-24T05:00:00Z by repofix.");
    }

    @Test
    void writesIndexHtmlIntoTheFolderItCreates(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("site/nested");
        List<RunSummary> runs = List.of(eval("r1", "2026-11-20T01:00:00Z", "builtin", 4, 3).run());

        Path index = site.write(runs, out);

        assertThat(index).isEqualTo(out.resolve("index.html"));
        assertThat(Files.readString(index)).isEqualTo(site.render(runs));
        try (var files = Files.list(out)) {
            assertThat(files).containsExactly(index);
        }
    }

    @Test
    void twoRunsThatWroteTheSameReportPathLinkEachToItsOwnSavedRecordAndAStaticHostCanServeTheSite(
            @TempDir Path dir) throws Exception {
        HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")));
        {
            for (String id : List.of("run-1", "run-2")) {
                store.record(FixRuns.of(HistoryRuns.record(id), java.util.Optional.of("repofix-out/report.json")));
            }
            Path out = dir.resolve("site");

            Path index = site.write(store.runs(RunFilter.all()), store::savedRecord, out);

            String html = Files.readString(index);
            assertThat(row(html, "run-1")).contains("<a href=\"records/run-1.json\"").doesNotContain("repofix-out");
            assertThat(row(html, "run-2")).contains("<a href=\"records/run-2.json\"");
            assertThat(Files.readString(out.resolve("records/run-1.json"))).contains("\"run-1\"")
                    .doesNotContain("\"run-2\"");
            assertThat(Files.readString(out.resolve("records/run-2.json"))).contains("\"run-2\"");
            assertThat(java.nio.file.Files.getPosixFilePermissions(index))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            assertThat(java.nio.file.Files.getPosixFilePermissions(out.resolve("records/run-1.json")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            assertThat(java.nio.file.Files.getPosixFilePermissions(out.resolve("records")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aRunIdThatIsNoPlainFileNameGetsAFileOfItsOwn() {
        assertThat(DashboardSite.fileName("run-7.a")).isEqualTo("run-7.a.json");
        assertThat(DashboardSite.fileName("2026-11-20T01:00:00Z")).isEqualTo("2026-11-20T01_3a00_3a00Z.json");
        assertThat(DashboardSite.fileName("../x")).isEqualTo("_2e._2fx.json");
        assertThat(DashboardSite.fileName("a/b")).isNotEqualTo(DashboardSite.fileName("a_b"));
    }

    @Test
    void theStageChartHasNoLegendForASeriesWithNoData() {
        String html = site.render(List.of(eval("r1", "2026-11-20T01:00:00Z", "builtin", 4, 1).counts(3, 2).run()));

        assertThat(html).contains("id=\"stages-chart\"");
        assertThat(html).as("no run was judged").doesNotContain("text-anchor=\"start\">issue score")
                .contains("text-anchor=\"start\">fixed");
        assertThat(points(html, "fixed")).containsExactly("2026-11-20=0.2500");
    }

    @Test
    void saysWhichFolderCouldNotBeWritten(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");

        assertThatThrownBy(() -> site.write(List.of(), file))
                .isInstanceOf(DashboardException.class)
                .hasMessageContaining(file.resolve("index.html").toString())
                .hasMessageContaining("give --out a folder");
    }

    /** "day=value" of each point of the named series, in page order. */
    private static List<String> points(String html, String series) {
        List<String> found = new ArrayList<>();
        Matcher m = POINT.matcher(html);
        while (m.find()) {
            if (m.group(1).equals(series)) {
                found.add(m.group(2) + "=" + m.group(3));
            }
        }
        return found;
    }

    private static String section(String html, String id) {
        int start = html.indexOf("<section id=\"" + id + "\">");
        assertThat(start).as("section " + id).isNotNegative();
        return html.substring(start, html.indexOf("</section>", start));
    }

    private static String row(String html, String run) {
        int start = html.indexOf("<tr data-run=\"" + run + "\">");
        assertThat(start).as("row of run " + run).isNotNegative();
        return html.substring(start, html.indexOf("</tr>", start));
    }
}
