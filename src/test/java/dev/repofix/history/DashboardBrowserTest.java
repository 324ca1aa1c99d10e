package dev.repofix.history;

import static dev.repofix.history.DashboardRuns.eval;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real browser: headless chromium opens the written page from file, and its DOM,
 * console and a screenshot are checked. Needs Debian's chromium; run by .ci/run.
 */
@Tag("browser")
class DashboardBrowserTest {
    /** Kept after the run, under the build folder, so a person can look at the page. */
    static final Path SCREENSHOT = Path.of("target", "dashboard-browser", "dashboard.png");

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T05:00:00Z"), ZoneOffset.UTC);

    @Test
    void pageFromFileRendersItsChartsWithoutConsoleErrors(@TempDir Path dir) throws Exception {
        Path index = new DashboardSite(CLOCK).write(twoWeeksOfRuns(), dir.resolve("site"));
        DashboardChromium chromium = new DashboardChromium(dir);

        DashboardChromium.Output dom = chromium.dumpDom(index);

        assertThat(count(dom.stdout(), "<svg ")).isEqualTo(3);
        assertThat(dom.stdout()).contains("id=\"success-chart\"", "id=\"stages-chart\"", "id=\"cost-chart\"");
        // Two models' lines and four stages' lines, each over more than one day.
        assertThat(count(dom.stdout(), "<polyline ")).isEqualTo(6);
        assertThat(count(dom.stdout(), "<circle class=\"point\"")).isGreaterThan(20);
        assertThat(count(dom.stdout(), "<tr data-run=")).isEqualTo(14);
        assertThat(dom.consoleLines()).isEmpty();
    }

    @Test
    void screenshotShowsTheChartsDrawn(@TempDir Path dir) throws Exception {
        Path index = new DashboardSite(CLOCK).write(twoWeeksOfRuns(), dir.resolve("site"));
        Files.deleteIfExists(SCREENSHOT);

        DashboardChromium.Output shot = new DashboardChromium(dir).screenshot(index, SCREENSHOT, 1280, 1600);

        assertThat(shot.consoleLines()).isEmpty();
        BufferedImage image = ImageIO.read(SCREENSHOT.toFile());
        assertThat(image.getWidth()).isEqualTo(1280);
        // The first two series' colours are drawn: the charts were painted, not just put in the DOM.
        assertThat(pixels(image, 0x1f77b4)).isGreaterThan(200);
        assertThat(pixels(image, 0xd62728)).isGreaterThan(200);
    }

    @Test
    void emptyHistoryPageLoadsAndSaysSo(@TempDir Path dir) throws Exception {
        Path index = new DashboardSite(CLOCK).write(List.of(), dir.resolve("site"));

        DashboardChromium.Output dom = new DashboardChromium(dir).dumpDom(index);

        assertThat(dom.stdout()).contains("No runs yet").doesNotContain("<svg");
        assertThat(dom.consoleLines()).isEmpty();
    }

    @Test
    void evalRunsComparedRenderAsTablesWithoutConsoleErrors(@TempDir Path dir) throws Exception {
        HistoryStore history = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")));
        for (String model : List.of("builtin", "openai:gpt-4o-<mini>")) {
            boolean strong = model.startsWith("openai");
            history.record(new EvalRuns("eval-" + model.length(), Instant.parse("2026-11-20T10:00:00Z"),
                    "cases.jsonl", "schedule", model, java.util.Map.of(), java.time.Duration.ofMinutes(2),
                    java.util.Optional.empty(), List.of(HistoryRuns.score("calc-1", true),
                            HistoryRuns.score("calc-2", strong)), List.of(), List.of()).stored());
        }
        Path index = new DashboardSite(CLOCK).write(history, dir.resolve("site"));

        DashboardChromium.Output dom = new DashboardChromium(dir).dumpDom(index);

        assertThat(dom.stdout()).contains("<section id=\"compare\">");
        assertThat(count(dom.stdout(), "<tr data-compare-run=")).isEqualTo(2);
        assertThat(count(dom.stdout(), "<tr data-disagree=")).isEqualTo(1);
        assertThat(dom.stdout()).contains("openai:gpt-4o-&lt;mini&gt;");
        assertThat(dom.consoleLines()).isEmpty();
    }

    /** The console check itself: a page that logs an error and breaks its policy is caught. */
    @Test
    void consoleErrorsOfAPageAreSeen(@TempDir Path dir) throws Exception {
        Path page = Files.writeString(dir.resolve("noisy.html"), "<!DOCTYPE html><html><head>"
                + "<link rel=\"icon\" href=\"data:,\"></head><body><script>console.error('dashboard broke')</script>"
                + "</body></html>");

        DashboardChromium.Output dom = new DashboardChromium(dir).dumpDom(page);

        assertThat(dom.consoleLines()).anySatisfy(l -> assertThat(l).contains("dashboard broke"));
    }

    /** Two models over fourteen days, some runs priced, some judged, one with nothing scored. */
    private static List<RunSummary> twoWeeksOfRuns() {
        List<RunSummary> runs = new ArrayList<>();
        Instant start = Instant.parse("2026-11-10T02:00:00Z");
        for (int day = 0; day < 7; day++) {
            String at = start.plusSeconds(86_400L * 2 * day).toString();
            runs.add(eval("builtin-" + day, at, "builtin", 10, 2 + day % 4).counts(6, 5).issueScore(40 + day * 5)
                    .run());
            DashboardRuns model = eval("gpt-" + day, at, "openai:gpt-4o-<mini>", 10, 4 + day % 5).counts(8, 7)
                    .cost(0.4 + day * 0.1);
            runs.add(day == 3 ? model.fix("https://github.com/o/r", "0123456789abcdef", "reports/gpt-3.json").run()
                    : model.run());
        }
        return runs;
    }

    private static int count(String text, String what) {
        return (int) Pattern.compile(Pattern.quote(what)).matcher(text).results().count();
    }

    private static int pixels(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
            }
        }
        return n;
    }
}
