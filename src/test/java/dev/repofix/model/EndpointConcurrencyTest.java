package dev.repofix.model;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static dev.repofix.model.Requests.ask;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Item 2 of issue 33: parallel requests (eval --jobs, samples) to one local endpoint go one at a time. */
class EndpointConcurrencyTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().containerThreads(16)).build();

    private static final String MODEL = "qwen2.5-coder-0.5b-instruct";

    private OpenAiChatClient client(OptionalInt concurrency) {
        return new OpenAiChatClient(OpenAiSettings.of(URI.create(api.baseUrl() + "/v1"), MODEL, Optional.empty(),
                "OPENAI_API_KEY").withLimits(Optional.of(Duration.ofSeconds(20)), concurrency));
    }

    /** When the server received each request, in order, in milliseconds. */
    private static List<Long> receivedAt(int requests, OpenAiChatClient client) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<ChatResponse>> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            answers.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return client.complete(ask("Where?"));
            }, r -> Thread.ofPlatform().start(r)));
        }
        go.countDown();
        for (CompletableFuture<ChatResponse> answer : answers) {
            assertThat(answer.get().text()).isEqualTo("here");
        }
        return api.getAllServeEvents().stream().map(ServeEvent::getRequest).map(r -> r.getLoggedDate().getTime())
                .sorted().toList();
    }

    @Test
    void aLoopbackEndpointGetsOneRequestAtATimeByDefault() throws Exception {
        api.stubFor(post("/v1/chat/completions").willReturn(okJson(ChatCompletionBodies.completion(MODEL, "here", 5,
                1)).withFixedDelay(500)));

        List<Long> at = receivedAt(3, client(OptionalInt.empty()));

        // Each request reached the server only after the one before it was answered.
        assertThat(at.get(1) - at.get(0)).isGreaterThanOrEqualTo(450);
        assertThat(at.get(2) - at.get(1)).isGreaterThanOrEqualTo(450);
    }

    @Test
    void modelConcurrencyAllowsParallelRequests() throws Exception {
        api.stubFor(post("/v1/chat/completions").willReturn(okJson(ChatCompletionBodies.completion(MODEL, "here", 5,
                1)).withFixedDelay(3000)));

        List<Long> at = receivedAt(3, client(OptionalInt.of(3)));

        // All three were at the server together: the last arrived before the first was answered.
        assertThat(at.get(2) - at.get(0)).isLessThan(3000);
    }

    @Test
    void onlyLoopbackHostsAreLimitedByDefault() {
        assertThat(EndpointSlots.permits(URI.create("http://127.0.0.1:8080/v1"), OptionalInt.empty())).isEqualTo(1);
        assertThat(EndpointSlots.permits(URI.create("http://localhost:11434/v1"), OptionalInt.empty())).isEqualTo(1);
        assertThat(EndpointSlots.permits(URI.create("http://[::1]:8000/v1"), OptionalInt.empty())).isEqualTo(1);
        assertThat(EndpointSlots.permits(URI.create("https://api.openai.com/v1"), OptionalInt.empty())).isZero();
        assertThat(EndpointSlots.permits(URI.create("https://api.openai.com/v1"), OptionalInt.of(2))).isEqualTo(2);
    }
}
