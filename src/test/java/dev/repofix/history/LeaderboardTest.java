package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.history.Leaderboard.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeaderboardTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T05:00:00Z"), ZoneOffset.UTC);

    /** A case of {@code setting}: SCORED and fixed or not, or another status; priced at {@code usd} when given. */
    static CaseScore score(String caseId, String setting, String status, boolean fixed, double f1, double usd,
            long millis) {
        boolean scored = status.equals("SCORED");
        return new CaseScore(caseId + (setting.isEmpty() ? "" : "." + setting), caseId,
                setting.isEmpty() ? Optional.empty() : Optional.of(setting), status, scored && f1 > 0, scored,
                scored && (fixed || f1 > 0.4), scored && fixed, f1, f1, f1, OptionalDouble.empty(), 100,
                usd < 0 ? OptionalDouble.empty() : OptionalDouble.of(usd), millis,
                scored ? Optional.empty() : Optional.of("it broke"));
    }

    private static Leaderboard twoModels() {
        Leaderboard.Entry strong = new Leaderboard.Entry("runs/strong", "openai:strong", "", List.of(
                score("calc-1", "", "SCORED", true, 1.0, 0.30, 60_000),
                score("calc-2", "", "SCORED", true, 0.5, 0.30, 30_000),
                score("calc-3", "", "ERROR", false, 0, -1, 10_000)));
        Leaderboard.Entry weak = new Leaderboard.Entry("runs/weak", "openai:weak", "", List.of(
                score("calc-1", "", "SCORED", true, 0.5, -1, 20_000),
                score("calc-2", "", "SCORED", false, 0.3, -1, 20_000),
                score("calc-3", "", "SCORED", false, 0, -1, 20_000)));
        return Leaderboard.of(List.of(weak, strong));
    }

    @Test
    void ranksRunsByResolvedShareWithApplyF1CostPerResolvedAndTimePerCase() {
        Leaderboard board = twoModels();

        assertThat(board.rows()).extracting(Leaderboard.Row::label).containsExactly("runs/strong", "runs/weak");
        Leaderboard.Row strong = board.rows().get(0);
        assertThat(strong.scored()).isEqualTo(2);
        assertThat(strong.resolved()).isEqualTo(2);
        assertThat(strong.applied()).isEqualTo(2);
        assertThat(strong.meanF1()).isEqualTo(0.75);
        assertThat(strong.costPerResolved()).hasValue(0.30);
        assertThat(strong.meanMillis()).isEqualTo(100_000 / 3.0);
        assertThat(strong.notScored()).isEqualTo(1);
        Leaderboard.Row weak = board.rows().get(1);
        assertThat(weak.resolved()).isEqualTo(1);
        assertThat(weak.scored()).isEqualTo(3);
        assertThat(weak.costPerResolved()).isEmpty();
    }

    @Test
    void listsTheCasesResolvedBySomeRunsButNotAll() {
        Leaderboard board = twoModels();

        assertThat(board.disagreements()).containsExactly(
                new Leaderboard.Disagreement("calc-2", List.of(Outcome.RESOLVED, Outcome.NOT_RESOLVED)));
        Leaderboard.Entry absent = new Leaderboard.Entry("runs/other", "m", "oracle",
                List.of(score("calc-9", "oracle", "SCORED", true, 1, -1, 1)));
        Leaderboard.Entry broken = new Leaderboard.Entry("runs/broken", "m", "origin",
                List.of(score("calc-9", "origin", "BROKEN", false, 0, -1, 1)));
        Leaderboard.Entry other = new Leaderboard.Entry("runs/none", "m", "",
                List.of(score("calc-8", "", "SCORED", true, 1, -1, 1)));
        // Rows: runs/none and runs/other resolve all they scored, runs/broken scored nothing.
        assertThat(Leaderboard.of(List.of(absent, broken, other)).disagreements()).containsExactly(
                new Leaderboard.Disagreement("calc-8", List.of(Outcome.RESOLVED, Outcome.ABSENT, Outcome.ABSENT)),
                new Leaderboard.Disagreement("calc-9", List.of(Outcome.ABSENT, Outcome.RESOLVED, Outcome.NOT_SCORED)));
    }

    @Test
    void markdownHasTheFiguresAndTheDisagreementsWithUntrustedTextEscaped() {
        Leaderboard.Entry hostile = new Leaderboard.Entry("runs/<img src=x>|pwn", "m|x", "", List.of(
                score("calc-1", "", "SCORED", true, 1, -1, 1000), score("a|b`c", "", "SCORED", true, 1, -1, 1000)));
        Leaderboard.Entry other = new Leaderboard.Entry("runs/b", "m", "", List.of(
                score("calc-1", "", "SCORED", true, 1, -1, 1000), score("a|b`c", "", "SCORED", false, 0, -1, 1000)));

        String md = LeaderboardTables.markdown(Leaderboard.of(List.of(hostile, other)));

        assertThat(md).contains("| resolved ", "| Apply ", "| F1 (mean) ", "| cost per resolved ", "| time per case ")
                .contains("2/2 (100.0%)", "1/2 (50.0%)", "1.0 s")
                .contains("1 case resolved by some runs, not all")
                .contains("runs/\\<img src=x>\\|pwn", "a\\|b\\`c").doesNotContain("runs/<img", "a|b`c");
        // Every row keeps its column count: no cell's pipe split it.
        md.lines().filter(l -> l.startsWith("|")).forEach(l ->
                assertThat(l.replace("\\|", "").chars().filter(c -> c == '|').count()).isIn(11L, 4L));
    }

    @Test
    void jsonCarriesTheSameFigures() throws Exception {
        JsonNode json = new ObjectMapper().readTree(LeaderboardTables.json(twoModels()));

        assertThat(json.at("/runs/0/label").asText()).isEqualTo("runs/strong");
        assertThat(json.at("/runs/0/resolved").asInt()).isEqualTo(2);
        assertThat(json.at("/runs/0/cost_per_resolved_usd").asDouble()).isEqualTo(0.30);
        assertThat(json.at("/runs/1/cost_per_resolved_usd").isNull()).isTrue();
        assertThat(json.at("/disagreements/0/case_id").asText()).isEqualTo("calc-2");
        assertThat(json.at("/disagreements/0/outcomes/1").asText()).isEqualTo("NOT_RESOLVED");
    }

    @Test
    void dashboardComparesTheLatestEvalRunOfEachModelAndSettingWithNamesEscaped(@TempDir java.nio.file.Path dir) {
        HistoryStore history = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")));
        history.record(eval("eval-old", "2026-11-20T10:00:00Z", "openai:strong", List.of(
                score("calc-1", "", "SCORED", false, 0, -1, 1000), score("calc-2", "", "SCORED", false, 0, -1, 1000))));
        history.record(eval("eval-new", "2026-11-22T10:00:00Z", "openai:strong", List.of(
                score("calc-1", "", "SCORED", true, 1, 0.5, 1000), score("calc-2", "", "SCORED", true, 1, 0.5, 1000))));
        history.record(eval("eval-weak", "2026-11-21T10:00:00Z", "<b>weak</b>", List.of(
                score("calc-1", "", "SCORED", false, 0, -1, 1000),
                score("calc-2<script>", "", "SCORED", true, 1, -1, 1000))));

        String page = new DashboardSite(CLOCK).render(history);

        String compare = page.substring(page.indexOf("<section id=\"compare\">"), page.indexOf("<section id=\"latest\">"));
        assertThat(compare).contains("<tr data-compare-run=\"eval-new\">").doesNotContain("eval-old")
                .contains("<td>2/2 (100.0%)</td>", "<td>1/2 (50.0%)</td>", "<td>$0.5000</td>", "&lt;b&gt;weak&lt;/b&gt;")
                .contains("<tr data-disagree=\"calc-1\"><td>calc-1</td><td>resolved</td><td>not resolved</td></tr>")
                .contains("<tr data-disagree=\"calc-2\"><td>calc-2</td><td>resolved</td><td>-</td></tr>")
                .contains("<td>calc-2&lt;script&gt;</td><td>-</td><td>resolved</td>")
                .doesNotContain("<script", "<b>");
        assertThat(new DashboardSite(CLOCK).render(List.of())).doesNotContain("id=\"compare\"");
    }

    private static StoredRun eval(String id, String startedAt, String model, List<CaseScore> cases) {
        return new EvalRuns(id, Instant.parse(startedAt), "cases.jsonl", "schedule", model, Map.of(),
                Duration.ofMinutes(1), Optional.empty(), cases, List.of(), List.of()).stored();
    }
}
