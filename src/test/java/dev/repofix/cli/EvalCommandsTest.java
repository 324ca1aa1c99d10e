package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.eval.result.ResultDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

/** {@code repofix eval merge | report | export} through the command line, on real result folders. */
class EvalCommandsTest {
    @TempDir
    Path temp;

    private RunOutput repofix(String... args) {
        // the eval commands write no run record: nothing for RunOutput to check the schema of
        return RunOutput.run(temp.resolve("tmp"), temp.resolve("no-run-record"), args);
    }

    @Test
    void parsesMergeShardsOutAndAllowPartial() {
        EvalMergeCommand merge = CommandLine.populateCommand(new EvalMergeCommand(), "a", "b", "--out", "m",
                "--allow-partial");

        assertThat(merge.shards).containsExactly(Path.of("a"), Path.of("b"));
        assertThat(merge.out).isEqualTo(Path.of("m"));
        assertThat(merge.allowPartial).isTrue();
    }

    @Test
    void parsesExportFilters() {
        EvalExportCommand export = CommandLine.populateCommand(new EvalExportCommand(), "--format", "swebench",
                "--results", "r", "--out", "p.jsonl", "--setting", "oracle", "--sample", "2");

        assertThat(export.input.results).isEqualTo(Path.of("r"));
        assertThat(export.setting).isEqualTo("oracle");
        assertThat(export.sample).isEqualTo(2);
    }

    @Test
    void mergeJoinsShardsAndReportsTheCount() {
        Path a = ResultDirs.shard(temp.resolve("a"), 1, 2, ResultDirs.SHA, "c1", "c2");
        Path b = ResultDirs.shard(temp.resolve("b"), 2, 2, ResultDirs.SHA, "c3");

        RunOutput run = repofix("eval", "merge", a.toString(), b.toString(), "--out", temp.resolve("m").toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).contains("merged 3 results from 2 folder(s)");
        assertThat(temp.resolve("m/cases/c3.json")).exists();
    }

    @Test
    void mergeRefusesAMissingShardWithExitTwoAndNamesIt() {
        Path a = ResultDirs.shard(temp.resolve("a"), 1, 2, ResultDirs.SHA, "c1");

        RunOutput run = repofix("eval", "merge", a.toString(), "--out", temp.resolve("m").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("repofix: error: cannot merge: missing shard 2/2 of cases.jsonl");
    }

    @Test
    void mergeAllowPartialWarnsAndSucceeds() {
        Path a = ResultDirs.shard(temp.resolve("a"), 1, 2, ResultDirs.SHA, "c1");

        RunOutput run = repofix("eval", "merge", a.toString(), "--out", temp.resolve("m").toString(),
                "--allow-partial");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stderr()).contains("repofix: warning: merged without shard 2/2");
    }

