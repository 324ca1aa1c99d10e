package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Real runs recorded in the history and read back through the command line: eval runs with
 * gold and with the empty patch, a fix run of the bundled pytest example, their trend against
 * the runs' own results, a comparison case by case, and the same history rebuilt by import.
 */
class HistoryEndToEndTest {
    private static final Pattern RUN_ID = Pattern.compile("recorded run (\\S+) in the history");

    @TempDir
    Path temp;

    private RunOutput repofix(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void evalRunsRecordedWithHistoryTrendAndCompareAsTheirResultsSay() throws Exception {
        Path cases = EvalFixtures.caseFile(temp);
        String db = temp.resolve("history.db").toString();

        RunOutput gold = repofix("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("gold").toString(), "--history", db);
        RunOutput empty = repofix("eval", "run", "--cases", cases.toString(), "--model", "empty", "--out",
                temp.resolve("empty").toString(), "--history", db);
        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        assertThat(empty.exitCode()).as(empty.stderr()).isZero();
        String goldId = recorded(gold);
        String emptyId = recorded(empty);

        RunOutput trend = repofix("history", "trend", "--by", "model", "--history", db);
        assertThat(trend.exitCode()).as(trend.stderr()).isZero();
        assertThat(row(trend.stdout(), "gold")).contains("| 4 ").contains("100.0%");
        assertThat(row(trend.stdout(), "empty")).contains("0.0%");

        RunOutput compare = repofix("history", "compare", goldId, emptyId, "--history", db);
        assertThat(compare.exitCode()).as(compare.stderr()).isZero();
        assertThat(compare.stdout().lines().filter(l -> l.contains("| unfixed ")).count()).isEqualTo(4);

        RunOutput imported = repofix("history", "import", temp.toString(), "--history",
                temp.resolve("rebuilt.db").toString());
        assertThat(imported.exitCode()).as(imported.stderr()).isZero();
        assertThat(imported.stdout()).contains("imported 0 fix run(s) and 2 eval run(s)");
        RunOutput rebuilt = repofix("history", "trend", "--by", "model", "--history",
                temp.resolve("rebuilt.db").toString());
        assertThat(rebuilt.stdout()).isEqualTo(trend.stdout());

        RunOutput site = repofix("history", "dashboard", "--history", db, "--out", temp.resolve("site").toString());
        assertThat(site.exitCode()).as(site.stderr()).isZero();
        String page = Files.readString(temp.resolve("site").resolve("index.html"));
        assertThat(page).as("4 of the gold run's cases and none of the empty patch's were fixed")
                .contains("<strong id=\"success-rate\">50%</strong> fixed (4 of 8 cases)")
                .contains(goldId).contains(emptyId);

        RunOutput json = repofix("history", "export", "--format", "json", "--history", db);
        JsonNode runs = new ObjectMapper().readTree(json.stdout());
        assertThat(runs).hasSize(2);
        assertThat(runs.findValuesAsText("id")).containsExactlyInAnyOrder(goldId, emptyId);
    }

    @Test
    void aFixRunIsRecordedWithItsStagesCandidatesAndReport() throws Exception {
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("inventory"));
        String db = temp.resolve("history.db").toString();
        Path out = temp.resolve("out");

        RunOutput fix = RunOutput.run(temp.resolve("work"), out, "fix", "--repo", repo.toString(), "--out",
                out.toString(), "--history", db);

        assertThat(fix.exitCode()).as(fix.stderr()).isEqualTo(ExitCodes.OK);
        String id = recorded(fix);
        assertThat(id).isEqualTo(fix.report().path("runId").asText());
        RunOutput show = repofix("history", "show", id, "--history", db);
        assertThat(show.stdout()).contains("status     FIXED: 1 of 1 case(s) fixed").contains("VALID")
                .contains(out.resolve("report.json").toString());
        RunOutput list = repofix("history", "list", "--history", db);
        assertThat(list.stdout()).contains("| " + id + " ").contains("| fix ");
    }

    @Test
    void aStoreThatCannotBeReachedOnlyWarnsAndNeverShowsItsPassword() {
        java.io.StringWriter err = new java.io.StringWriter();
        boolean[] asked = {false};

        HistoryCommand.record("jdbc:postgresql://127.0.0.1:1/none?user=u&password=hunter2", temp, () -> {
            asked[0] = true;
            return dev.repofix.history.FixRuns.of(dev.repofix.report.RunResults.fixed(), java.util.Optional.empty());
        }, new java.io.PrintWriter(err, true));

        assertThat(asked[0]).isTrue();
        assertThat(err.toString()).contains("warning: the run was not recorded in the history")
                .contains("password=***").doesNotContain("hunter2");
    }

    @Test
    void historyOptionTakesAPathAURLOrNothing() {
        FixCommand bare = CommandLine.populateCommand(new FixCommand(null), "--history");
        FixCommand url = CommandLine.populateCommand(new FixCommand(null), "--history", "jdbc:postgresql://db/h");
        FixCommand none = CommandLine.populateCommand(new FixCommand(null));

        assertThat(bare.history.wanted()).isTrue();
        assertThat(bare.history.history).isEmpty();
        assertThat(url.history.history).isEqualTo("jdbc:postgresql://db/h");
        assertThat(none.history.wanted()).isFalse();
    }

    private static String recorded(RunOutput run) {
        Matcher m = RUN_ID.matcher(run.stderr());
        assertThat(m.find()).as(run.stderr()).isTrue();
        return m.group(1);
    }

    private static String row(String table, String key) {
        List<String> rows = table.lines().filter(l -> l.startsWith("| " + key + " ")).toList();
        assertThat(rows).as(table).hasSize(1);
        return rows.get(0);
    }

}
