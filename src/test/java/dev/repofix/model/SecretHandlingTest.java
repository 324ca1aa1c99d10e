package dev.repofix.model;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static dev.repofix.model.Requests.CLOCK;
import static dev.repofix.model.Requests.KEY;
import static dev.repofix.model.Requests.ask;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The key must not show in any message, toString or log line, whatever goes wrong. */
class SecretHandlingTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();
    /** Another host, where a redirect from {@link #api} points. */
    @RegisterExtension
    static WireMockExtension elsewhere = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort())
            .build();

    private final RecordingSleeper sleeper = new RecordingSleeper();

    private ChatClient openAi(URI base, String keyBody) {
        return new OpenAiChatClient(new OpenAiSettings(base, "gpt-4o", Optional.of(keyBody), "OPENAI_API_KEY",
                Optional.empty(), Optional.empty(), Duration.ofSeconds(1), Duration.ofSeconds(1)),
                new RetryPolicy(2, Duration.ZERO, Duration.ZERO), sleeper, CLOCK);
    }

    private ChatClient anthropic(URI base) {
        return new AnthropicChatClient(new AnthropicSettings(base, "claude-sonnet-4-20250514", Optional.of(KEY),
                "ANTHROPIC_API_KEY", Duration.ofSeconds(1), Duration.ofSeconds(1)),
                new RetryPolicy(2, Duration.ZERO, Duration.ZERO), sleeper, CLOCK);
    }

    @Test
    void connectionRefusedSaysWhichHostAndWhatToCheck() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        Throwable error = catchThrowable(() -> openAi(URI.create("http://127.0.0.1:" + closedPort + "/v1"), KEY)
                .complete(ask("Where?")));

        assertThat(error).isInstanceOf(ModelException.class)
                .hasMessage("cannot reach the model API at 127.0.0.1:" + closedPort
                        + " after 2 attempts (connection refused or host unknown): check --base-url");
    }

    @Test
    void aRedirectToAnotherHostIsRefusedAndTheKeyGoesNowhereElse() {
        api.stubFor(post(anyUrl()).willReturn(aResponse().withStatus(307)
                .withHeader("Location", "http://localhost:" + elsewhere.getPort() + "/v1/chat/completions?x=1")));
        elsewhere.stubFor(post(anyUrl()).willReturn(okJson("{}")));
        URI base = URI.create(api.baseUrl());
        ChatClient azure = new OpenAiChatClient(new OpenAiSettings(base, "gpt-4o", Optional.of(KEY), "AZURE_KEY",
                Optional.of("2024-10-21"), Optional.of("dep"), Duration.ofSeconds(1), Duration.ofSeconds(1)),
                new RetryPolicy(2, Duration.ZERO, Duration.ZERO), sleeper, CLOCK);

        List<Throwable> errors = List.of(
                catchThrowable(() -> openAi(URI.create(base + "/v1"), KEY).complete(ask("Where?"))),
                catchThrowable(() -> azure.complete(ask("Where?"))),
                catchThrowable(() -> anthropic(base).complete(ask("Where?"))));

        assertThat(elsewhere.getAllServeEvents()).isEmpty();
        assertThat(api.getAllServeEvents()).hasSize(3); // once each: a redirect is not retried either
        assertThat(errors).allSatisfy(e -> assertThat(e).isInstanceOfSatisfying(ModelException.class, m -> {
            assertThat(m.kind()).isEqualTo(ErrorKind.INPUT);
            assertThat(m).hasMessage("the model API at " + ModelHttp.host(base) + " answered with a redirect "
                    + "(HTTP 307) to localhost:" + elsewhere.getPort() + "; repofix sends the key to the "
                    + "configured host only and does not follow redirects: set --base-url to the address that "
                    + "answers without one");
        }));
    }

    @Test
    void keyAppearsInNoMessageToStringOrLogLine() throws IOException {
        URI base = URI.create(api.baseUrl());
        List<Throwable> errors = new ArrayList<>();
        PrintStream stderr = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            for (int status : new int[] {401, 403, 404, 400, 500, 429}) {
                api.resetAll();
                api.stubFor(post(com.github.tomakehurst.wiremock.client.WireMock.anyUrl()).willReturn(aResponse()
                        .withStatus(status).withBody("{\"error\":{\"message\":\"bad key " + KEY + "\"}}")));
                errors.add(catchThrowable(() -> openAi(URI.create(base + "/v1"), KEY).complete(ask("Where?"))));
                errors.add(catchThrowable(() -> anthropic(base).complete(ask("Where?"))));
            }
            api.stubFor(post(com.github.tomakehurst.wiremock.client.WireMock.anyUrl())
                    .willReturn(okJson("{\"echo\":\"" + KEY + "\"")));
            errors.add(catchThrowable(() -> openAi(URI.create(base + "/v1"), KEY).complete(ask("Where?"))));
        } finally {
            System.setErr(stderr);
        }

        assertThat(errors).hasSize(13).allSatisfy(error -> {
            assertThat(error).isInstanceOf(ModelException.class);
            for (Throwable t = error; t != null; t = t.getCause()) {
                assertThat(String.valueOf(t.getMessage())).doesNotContain(KEY);
                assertThat(t.toString()).doesNotContain(KEY);
            }
        });
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("retry").doesNotContain(KEY);
        assertThat(openAi(base, KEY).toString()).doesNotContain(KEY).contains("OPENAI_API_KEY");
        assertThat(anthropic(base).toString()).doesNotContain(KEY).contains("ANTHROPIC_API_KEY");
    }
}
