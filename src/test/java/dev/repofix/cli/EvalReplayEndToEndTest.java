package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval run --model replay:FILE} over the pytest fixture cases, with answers
 * recorded in the format {@code --record} writes: a right patch, a wrong one, and prose
 * where JSON was asked. Each is scored as what it is, and the report's figures are the
 * ones counted by hand from those answers.
 */
class EvalReplayEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROSE = "I looked at the code and I think the comparison is wrong somewhere.";

    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void recordedAnswersAreScoredAsWhatTheyAreAndTheReportCountsThem() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        List<String> recording = new ArrayList<>();
        // ages-adult: every stage answers, the patch is the fix.
        answers(recording, "ages-adult", issue("18 is not adult"),
                List.of(locations("lib/ages.py", 2, "    return age > 18")),
                List.of(patch("lib/ages.py", 2, "    return age > 18", "    return age >= 18")));
        // ages-teen: every stage answers, the patch applies but does not fix.
        answers(recording, "ages-teen", issue("13 is not teen"),
                List.of(locations("lib/ages.py", 6, "    return 13 < age <= 19")),
                List.of(patch("lib/ages.py", 6, "    return 13 < age <= 19", "    return 13 < age < 20")));
        // ages-last: the localization is prose on every attempt (k = 3): it never loads.
        answers(recording, "ages-last", issue("last is wrong"), List.of(PROSE, PROSE, PROSE), List.of());
        // text-shout: the localization loads, the patch is prose on every attempt.
        answers(recording, "text-shout", issue("shout whispers"),
                List.of(locations("lib/text.py", 2, "    return s.lower() + \"!\"")), List.of(PROSE, PROSE, PROSE));
        Path replay = temp.resolve("recorded.jsonl");
        Files.writeString(replay, String.join("\n", recording) + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "replay:" + replay, "--out",
                temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Map<String, JsonNode> byCase = byCase(temp.resolve("out"));
        assertThat(byCase.get("ages-adult").path("record").path("status").asText()).isEqualTo("FIXED");
        JsonNode teen = byCase.get("ages-teen");
        assertThat(teen.path("status").asText()).isEqualTo("SCORED");
        assertThat(teen.path("record").path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(teen.path("record").path("candidates")).extracting(c -> c.path("validation").path("verdict").asText())
                .contains("TESTS_FAIL");
        for (String unparseable : List.of("ages-last", "text-shout")) {
            JsonNode r = byCase.get(unparseable);
            assertThat(r.path("status").asText()).as(unparseable + ": a model's miss, not infrastructure")
                    .isEqualTo("SCORED");
            assertThat(r.path("record").path("status").asText()).as(unparseable).isEqualTo("STAGE_FAILED");
            assertThat(r.path("record").path("error").path("kind").asText()).as(unparseable).isEqualTo("MODEL");
        }

        JsonNode overall = report(temp.resolve("out")).path("settings").get(0).path("overall");
        // By hand: 4 cases scored; 1 fixed (ages-adult); 3 localizations parsed (all but ages-last).
        assertThat(overall.path("cases").asInt()).isEqualTo(4);
        assertThat(rate(overall.path("pass"))).isEqualTo("1/4");
        assertThat(rate(overall.path("loads"))).isEqualTo("3/4");
        assertThat(rate(overall.path("apply"))).isEqualTo("2/4");
    }

    @Test
    void aSettingDecidesWhatTheReplayedPatchStageIsGivenAndResultsAreKeptPerSetting() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        List<String> recording = new ArrayList<>();
        // Each case's patch stage is asked once per setting: two answers each, the same both times.
        for (EvalFixtures.Bug b : EvalFixtures.BUGS) {
            String answer = b.id().equals("ages-teen") ? PROSE : patch(b.file(), b.line(), b.before(), b.after());
            int times = b.id().equals("ages-teen") ? 6 : 2;
            for (int i = 0; i < times; i++) {
                recording.add(exchange("patch", b.id(), answer));
            }
        }
        Path replay = temp.resolve("patches.jsonl");
        Files.writeString(replay, String.join("\n", recording) + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "replay:" + replay, "--setting",
                "patch:oracle,patch:oracle.loc", "--out", temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve("out"));
        assertThat(results).hasSize(8);
        Map<String, List<JsonNode>> bySetting = results.stream()
                .collect(Collectors.groupingBy(r -> r.path("setting").asText()));
        assertThat(bySetting).containsOnlyKeys("patch-oracle", "patch-oracle_loc");
        for (JsonNode r : bySetting.get("patch-oracle_loc")) {
            assertThat(lines(r.path("record").path("locations"))).as("oracle.loc is given the reference lines")
                    .isEqualTo(lines(r.path("reference").path("locations")));
        }
        for (JsonNode r : bySetting.get("patch-oracle")) {
            assertThat(lines(r.path("record").path("locations"))).as("oracle is given no lines").isEmpty();
        }
        for (JsonNode r : results) {
            String id = r.path("case_id").asText();
            assertThat(r.path("record").path("issue").path("title").asText()).as("oracle shows the reference issue")
                    .isEqualTo(EvalFixtures.BUGS.stream().filter(b -> b.id().equals(id)).findFirst().orElseThrow()
                            .title());
            assertThat(r.path("record").path("status").asText()).as(id)
                    .isEqualTo(id.equals("ages-teen") ? "STAGE_FAILED" : "FIXED");
        }

        JsonNode report = report(temp.resolve("out"));
        Map<String, JsonNode> settings = new java.util.TreeMap<>();
        report.path("settings").forEach(s -> settings.put(s.path("setting").asText(), s.path("overall")));
        assertThat(settings).containsOnlyKeys("patch-oracle", "patch-oracle_loc");
        settings.values().forEach(o -> assertThat(rate(o.path("pass"))).isEqualTo("3/4"));
    }

    @Test
    void aContextSweepGivesOneResultPerBudgetAndTheReportChartsOnePointPerBudget() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        List<String> recording = new ArrayList<>();
        // Budgets run in increasing order per case: ages-teen's first answer (2k) misses, its second (8k) fixes.
        for (EvalFixtures.Bug b : EvalFixtures.BUGS) {
            String right = patch(b.file(), b.line(), b.before(), b.after());
            recording.add(exchange("patch", b.id(), b.id().equals("ages-teen")
                    ? patch(b.file(), b.line(), b.before(), "    return 13 < age < 20") : right));
            recording.add(exchange("patch", b.id(), right));
        }
        Path replay = temp.resolve("sweep.jsonl");
        Files.writeString(replay, String.join("\n", recording) + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "replay:" + replay, "--setting",
                "patch:oracle.loc", "--context", "2k,8k", "--out", temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve("out"));
        assertThat(results).extracting(r -> r.path("case_id").asText() + "@" + r.path("context_tokens").asInt())
                .containsExactlyInAnyOrder("ages-adult@2048", "ages-adult@8192", "ages-teen@2048", "ages-teen@8192",
                        "ages-last@2048", "ages-last@8192", "text-shout@2048", "text-shout@8192");
        assertThat(results).filteredOn(r -> !r.path("record").path("status").asText().equals("FIXED"))
                .extracting(r -> r.path("case_id").asText() + "@" + r.path("context_tokens").asInt())
                .containsExactly("ages-teen@2048");
        JsonNode report = report(temp.resolve("out"));
        assertThat(report.path("settings")).as("one setting, swept over two budgets").hasSize(1);
        JsonNode setting = report.path("settings").get(0);
        assertThat(setting.path("sweep")).extracting(a -> a.path("group").asText() + " " + rate(a.path("pass")))
                .containsExactly("2048 3/4", "8192 4/4");
        Path chart;
        try (var files = Files.list(temp.resolve("report-out"))) {
            chart = files.filter(f -> f.getFileName().toString().endsWith(".svg")).findFirst().orElseThrow(
                    () -> new AssertionError("no SVG chart in the report"));
        }
        String svg = Files.readString(chart);
        assertThat(svg).contains("<circle class=\"pass\" data-budget=\"2048\" data-value=\"0.7500\"")
                .contains("<circle class=\"pass\" data-budget=\"8192\" data-value=\"1.0000\"");
        assertThat(svg.split("<circle class=\"pass\"", -1)).as("one point per budget").hasSize(3);
    }

    private JsonNode report(Path results) throws IOException {
        Path dir = temp.resolve("report-" + results.getFileName());
        RunOutput report = eval("eval", "report", "--results", results.toString(), "--out", dir.toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        return JSON.readTree(dir.resolve("report.json").toFile());
    }

    private static Map<String, JsonNode> byCase(Path out) throws IOException {
        return EvalRunEndToEndTest.results(out).stream()
                .collect(Collectors.toMap(r -> r.path("case_id").asText(), Function.identity()));
    }

    private static String rate(JsonNode r) {
        return r.path("hits").asInt() + "/" + r.path("n").asInt();
    }

    private static List<String> lines(JsonNode locations) {
        List<String> out = new ArrayList<>();
        locations.forEach(l -> out.add(l.path("file").asText() + ":" + l.path("line").asInt()));
        return out.stream().sorted().toList();
    }

    /** The issue answer, then the localization answers, then the patch answers of one case. */
    private static void answers(List<String> recording, String caseId, String issue, List<String> localize,
            List<String> patch) {
        recording.add(exchange("issue", caseId, issue));
        localize.forEach(a -> recording.add(exchange("localize", caseId, a)));
        patch.forEach(a -> recording.add(exchange("patch", caseId, a)));
    }

    /** One line of a recording, as {@code RecordingChatClient} writes it. */
    private static String exchange(String stage, String caseId, String text) {
        ObjectNode e = JSON.createObjectNode().put("stage", stage).put("caseId", caseId)
                .put("request_hash", "recorded-elsewhere").put("text", text).put("model", "recorded-model")
                .put("input_tokens", 1000).put("output_tokens", 50);
        return e.toString();
    }

    private static String issue(String title) {
        return JSON.createObjectNode().put("title", title).put("description", title + " in a test")
                .put("explanation", "a comparison is off").put("bugType", "off-by-one").toString();
    }

    private static String locations(String file, int line, String content) {
        return "[" + JSON.createObjectNode().put("file", file).put("line", line).put("content", content)
                .put("reason", "the comparison").toString() + "]";
    }

    private static String patch(String file, int line, String before, String after) {
        return JSON.createObjectNode().put("diff", "--- a/" + file + "\n+++ b/" + file + "\n@@ -" + line + " +" + line
                + " @@\n-" + before + "\n+" + after + "\n").toString();
    }
}
