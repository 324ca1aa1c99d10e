package dev.repofix.model;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
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

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class AnthropicChatClientTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/messages";

    private final RecordingSleeper sleeper = new RecordingSleeper();

    private AnthropicChatClient client() {
        AnthropicSettings settings = new AnthropicSettings(URI.create(api.baseUrl()), "claude-sonnet-4-20250514",
                Optional.of(KEY), "ANTHROPIC_API_KEY", Duration.ofSeconds(2), Duration.ofSeconds(10));
        return new AnthropicChatClient(settings, RetryPolicy.defaults(), sleeper, CLOCK);
    }

    @Test
    void putsSystemMessagesAtTheTopAndJoinsTextBlocks() {
        api.stubFor(post(PATH).willReturn(okJson("""
                {"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant",
                 "model":"claude-sonnet-4-20250514",
                 "content":[{"type":"text","text":"The bug is "},
                            {"type":"tool_use","id":"toolu_01","name":"noop","input":{}},
                            {"type":"text","text":"on line 42."}],
                 "stop_reason":"end_turn","stop_sequence":null,
                 "usage":{"input_tokens":25,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,
                          "output_tokens":9}}""")));
        ChatRequest request = new ChatRequest("patch", "case-7", List.of(ChatMessage.system("You fix Java bugs."),
                ChatMessage.system("Answer in JSON."), ChatMessage.user("Where?"), ChatMessage.assistant("Let me see."),
                ChatMessage.user("Go on.")), 512, 0.2);

        ChatResponse response = client().complete(request);

        assertThat(response.text()).isEqualTo("The bug is on line 42.");
        assertThat(response.model()).isEqualTo("claude-sonnet-4-20250514");
        assertThat(response.inputTokens()).isEqualTo(25);
        assertThat(response.outputTokens()).isEqualTo(9);
        api.verify(postRequestedFor(urlEqualTo(PATH))
                .withHeader("x-api-key", equalTo(KEY))
                .withHeader("anthropic-version", equalTo("2023-06-01"))
                .withHeader("content-type", equalTo("application/json"))
                .withRequestBody(equalToJson("""
                        {"model":"claude-sonnet-4-20250514","max_tokens":512,"temperature":0.2,
                         "system":"You fix Java bugs.\\n\\nAnswer in JSON.",
                         "messages":[{"role":"user","content":"Where?"},
                                     {"role":"assistant","content":"Let me see."},
                                     {"role":"user","content":"Go on."}]}""")));
    }

    @Test
    void withoutSystemMessageSendsNoSystemField() {
        api.stubFor(post(PATH).willReturn(okJson("""
                {"id":"msg_1","type":"message","role":"assistant","model":"claude-3-5-haiku-20241022",
                 "content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn",
                 "usage":{"input_tokens":3,"output_tokens":1}}""")));

        client().complete(new ChatRequest("issue", "", List.of(ChatMessage.user("Hi")), 16, 0));

        api.verify(postRequestedFor(urlEqualTo(PATH)).withRequestBody(equalToJson("""
                {"model":"claude-sonnet-4-20250514","max_tokens":16,"temperature":0.0,
                 "messages":[{"role":"user","content":"Hi"}]}""")));
    }

    @Test
    void overloadedIsRetried() {
        api.stubFor(post(PATH).inScenario("busy").whenScenarioStateIs(Scenario.STARTED).willSetStateTo("ok")
                .willReturn(aResponse().withStatus(529).withBody("""
                        {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}""")));
        api.stubFor(post(PATH).inScenario("busy").whenScenarioStateIs("ok").willReturn(okJson("""
                {"id":"msg_2","type":"message","role":"assistant","model":"claude-sonnet-4-20250514",
                 "content":[{"type":"text","text":"fine"}],"usage":{"input_tokens":3,"output_tokens":1}}""")));

        assertThat(client().complete(ask("Where?")).text()).isEqualTo("fine");
        assertThat(sleeper.waits).hasSize(1);
    }

    @Test
    void answerWithoutContentIsMalformed() {
        api.stubFor(post(PATH).willReturn(okJson("{\"id\":\"msg_3\",\"type\":\"message\"}")));

        assertThatThrownBy(() -> client().complete(ask("Where?")))
                .isInstanceOf(ModelException.class).hasMessageContaining("malformed JSON: no content array");
    }

    @Test
    void invalidRequestCarriesTheApiMessage() {
        api.stubFor(post(PATH).willReturn(aResponse().withStatus(400).withBody("""
                {"type":"error","error":{"type":"invalid_request_error",
                 "message":"messages: roles must alternate between \\"user\\" and \\"assistant\\""}}""")));

        assertThatThrownBy(() -> client().complete(ask("Where?")))
                .hasMessageContaining("(HTTP 400): messages: roles must alternate");
    }
}
