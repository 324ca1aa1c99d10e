package dev.repofix.cli;

import dev.repofix.app.Environment;
import com.fasterxml.jackson.databind.JsonNode;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.repofix.config.HostEnvironment;
import dev.repofix.model.ChatCompletionBodies;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code repofix fix --model openai:...} against a local server speaking the OpenAI
 * chat-completions wire format, on the bundled pytest example.
 */
class ModelEndToEndTest {
    private static final String ISSUE = "```json\n{\"title\": \"Items at the reorder level are not restocked\", "
            + "\"description\": \"test_at_reorder_level_needs_restock fails\", \"explanation\": \"needs_restock uses <\"}\n```";
    private static final String LOCATIONS = "The fault is here:\n[{\"file\": \"inventory/stock.py\", \"line\": 15, "
            + "\"content\": \"    return item.quantity < item.reorder_level\"}]";

    @TempDir
    Path temp;

    private WireMockServer server;

    @BeforeEach
    void start() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void servedPatchIsValidated() throws Exception {
        answers(ISSUE, LOCATIONS, patch("<="));
        RunOutput run = fix(Map.of());
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.report().path("status").asText()).isEqualTo("FIXED");
        assertThat(run.report().path("issue").path("title").asText()).isEqualTo("Items at the reorder level are not restocked");
        assertThat(run.report().path("locations").get(0).path("line").asInt()).isEqualTo(15);
        JsonNode issueStage = stage(run.report(), "issue");
        assertThat(issueStage.path("stage").asText()).isEqualTo("issue");
        assertThat(issueStage.path("model").path("parsedOn").asInt()).isEqualTo(1);
        assertThat(issueStage.path("model").path("maxAttempts").asInt()).isEqualTo(3);
        assertThat(issueStage.path("model").path("inputTokens").asLong()).isPositive();
        assertThat(run.report().path("tokens").path("input").asLong()).isPositive();
        assertThat(run.report().path("notes")).isEmpty();
    }

    @Test
    void recordedRunReplaysExactlyWithoutTheServer() throws Exception {
        answers(ISSUE, LOCATIONS, patch("<="));
        Path recording = temp.resolve("run.jsonl");
        RunOutput recorded = fix(Map.of(), "--record", recording.toString());
        assertThat(recorded.exitCode()).as(recorded.stderr()).isEqualTo(ExitCodes.OK);
        String issue = recorded.report().path("issue").toString();
        String patch = recorded.report().path("patch").asText();
        server.stop();

        RunOutput replayed = fixAt("http://127.0.0.1:1/v1", Map.of(), "--model", "replay:" + recording);

        assertThat(replayed.exitCode()).as(replayed.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(replayed.report().path("issue").toString()).isEqualTo(issue);
        assertThat(replayed.report().path("patch").asText()).isEqualTo(patch);
        assertThat(replayed.report().path("locations")).isEqualTo(recorded.report().path("locations"));
    }

    @Test
    void anthropicMessagesApiAnswersTheStages() throws Exception {
        String state = Scenario.STARTED;
        String[] texts = {ISSUE, LOCATIONS, patch("<=")};
        for (int i = 0; i < texts.length; i++) {
            String next = "anthropic-" + (i + 1);
            server.stubFor(post(urlEqualTo("/v1/messages")).inScenario("anthropic").whenScenarioStateIs(state)
                    .willReturn(ok(message(texts[i]))).willSetStateTo(next));
            state = next;
        }
        RunOutput run = fixAt("http://127.0.0.1:" + server.port(), Map.of("TEST_ANTHROPIC_KEY", "k-anthropic"),
                "--model", "anthropic:claude-test", "--api-key-env", "TEST_ANTHROPIC_KEY");
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.report().path("status").asText()).isEqualTo("FIXED");
        assertThat(server.getAllServeEvents()).allSatisfy(e ->
                assertThat(e.getRequest().getHeader("x-api-key")).isEqualTo("k-anthropic"));
    }

    @Test
    void wrongServedPatchIsReportedAsSuch() throws Exception {
        answers(ISSUE, LOCATIONS, patch(">"));
        RunOutput run = fix(Map.of());
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(run.report().path("candidates").get(0).path("validation").path("verdict").asText())
                .isEqualTo("TESTS_FAIL");
    }

    @Test
    void servedPatchThatAddsAConftestIsRefusedWithLocalProcessesAndNeverRuns() throws Exception {
        Path marker = temp.resolve("conftest-ran-on-the-host");
        String diff = "--- a/inventory/stock.py\n+++ b/inventory/stock.py\n@@ -15 +15 @@\n"
                + "-    return item.quantity < item.reorder_level\n+    return item.quantity <= item.reorder_level\n"
                + "--- /dev/null\n+++ b/conftest.py\n@@ -0,0 +1,2 @@\n+import pathlib\n"
                + "+pathlib.Path(" + new ObjectMapper().writeValueAsString(marker.toString()) + ").write_text('x')\n";
        answers(ISSUE, LOCATIONS, "```json\n" + new ObjectMapper().createObjectNode().put("diff", diff) + "\n```");

        RunOutput run = fix(Map.of(), "--sandbox", "local");

        assertThat(marker).doesNotExist();
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        JsonNode v = run.report().path("candidates").get(0).path("validation");
        assertThat(v.path("verdict").asText()).isEqualTo("NOT_APPLIED");
        assertThat(v.path("detail").asText()).contains("outside the Docker sandbox: conftest.py")
                .contains("--sandbox docker");
        assertThat(run.report().path("notes").toString()).contains("conftest.py").contains("--sandbox docker");
    }

    @Test
    void refusedKeyEndsWithAReportNamingTheVariable() {
        server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}")));
        RunOutput run = fix(Map.of("TEST_MODEL_KEY", "sk-do-not-print-me"), "--api-key-env", "TEST_MODEL_KEY");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        assertThat(run.stdout() + run.report()).contains("TEST_MODEL_KEY").doesNotContain("sk-do-not-print-me");
        assertThat(run.stderr()).doesNotContain("\tat ");
    }

    @Test
    void modelHostRedirectingElsewhereGetsTheKeyNowhereElseAndTheRunSaysWhy() {
        WireMockServer elsewhere = new WireMockServer(wireMockConfig().dynamicPort());
        elsewhere.start();
        try {
            elsewhere.stubFor(any(anyUrl()).willReturn(ok(completion(ISSUE))));
            server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(308)
                    .withHeader("Location", "http://localhost:" + elsewhere.port() + "/v1/chat/completions")));

            RunOutput run = fix(Map.of("TEST_MODEL_KEY", "sk-stays-with-the-model-host"), "--api-key-env",
                    "TEST_MODEL_KEY");

            assertThat(elsewhere.getAllServeEvents()).isEmpty();
            assertThat(run.exitCode()).isEqualTo(ExitCodes.NOT_FIXED);
            assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
            assertThat(run.report().path("error").path("message").asText()).contains("answered with a redirect (HTTP 308) to "
                    + "localhost:" + elsewhere.port()).contains("does not follow redirects");
            assertThat(server.getAllServeEvents()).hasSize(1);
        } finally {
            elsewhere.stop();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GITHUB_TOKEN", "CI_JOB_TOKEN", "actions_runtime_token"})
    void theCiSystemsOwnTokenIsNeverAModelKeyEvenFromAFlag(String variable) {
        RunOutput run = fix(Map.of(variable, "ghs_the-jobs-own-token"), "--api-key-env", variable);

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("api-key-env = '" + variable + "' (from --api-key-env) names the CI "
                + "system's own token").contains("give that name to api-key-env")
                .doesNotContain("ghs_the-jobs-own-token");
        assertThat(server.getAllServeEvents()).isEmpty();
    }

    @Test
    void unreachableServerEndsWithAReport() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        RunOutput run = fixAt("http://127.0.0.1:" + closed + "/v1", Map.of());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        assertThat(run.report().path("error").path("kind").asText()).isEqualTo("SERVICE");
        assertThat(run.report().path("error").path("message").asText()).contains("127.0.0.1");
    }

    @Test
    void modelThatNeverAnswersJsonEndsWithAReport() {
        server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(ok(completion("I think the bug is in stock.py."))));
        RunOutput run = fix(Map.of());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        assertThat(run.report().path("error").path("kind").asText()).isEqualTo("MODEL");
        assertThat(run.report().path("error").path("stage").asText()).isEqualTo("issue");
        assertThat(stage(run.report(), "issue").path("model").path("attempts").asInt()).isEqualTo(3);
        assertThat(stage(run.report(), "issue").path("model").get("parsedOn").isNull()).isTrue();
        assertThat(server.getAllServeEvents()).hasSize(3);
    }

    /**
     * A small model echoes the prompt's template as its "diff": that is no patch, so the model
     * is asked again with the reason, and its second answer, a real diff, is validated.
     */
    @Test
    void echoedTemplateDiffIsAskedAgainWithTheReasonAndTheNextAnswerCounts() throws Exception {
        String echoed = "{\"diff\": \"<a unified diff: --- tests/test_stock.py, +++ tests/test_stock.py, @@ hunks>\"}";
        answers(ISSUE, LOCATIONS, echoed, patch("<="));

        RunOutput run = fix(Map.of());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode patchStage = stage(run.report(), "patch");
        assertThat(patchStage.path("model").path("parsedOn").asInt()).isEqualTo(2);
        assertThat(patchStage.path("model").path("outcome").asText()).isEqualTo("USABLE");
        assertThat(patchStage.path("model").path("parseErrors").get(0).asText())
                .startsWith("the diff does not parse as a patch");
        assertThat(lastUserMessage(3)).contains("the diff does not parse as a patch");
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("| patch | ok |")
                .contains("usable on attempt 2 of 3");
    }

    /** A diff of files the repository does not have is unusable: asked again, and the run says so. */
    @Test
    void diffOfFilesThatAreNotThereIsUnusableAndTheRunSaysWhy() throws Exception {
        String wrongPaths = patch("<=").replace("inventory/stock.py", "src/stock.py");
        answers(ISSUE, LOCATIONS, wrongPaths, wrongPaths, wrongPaths);

        RunOutput run = fix(Map.of());

        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        assertThat(run.report().path("candidates")).isEmpty();
        JsonNode model = stage(run.report(), "patch").path("model");
        assertThat(model.path("outcome").asText()).isEqualTo("UNUSABLE");
        assertThat(model.path("parseErrors")).hasSize(3).allSatisfy(e -> assertThat(e.asText())
                .contains("the diff edits src/stock.py, which is not a file of the repository"));
        assertThat(run.report().path("error").path("message").asText()).contains("no patch answer was usable");
        assertThat(Files.readString(run.outDir().resolve("report.md")))
                .contains("## The model's answers were not usable (patch)")
                .contains("answers not usable in 3 of 3");
    }

    /**
     * Lines of test files are no suspects: an answer naming only those is asked again; one that
     * names a test line beside a source line keeps the source line and notes the dropped one.
     */
    @Test
    void testFileLinesAreDroppedFromSuspectsAndAnAnswerWithOnlyThoseIsAskedAgain() throws Exception {
        String onlyTests = "[{\"file\": \"tests/test_stock.py\", \"line\": 16, \"content\": "
                + "\"    assert needs_restock(item)\"}]";
        String both = "[{\"file\": \"tests/test_stock.py\", \"line\": 16}, {\"file\": \"inventory/stock.py\", "
                + "\"line\": 15, \"content\": \"    return item.quantity < item.reorder_level\"}]";
        answers(ISSUE, onlyTests, both, patch("<="));

        RunOutput run = fix(Map.of());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(stage(run.report(), "localize").path("model").path("parsedOn").asInt()).isEqualTo(2);
        assertThat(stage(run.report(), "localize").path("model").path("parseErrors").get(0).asText())
                .contains("no location is a line of a source file").contains("tests/test_stock.py:16 (a test file");
        assertThat(run.report().path("locations")).hasSize(1);
        assertThat(run.report().path("locations").get(0).path("file").asText()).isEqualTo("inventory/stock.py");
        assertThat(run.report().path("notes").toString()).contains("dropped 1 suspected line(s) in test files")
                .contains("tests/test_stock.py:16");
    }

    /** The server's refusal (a request over a small model's window) is said as such, with its message. */
    @Test
    void serverRefusalIsLabelledAsSuchWithItsMessage() {
        server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":400,\"message\":\"the request exceeds the available context size, "
                        + "try increasing it\",\"type\":\"exceed_context_size_error\"}}")));

        RunOutput run = fix(Map.of());

        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        JsonNode model = stage(run.report(), "issue").path("model");
        assertThat(model.path("outcome").asText()).isEqualTo("REFUSED");
        assertThat(run.report().path("error").path("message").asText()).contains("HTTP 400")
                .contains("exceeds the available context size");
        String md = readReport(run);
        assertThat(md).contains("## The model's server refused the request (issue)")
                .contains("refused by the server on attempt 1 of 3").doesNotContain("no parse in");
    }

    /**
     * A localization answer that names no line is unusable, and the report then does not say
     * that no fix candidate could be made "at the suspected lines": there were none.
     */
    @Test
    void emptyLocalizationIsUnusableAndTheReportSaysNothingOfSuspectedLines() throws Exception {
        answers(ISSUE, "[]", "[]", "[]");

        RunOutput run = fix(Map.of());

        assertThat(run.report().path("status").asText()).isEqualTo("STAGE_FAILED");
        assertThat(stage(run.report(), "localize").path("model").path("outcome").asText()).isEqualTo("UNUSABLE");
        assertThat(readReport(run)).doesNotContain("at the suspected lines")
                .contains("## The model's answers were not usable (localize)");
    }

    /** A bug type given as a JSON list, as small models do, is read as its first element. */
    @Test
    void bugTypeGivenAsAListIsUnwrapped() throws Exception {
        answers(ISSUE.replace("\"}\n```", "\", \"bugType\": [\"condition\", \"off-by-one\"]}\n```"), LOCATIONS,
                patch("<="));

        RunOutput run = fix(Map.of());

        assertThat(run.report().path("issue").path("bugType").asText()).isEqualTo("condition");
    }

    private static String readReport(RunOutput run) {
        try {
            return Files.readString(run.outDir().resolve("report.md"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The text of the last user message of request {@code i} (0-based) the server received. */
    private String lastUserMessage(int i) throws Exception {
        List<com.github.tomakehurst.wiremock.stubbing.ServeEvent> events = new ArrayList<>(server.getAllServeEvents());
        java.util.Collections.reverse(events); // WireMock lists the newest first
        JsonNode messages = new ObjectMapper().readTree(events.get(i).getRequest().getBodyAsString()).path("messages");
        return messages.get(messages.size() - 1).path("content").asText();
    }

    private String patch(String operator) {
        String diff = "--- a/inventory/stock.py\n+++ b/inventory/stock.py\n@@ -15 +15 @@\n"
                + "-    return item.quantity < item.reorder_level\n+    return item.quantity " + operator
                + " item.reorder_level\n";
        ObjectNode n = new ObjectMapper().createObjectNode().put("diff", diff);
        return "```json\n" + n + "\n```";
    }

    /** The three stages, in order, through a WireMock scenario. */
    private void answers(String... texts) throws Exception {
        String state = Scenario.STARTED;
        for (int i = 0; i < texts.length; i++) {
            String next = "answer-" + (i + 1);
            server.stubFor(post(urlEqualTo("/v1/chat/completions")).inScenario("stages").whenScenarioStateIs(state)
                    .willReturn(ok(completion(texts[i]))).willSetStateTo(next));
            state = next;
        }
    }

    private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder ok(String body) {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body);
    }

    private static String completion(String content) {
        return ChatCompletionBodies.completion("local-model", content, 120, 30);
    }

    /** A Messages API response, as Anthropic sends it. */
    private static String message(String text) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode().put("id", "msg_01").put("type", "message").put("role", "assistant")
                .put("model", "claude-test").put("stop_reason", "end_turn");
        root.putArray("content").addObject().put("type", "text").put("text", text);
        root.putObject("usage").put("input_tokens", 200).put("output_tokens", 40);
        return root.toString();
    }

    private RunOutput fix(Map<String, String> env, String... extra) {
        return fixAt("http://127.0.0.1:" + server.port() + "/v1", env, extra);
    }

    private RunOutput fixAt(String baseUrl, Map<String, String> env, String... extra) {
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("inv-" + System.nanoTime()));
        Path out = temp.resolve("out");
        List<String> args = new ArrayList<>(List.of("fix", "--repo", repo.toString(), "--out", out.toString(),
                "--base-url", baseUrl, "--no-cache", "--reruns", "0"));
        if (!List.of(extra).contains("--model")) {
            args.addAll(List.of("--model", "openai:local-model"));
        }
        args.addAll(List.of(extra));
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.putIfAbsent("REPOFIX_SANDBOX", "local"); // the quick suite needs no Docker engine
        vars.putAll(env);
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        Environment environment = new Environment(new HostEnvironment(vars), Clock.systemUTC(), temp.resolve("work"), false);
        int code = Cli.run(args.toArray(String[]::new), new PrintWriter(o, true), new PrintWriter(e, true), environment);
        return new RunOutput(code, o.toString(), e.toString(), out);
    }

    /** The record's stage named {@code name}: its place moves as stages are added (setup before the baseline). */
    private static JsonNode stage(JsonNode report, String name) {
        for (JsonNode stage : report.path("stages")) {
            if (stage.path("stage").asText().equals(name)) {
                return stage;
            }
        }
        throw new AssertionError("no stage " + name + " in " + report.path("stages"));
    }
}
