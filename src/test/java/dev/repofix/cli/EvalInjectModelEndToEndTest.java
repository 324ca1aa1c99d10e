package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval inject --model}: a model behind the OpenAI chat-completions wire
 * format (WireMock) is asked for a bug of a given type in a function, its JSON edit is
 * applied and kept only when a test fails; an answer that is no JSON edit is asked again,
 * and dropped with a counted reason when no attempt gives one.
 */
class EvalInjectModelEndToEndTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/chat/completions";
    private static final String AGES = """
            def is_adult(age):
                return age >= 18
            """;
    private static final String TESTS = """
            from ages import is_adult


            def test_adult():
                assert is_adult(18) and not is_adult(17)
            """;

    @TempDir
    Path temp;

    /** A chat completion as OpenAI returns it, with {@code content} as the assistant's text. */
    private static String completion(String content) {
        return """
                {"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion","created":1741569952,
                 "model":"gpt-4o-2024-08-06",
                 "choices":[{"index":0,"message":{"role":"assistant","content":%s,"refusal":null,"annotations":[]},
                             "logprobs":null,"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":190,"completion_tokens":40,"total_tokens":230},
                 "service_tier":"default","system_fingerprint":"fp_fc9f1d7035"}""".formatted(
                JsonNodeFactory.instance.textNode(content).toString());
    }

    private RunOutput inject(Path repo, String out) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"),
                Map.of("OPENAI_API_KEY", "sk-test", "REPOFIX_CACHE", "false"), "eval", "inject", "--repo",
                repo.toString(), "--model", "openai:gpt-4o", "--base-url", api.baseUrl() + "/v1", "--bug-types",
                "condition", "--count", "1", "--sandbox", "local", "--out", temp.resolve(out).toString());
    }

    @Test
    void theModelsEditIsAppliedAndKeptWhenATestFailsAfterAMalformedAnswerIsAskedAgain() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", AGES, "test_ages.py", TESTS));
        api.stubFor(post(PATH).inScenario("answers").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(completion("Sure! I would make the comparison strict, so 18 is no adult.")))
                .willSetStateTo("asked again"));
        api.stubFor(post(PATH).inScenario("answers").whenScenarioStateIs("asked again")
                .willReturn(okJson(completion("```json\n{\"line\": 2, \"buggy\": \"    return age > 18\", "
                        + "\"explanation\": \"18 is no longer adult\"}\n```"))));

        RunOutput run = inject(repo, "inj");

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
        assertThat(run.stdout()).contains("made 1 of 1 case(s)")
                .contains("dropped 1: model answer retried: no JSON edit");
        List<JsonNode> cases = EvalFixtures.jsonLines(temp.resolve("inj/cases.jsonl"));
        assertThat(cases).hasSize(1);
        JsonNode c = cases.get(0);
        assertThat(c.path("bug_types").toString()).isEqualTo("[\"condition\"]");
        assertThat(c.path("tags").toString()).contains("model-driven").contains("outside-builtin-templates");
        assertThat(c.path("cause").toString()).isEqualTo("{\"file\":\"ages.py\",\"line\":2}");
        assertThat(c.path("effect").path("file").asText()).isEqualTo("test_ages.py");
        assertThat(c.path("fail_to_pass").toString()).isEqualTo("[\"test_ages.py::test_adult\"]");
        assertThat(c.path("patch").path("source").asText()).contains("-    return age > 18")
                .contains("+    return age >= 18");
        api.verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("of type \\\"condition\\\""))
                .withRequestBody(containing("2:     return age >= 18")));
        api.verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("That answer cannot be used")));
    }

    @Test
    void aFunctionWhoseAnswersAreNeverAnEditIsDroppedWithACountedReason() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", AGES, "test_ages.py", TESTS));
        api.stubFor(post(PATH).willReturn(okJson(completion("{\"line\": 9, \"buggy\": \"x\"}"))));

        RunOutput run = inject(repo, "inj");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.stdout()).contains("made 0 of 1 case(s)")
                .contains("dropped 3: model answer retried: an edit that does not fit the function")
                .contains("dropped 1: the model's answer was no usable edit in 3 attempt(s)");
    }
}
