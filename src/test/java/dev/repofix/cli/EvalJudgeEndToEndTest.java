package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.repofix.model.ChatCompletionBodies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval run --judge-model openai:...} against a local server speaking the
 * chat-completions wire format: the gold issues are judged and each result carries the
 * judge's marks; a judge that cannot be asked leaves the case scored, without marks.
 */
class EvalJudgeEndToEndTest {
    @RegisterExtension
    static WireMockExtension judge = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/chat/completions";
    private static final String KEY_VARIABLE = "EVAL_TEST_JUDGE_KEY";

    @TempDir
    Path temp;

    @Test
    void everyGoldIssueCarriesTheJudgesMarksAndTheirMeanTimesTen() throws IOException {
        judge.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion("judge-1",
                "{\"reproducibility\": 7, \"relevance\": 8, \"explanation\": 6, \"overall\": 9, "
                        + "\"reason\": \"names the failing test\"}", 900, 60))));
        Path cases = firstCases(2);

        RunOutput run = evalWithJudge(cases, temp.resolve("out"));

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve("out"));
        assertThat(results).hasSize(2).allSatisfy(r -> {
            assertThat(r.path("status").asText()).isEqualTo("SCORED");
            JsonNode score = r.path("issue_score");
            assertThat(List.of(score.path("reproducibility").asInt(), score.path("relevance").asInt(),
                    score.path("explanation").asInt(), score.path("overall").asInt())).containsExactly(7, 8, 6, 9);
            assertThat(score.path("score").asDouble()).as("(7 + 8 + 6 + 9) / 4 x 10").isEqualTo(75.0);
            assertThat(score.path("judge_model").asText()).contains("judge-1");
        });
        judge.verify(2, postRequestedFor(urlEqualTo(PATH)));
        RunOutput report = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "eval", "report", "--results",
                temp.resolve("out").toString(), "--out", temp.resolve("report").toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        JsonNode overall = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile())
                .path("settings").get(0).path("overall");
        assertThat(overall.path("issue_score").asDouble()).isEqualTo(75.0);
    }

    @Test
    void aJudgeThatAnswersServerErrorsLeavesTheCaseScoredWithoutMarksAndSaysWhy() throws IOException {
        judge.stubFor(post(PATH).willReturn(aResponse().withStatus(500).withHeader("Retry-After", "0")
                .withBody("{\"error\":{\"message\":\"the judge is down\"}}")));
        Path cases = firstCases(1);
        PrintStream stderr = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RunOutput run;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            run = evalWithJudge(cases, temp.resolve("out"));
        } finally {
            System.setErr(stderr);
        }

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode result = EvalRunEndToEndTest.results(temp.resolve("out")).getFirst();
        assertThat(result.path("status").asText()).as("the judge is not the model under test").isEqualTo("SCORED");
        assertThat(result.path("record").path("status").asText()).isEqualTo("FIXED");
        assertThat(result.path("issue_score").isNull()).as(result.toString()).isTrue();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("the judge could not be asked for ages-adult")
                .contains("500");
        judge.verify(com.github.tomakehurst.wiremock.client.WireMock.moreThanOrExactly(1),
                postRequestedFor(urlEqualTo(PATH)));
    }

    private RunOutput evalWithJudge(Path cases, Path out) {
        // A cache of this test's own: a judge's answer cached by another run must not stand in for this server's.
        // (REPOFIX_CACHE_DIR: RunOutput would otherwise give the build's shared cache folder, where the
        // other test's answer to the same prompt is kept.)
        Map<String, String> env = Map.of(KEY_VARIABLE, "sk-test-judge", "REPOFIX_CACHE_DIR",
                temp.resolve("cache").toString());
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), env, "eval", "run", "--cases",
                cases.toString(), "--model", "gold", "--judge-model", "openai:judge-1", "--base-url",
                judge.baseUrl() + "/v1", "--api-key-env", KEY_VARIABLE, "--out", out.toString());
    }

    private Path firstCases(int n) throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        List<String> lines = Files.readAllLines(cases).stream().filter(l -> !l.isBlank()).limit(n).toList();
        Files.writeString(cases, String.join("\n", lines) + "\n");
        return cases;
    }
}
