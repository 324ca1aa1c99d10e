package dev.repofix.model;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static dev.repofix.model.Requests.CLOCK;
import static dev.repofix.model.Requests.KEY;
import static dev.repofix.model.Requests.ask;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.throwable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.repofix.config.RepofixException.ErrorKind;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class OpenAiChatClientTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/chat/completions";
    private static final String ANSWER = """
            {"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion","created":1741569952,
             "model":"gpt-4o-2024-08-06",
             "choices":[{"index":0,"message":{"role":"assistant","content":"%s","refusal":null,"annotations":[]},
                         "logprobs":null,"finish_reason":"stop"}],
             "usage":{"prompt_tokens":19,"completion_tokens":10,"total_tokens":29,
                      "prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0}},
             "service_tier":"default","system_fingerprint":"fp_fc9f1d7035"}""";

    private final RecordingSleeper sleeper = new RecordingSleeper();

    private OpenAiChatClient client(Optional<String> key) {
        OpenAiSettings settings = new OpenAiSettings(URI.create(api.baseUrl() + "/v1"), "gpt-4o", key,
                "OPENAI_API_KEY", Optional.empty(), Optional.empty(), Duration.ofSeconds(2), Duration.ofSeconds(10));
        return new OpenAiChatClient(settings, RetryPolicy.defaults(), sleeper, CLOCK);
    }

    private static String answer(String content) {
        return ANSWER.formatted(content);
    }

    @Test
    void sendsTheChatCompletionsShapeAndReadsTheAnswer() {
        api.stubFor(post(PATH).willReturn(okJson(answer("The bug is on line 42."))));

        ChatResponse response = client(Optional.of(KEY)).complete(ask("Where is the bug?"));

        assertThat(response.text()).isEqualTo("The bug is on line 42.");
        assertThat(response.model()).isEqualTo("gpt-4o-2024-08-06");
        assertThat(response.inputTokens()).isEqualTo(19);
        assertThat(response.outputTokens()).isEqualTo(10);
        assertThat(response.cached()).isFalse();
        api.verify(postRequestedFor(urlEqualTo(PATH))
                .withHeader("Authorization", equalTo("Bearer " + KEY))
                .withHeader("Content-Type", equalTo("application/json"))
                .withRequestBody(equalToJson("""
                        {"model":"gpt-4o","messages":[{"role":"system","content":"You fix Java bugs."},
                         {"role":"user","content":"Where is the bug?"}],"max_tokens":256,"temperature":0.0}""")));
    }

    @Test
    void localServerWithoutKeyGetsNoAuthorizationAndTokensAreCounted() {
        api.stubFor(post(PATH).willReturn(okJson("""
                {"id":"chatcmpl-1","object":"chat.completion","created":1741569952,"model":"qwen2.5-coder:7b",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"hello world"},"finish_reason":"stop"}]}
                """)));

        ChatResponse response = client(Optional.empty()).complete(ask("Say hello"));

        assertThat(response.model()).isEqualTo("qwen2.5-coder:7b");
        assertThat(response.outputTokens()).isEqualTo(2);
        assertThat(response.inputTokens()).isGreaterThan(8);
        api.verify(postRequestedFor(urlEqualTo(PATH)).withHeader("Authorization", absent()));
    }

    @Test
    void returnsFencedJsonAsWritten() {
        String fenced = "Here it is:\\n```json\\n{\\\"file\\\": \\\"A.java\\\", \\\"line\\\": 3}\\n```";
        api.stubFor(post(PATH).willReturn(okJson(answer(fenced))));

        ChatResponse response = client(Optional.of(KEY)).complete(ask("Where?"));

        assertThat(response.text()).isEqualTo("Here it is:\n```json\n{\"file\": \"A.java\", \"line\": 3}\n```");
    }

    @Test
    void malformedBodyIsRetriedOnceThenReported() {
        api.stubFor(post(PATH).willReturn(okJson("<html>Bad gateway</html>")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .isInstanceOf(ModelException.class)
                .hasMessageContaining("the model API at localhost:" + api.getPort() + " answered with malformed JSON")
                .extracting(ModelException.class::cast).extracting(ModelException::kind).isEqualTo(ErrorKind.RUNTIME);
        api.verify(2, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void anOversizedBodyIsRefusedWithoutBeingReadWhole() {
        api.stubFor(post(PATH).willReturn(okJson("{\"pad\":\"" + "x".repeat(ModelHttp.MAX_BODY_BYTES) + "\"}")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .isInstanceOf(ModelException.class)
                .hasMessageContaining("answered with more than 8 MiB").hasMessageContaining("--base-url");
        api.verify(1, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void truncatedBodyIsMalformed() {
        String full = answer("The bug is on line 42.");
        api.stubFor(post(PATH).willReturn(okJson(full.substring(0, full.indexOf("line 42")))));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .hasMessageContaining("malformed JSON");
    }

    @Test
    void answerWithoutChoicesIsMalformed() {
        api.stubFor(post(PATH).willReturn(okJson("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\"}")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .hasMessageContaining("malformed JSON: no string at /choices/0/message/content");
    }

    @Test
    void rateLimitWaitsAsLongAsRetryAfterSays() {
        api.stubFor(post(PATH).inScenario("rate").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("ok")
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "7").withBody("""
                        {"error":{"message":"Rate limit reached for gpt-4o","type":"requests","code":"rate_limit_exceeded"}}""")));
        api.stubFor(post(PATH).inScenario("rate").whenScenarioStateIs("ok").willReturn(okJson(answer("done"))));

        assertThat(client(Optional.of(KEY)).complete(ask("Where?")).text()).isEqualTo("done");
        assertThat(sleeper.waits).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void retryAfterAsHttpDateAndRetryAfterMsAreHonoured() {
        api.stubFor(post(PATH).inScenario("date").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("ms")
                .willReturn(aResponse().withStatus(503).withHeader("Retry-After", "Mon, 10 Mar 2025 12:00:12 GMT")));
        api.stubFor(post(PATH).inScenario("date").whenScenarioStateIs("ms").willSetStateTo("ok")
                .willReturn(aResponse().withStatus(429).withHeader("retry-after-ms", "1500")
                        .withHeader("Retry-After", "2")));
        api.stubFor(post(PATH).inScenario("date").whenScenarioStateIs("ok").willReturn(okJson(answer("done"))));

        client(Optional.of(KEY)).complete(ask("Where?"));

        assertThat(sleeper.waits).containsExactly(Duration.ofSeconds(12), Duration.ofMillis(1500));
    }

    @Test
    void retryAfterIsCappedAtTheMaximumDelay() {
        api.stubFor(post(PATH).inScenario("long").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("ok")
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "3600")));
        api.stubFor(post(PATH).inScenario("long").whenScenarioStateIs("ok").willReturn(okJson(answer("done"))));

        client(Optional.of(KEY)).complete(ask("Where?"));

        assertThat(sleeper.waits).containsExactly(Duration.ofSeconds(60));
    }

    @Test
    void serverErrorsTwiceThenAnAnswerBacksOffWithJitter() {
        api.stubFor(post(PATH).inScenario("flaky").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("again")
                .willReturn(aResponse().withStatus(500)));
        api.stubFor(post(PATH).inScenario("flaky").whenScenarioStateIs("again").willSetStateTo("ok")
                .willReturn(aResponse().withStatus(502)));
        api.stubFor(post(PATH).inScenario("flaky").whenScenarioStateIs("ok").willReturn(okJson(answer("done"))));

        assertThat(client(Optional.of(KEY)).complete(ask("Where?")).text()).isEqualTo("done");
        assertThat(sleeper.waits).hasSize(2);
        assertThat(sleeper.waits.get(0)).isBetween(Duration.ZERO, Duration.ofSeconds(1));
        assertThat(sleeper.waits.get(1)).isBetween(Duration.ZERO, Duration.ofSeconds(2));
    }

    @Test
    void serverErrorsThatPersistSpendAllAttempts() {
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(500).withBody("""
                {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}""")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .isInstanceOf(ModelException.class)
                .hasMessage("no answer from localhost:" + api.getPort() + " after 4 attempts: HTTP 500 "
                        + "(The server had an error while processing your request.)");
        api.verify(4, postRequestedFor(urlEqualTo(PATH)));
        assertThat(sleeper.waits).hasSize(3);
    }

    @Test
    void refusedKeyNamesTheVariableNotTheKey() {
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(401).withBody("""
                {"error":{"message":"Incorrect API key provided: sk-test-***cdef. You can find your API key at \
                https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,\
                "code":"invalid_api_key"}}""")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .asInstanceOf(throwable(ModelException.class))
                .satisfies(e -> assertThat(e.kind()).isEqualTo(ErrorKind.INPUT))
                .hasMessageContaining("refused the key (HTTP 401): set the variable OPENAI_API_KEY to a valid key")
                .hasMessageNotContaining(KEY).hasMessageNotContaining("cdef");
        api.verify(1, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void unknownModelNamesThePathAndModel() {
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(404).withBody("""
                {"error":{"message":"The model `gpt-4o` does not exist or you do not have access to it.",\
                "type":"invalid_request_error","param":null,"code":"model_not_found"}}""")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .asInstanceOf(throwable(ModelException.class))
                .satisfies(e -> assertThat(e.kind()).isEqualTo(ErrorKind.INPUT))
                .hasMessageContaining("has no /v1/chat/completions for model gpt-4o")
                .hasMessageEndingWith("check --base-url and --model");
    }

    @Test
    void badRequestCarriesTheApiMessageCutShort() {
        String longMessage = "This model's maximum context length is 128000 tokens. " + "x".repeat(400);
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(400).withBody(
                "{\"error\":{\"message\":\"" + longMessage + "\",\"type\":\"invalid_request_error\"}}")));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(ask("Where?")))
                .asInstanceOf(throwable(ModelException.class))
                .satisfies(e -> assertThat(e.kind()).isEqualTo(ErrorKind.INPUT))
                .satisfies(e -> assertThat(e.refused()).isTrue())
                .satisfies(e -> assertThat(e.getMessage()).contains("HTTP 400): This model's maximum context length")
                        .endsWith("…; state the model's window with --model-context, and repofix cuts every request "
                                + "to fit it")
                        .hasSizeLessThan(520));
    }

    @Test
    void aTimedOutRequestIsNotSentAgainUnchanged() throws InterruptedException {
        // A local server computes one answer at a time and keeps computing an abandoned one:
        // an identical copy would only queue behind it.
        api.stubFor(post(PATH).willReturn(okJson(answer("late")).withFixedDelay(10_000)));
        OpenAiSettings settings = new OpenAiSettings(URI.create(api.baseUrl() + "/v1"), "gpt-4o", Optional.of(KEY),
                "OPENAI_API_KEY", Optional.empty(), Optional.empty(), Duration.ofSeconds(2), Duration.ofSeconds(3));
        OpenAiChatClient client = new OpenAiChatClient(settings,
                new RetryPolicy(4, Duration.ofMillis(10), Duration.ofSeconds(1)), sleeper, CLOCK);

        assertThatThrownBy(() -> client.complete(ask("Where?")))
                .isInstanceOfSatisfying(ModelException.class, e -> assertThat(e.timedOut()).isTrue())
                .hasMessageStartingWith("no answer from localhost:" + api.getPort() + " within 3.0s (model gpt-4o); "
                        + "not sent again");
        assertThat(ReceivedRequests.settled(api, Duration.ofSeconds(10), Duration.ofSeconds(1))).isOne();
        assertThat(sleeper.waits).isEmpty();
    }

    @Test
    void aRequestsOwnTimeoutBoundsItRetriesIncluded() {
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(503).withHeader("Retry-After", "30")));
        ChatRequest bounded = new ChatRequest("issue", "", ask("Where?").messages(), 256, 0.0,
                Optional.of(Duration.ofSeconds(10)));

        assertThatThrownBy(() -> client(Optional.of(KEY)).complete(bounded))
                .hasMessageContaining("within 10.0s (attempt 1: HTTP 503)")
                .hasMessageContaining("no time left in the request's limit for another attempt");
        api.verify(1, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void azureUsesDeploymentUrlAndApiKeyHeader() {
        String azurePath = "/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-10-21";
        api.stubFor(post(urlEqualTo(azurePath)).willReturn(okJson(answer("from azure"))));
        OpenAiSettings settings = new OpenAiSettings(URI.create(api.baseUrl() + "/"), "gpt-4o", Optional.of(KEY),
                "AZURE_OPENAI_API_KEY", Optional.of("2024-10-21"), Optional.of("gpt4o-prod"), Duration.ofSeconds(2),
                Duration.ofSeconds(2));
        OpenAiChatClient client = new OpenAiChatClient(settings, RetryPolicy.defaults(), sleeper, CLOCK);

        assertThat(client.complete(ask("Where?")).text()).isEqualTo("from azure");
        assertThat(client.name()).isEqualTo("azure:gpt-4o");
        api.verify(postRequestedFor(urlEqualTo(azurePath)).withHeader("api-key", equalTo(KEY))
                .withHeader("Authorization", absent()));
    }
}