    @Test
    void mergeRefusesOverlappingShardsNamingBothFolders() {
        Path a = ResultDirs.shard(temp.resolve("a"), 1, 2, ResultDirs.SHA, "c1");
        Path b = ResultDirs.shard(temp.resolve("b"), 2, 2, ResultDirs.SHA, "c1");

        RunOutput run = repofix("eval", "merge", a.toString(), b.toString(), "--out", temp.resolve("m").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("case c1 is in both " + a + " and " + b);
    }

    @Test
    void reportWritesMarkdownJsonAndCsv() throws Exception {
        Path results = ResultDirs.run(temp.resolve("r"), "fixed", "missed");

        RunOutput run = repofix("eval", "report", "--results", results.toString(), "--out",
                temp.resolve("report").toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(temp.resolve("report/report.md"))).containsPattern(
                "\\| all +\\| 2 +\\|.*\\| 50\\.0% \\(1/2\\) +\\| 100\\.0% \\(1/1\\) +\\|");
        assertThat(new ObjectMapper().readTree(temp.resolve("report/report.json").toFile()).at("/results/scored")
                .asInt()).isEqualTo(2);
        assertThat(Files.readAllLines(temp.resolve("report/cases.csv"))).hasSize(3);
        assertThat(run.stdout()).contains("report.md").contains("cases.csv");
    }

    @Test
    void reportCompareShowsRunsSideBySideAndTheCasesTheyDisagreeOn() throws Exception {
        Path a = ResultDirs.run(temp.resolve("a"), "calc-1", "calc-2");
        Path b = ResultDirs.run(temp.resolve("b"), "calc-2", "calc-1");

        RunOutput md = repofix("eval", "report", "--compare", a.toString(), b.toString());
        RunOutput json = repofix("eval", "report", "--compare", a.toString(), b.toString(), "--format", "json",
                "--out", temp.resolve("cmp").toString());

        assertThat(md.exitCode()).as(md.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(md.stdout()).contains("# repofix eval runs compared", "| resolved ", "| Apply ", "| F1 (mean) ",
                "| cost per resolved ", "| time per case ", a.toString(), b.toString(), "1/2 (50.0%)")
                .contains("2 cases resolved by some runs, not all")
                .containsPattern("\\| calc-1 +\\| (resolved +\\| not resolved|not resolved +\\| resolved) +\\|");
        assertThat(json.exitCode()).as(json.stderr()).isEqualTo(ExitCodes.OK);
        com.fasterxml.jackson.databind.JsonNode tree = new ObjectMapper().readTree(json.stdout());
        assertThat(tree.at("/runs").size()).isEqualTo(2);
        assertThat(tree.at("/runs/0/resolved").asInt()).isEqualTo(1);
        assertThat(tree.at("/disagreements").size()).isEqualTo(2);
        assertThat(temp.resolve("cmp/compare.md")).content().contains("2 cases resolved by some runs, not all");
        assertThat(temp.resolve("cmp/compare.json")).exists();
    }

    @Test
    void reportCompareNeedsTwoFoldersAndReportResultsStillNeedsOut() {
        Path a = ResultDirs.run(temp.resolve("a"), "calc-1", "calc-2");

        RunOutput one = repofix("eval", "report", "--compare", a.toString());
        RunOutput noOut = repofix("eval", "report", "--results", a.toString());

        assertThat(one.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(noOut.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(noOut.stderr()).contains("needs --out");
    }

    @Test
    void reportOfAFolderWithoutResultsExitsTwo() {
        RunOutput run = repofix("eval", "report", "--results", temp.resolve("none").toString(), "--out",
                temp.resolve("report").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("no results in");
    }

    @Test
    void exportWritesSwebenchPredictions() throws Exception {
        Path results = ResultDirs.run(temp.resolve("r"), "acme__calc-1", "acme__calc-2");
        Path preds = temp.resolve("preds.jsonl");

        RunOutput run = repofix("eval", "export", "--format", "swebench", "--results", results.toString(), "--out",
                preds.toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        List<String> lines = Files.readAllLines(preds);
        assertThat(lines).hasSize(2);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(lines.get(0)).path("instance_id").asText()).isEqualTo("acme__calc-1");
        assertThat(json.readTree(lines.get(0)).path("model_patch").asText()).isEqualTo(ResultDirs.fixDiff());
        assertThat(json.readTree(lines.get(1)).path("model_patch").asText()).isEmpty();
    }

    @Test
    void exportOnlyValidWritesOnlyProvenPatchesAndSaysHowManyItLeftOut() throws Exception {
        Path results = ResultDirs.run(temp.resolve("r"), "acme__calc-1", "acme__calc-2");
        Path preds = temp.resolve("preds.jsonl");

        RunOutput run = repofix("eval", "export", "--format", "swebench", "--results", results.toString(), "--out",
                preds.toString(), "--only-valid");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        List<String> lines = Files.readAllLines(preds);
        assertThat(lines).hasSize(1);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(lines.get(0)).path("instance_id").asText()).isEqualTo("acme__calc-1");
        assertThat(json.readTree(lines.get(0)).path("repofix_proven").asBoolean()).isTrue();
        assertThat(run.stdout()).contains("wrote 1 predictions to").contains("left out 1 case(s)");
    }

    @Test
    void exportOnlyValidOfACaseFileIsAUsageError() {
        RunOutput run = repofix("eval", "export", "--format", "swebench", "--cases", temp.resolve("c.jsonl").toString(),
                "--out", temp.resolve("p.jsonl").toString(), "--only-valid");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("--only-valid filters a run's predictions (--results)");
    }

    @Test
    void exportRefusesAnUnsupportedFormatListingTheSupportedOnes() {
        Path results = ResultDirs.run(temp.resolve("r"), "a", "b");

        RunOutput run = repofix("eval", "export", "--format", "defects4j", "--results", results.toString(), "--out",
                temp.resolve("p.jsonl").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("unsupported export format 'defects4j'; supported: swebench");
        assertThat(temp.resolve("p.jsonl")).doesNotExist();
    }
}
