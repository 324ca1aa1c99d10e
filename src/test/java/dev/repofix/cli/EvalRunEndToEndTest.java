package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval run} on a case file of real pytest cases: gold passes every case,
 * the empty patch none, the builtin engine what its templates reach; shards merge into
 * the whole run and the report recomputes the figures from the saved results.
 */
class EvalRunEndToEndTest {
    @TempDir
    Path temp;

    /** The folders eval runs made under {@code workDir} that are still there. */
    static List<String> evalFolders(Path workDir) throws IOException {
        if (!Files.isDirectory(workDir)) {
            return List.of();
        }
        try (var list = Files.list(workDir)) {
            return list.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("repofix-eval-")).toList();
        }
    }

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void goldPassesEveryCaseAndTheEmptyPatchNone() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);

        RunOutput gold = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("gold").toString());
        RunOutput empty = eval("eval", "run", "--cases", cases.toString(), "--model", "empty", "--out",
                temp.resolve("empty").toString());

        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        assertThat(evalFolders(temp.resolve("work"))).as("mirrors, clones and copies removed, folder and all")
                .isEmpty();
        assertThat(gold.stderr()).contains("[4/4]").contains("4 pass");
        assertThat(results(temp.resolve("gold"))).extracting(r -> r.path("status").asText() + " "
                + r.path("record").path("status").asText()).containsOnly("SCORED FIXED").hasSize(4);
        assertThat(empty.exitCode()).as(empty.stderr()).isZero();
        assertThat(results(temp.resolve("empty"))).extracting(r -> r.path("record").path("status").asText())
                .containsOnly("NOT_FIXED").hasSize(4);
        assertThat(gold.stdout()).contains("4 case run(s) this time").contains("(removed)");

        RunOutput report = eval("eval", "report", "--results", temp.resolve("gold").toString(), "--out",
                temp.resolve("gold-report").toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        assertThat(Files.readString(temp.resolve("gold-report/report.md"))).contains("100");
    }

    @Test
    void twoShardsMergeIntoTheWholeRunAndTheBuiltinEngineFixesWhatItsTemplatesReach() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);

        RunOutput first = eval("eval", "run", "--cases", cases.toString(), "--shard", "1/2", "--out",
                temp.resolve("s1").toString());
        RunOutput second = eval("eval", "run", "--cases", cases.toString(), "--shard", "2/2", "--out",
                temp.resolve("s2").toString());
        RunOutput merged = eval("eval", "merge", temp.resolve("s1").toString(), temp.resolve("s2").toString(),
                "--out", temp.resolve("all").toString());

        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(second.exitCode()).as(second.stderr()).isZero();
        assertThat(results(temp.resolve("s1"))).extracting(r -> r.path("case_id").asText())
                .containsExactlyInAnyOrder("ages-adult", "ages-last");
        assertThat(merged.exitCode()).as(merged.stderr()).isZero();
        List<JsonNode> all = results(temp.resolve("all"));
        assertThat(all).extracting(r -> r.path("case_id").asText())
                .containsExactlyInAnyOrder("ages-adult", "ages-teen", "ages-last", "text-shout");
        assertThat(all).filteredOn(r -> r.path("case_id").asText().equals("ages-adult"))
                .extracting(r -> r.path("record").path("status").asText()).containsExactly("FIXED");
        // s.lower() for s.upper(): the Python syntax-tree templates' similar-method reaches it
        assertThat(all).filteredOn(r -> r.path("case_id").asText().equals("text-shout"))
                .extracting(r -> r.path("record").path("status").asText()).containsExactly("FIXED");
    }

    @Test
    void aSecondRunOnTheSameOutputKeepsWhatIsFinishedAndRunsNothingAgain() {
        Path cases = EvalFixtures.caseFile(temp);
        String out = temp.resolve("gold").toString();

        eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out", out);
        RunOutput again = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out", out);

        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.stdout()).contains("0 case run(s) this time, 4 kept from before");
    }

    @Test
    void aCaseWhoseTestsDoNotFailAtTheBaseIsBrokenNotScored() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        // The first case without its test part: nothing fails at the base commit.
        List<String> lines = Files.readAllLines(cases);
        ObjectMapper json = new ObjectMapper();
        var first = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(lines.get(0));
        ((com.fasterxml.jackson.databind.node.ObjectNode) first.path("patch")).put("test", "");
        Files.writeString(cases, first + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(results(temp.resolve("out"))).extracting(r -> r.path("status").asText() + ": "
                + r.path("error").asText()).singleElement().asString()
                .startsWith("BROKEN: no test fails at the base commit");
    }

    static List<JsonNode> results(Path out) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(out.resolve("cases"))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().map(p -> {
                try {
                    return json.readTree(p.toFile());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }
}
