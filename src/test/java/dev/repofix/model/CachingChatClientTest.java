package dev.repofix.model;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static dev.repofix.model.Requests.CLOCK;
import static dev.repofix.model.Requests.ask;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class CachingChatClientTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/chat/completions";

    @TempDir
    Path cache;

    private CachingChatClient client;

    @BeforeEach
    void serveOneAnswer() {
        api.stubFor(post(PATH).willReturn(okJson("""
                {"id":"chatcmpl-1","object":"chat.completion","created":1741569952,"model":"gpt-4o-2024-08-06",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"line 42"},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":19,"completion_tokens":3,"total_tokens":22}}""")));
        OpenAiChatClient openAi = new OpenAiChatClient(OpenAiSettings.of(URI.create(api.baseUrl() + "/v1"),
                "gpt-4o", Optional.empty(), "OPENAI_API_KEY"), RetryPolicy.defaults(), new RecordingSleeper(), CLOCK);
        client = new CachingChatClient(openAi, cache);
    }

    private List<Path> cacheFiles() throws IOException {
        try (Stream<Path> files = Files.list(cache)) {
            return files.toList();
        }
    }

    @Test
    void aHitAvoidsTheHttpCall() throws IOException {
        ChatResponse first = client.complete(ask("Where?"));
        ChatResponse second = client.complete(ask("Where?"));

        assertThat(first.cached()).isFalse();
        assertThat(second.cached()).isTrue();
        assertThat(second.text()).isEqualTo(first.text()).isEqualTo("line 42");
        assertThat(second.model()).isEqualTo("gpt-4o-2024-08-06");
        assertThat(second.inputTokens()).isEqualTo(19);
        api.verify(1, postRequestedFor(urlEqualTo(PATH)));
        assertThat(cacheFiles()).singleElement().satisfies(f -> assertThat(f.toString()).endsWith(".json"));
    }

    @Test
    void anotherTemperatureOrConversationIsAMiss() {
        client.complete(ask("Where?"));
        client.complete(new ChatRequest("localize", "case-1", ask("Where?").messages(), 256, 0.7));
        client.complete(ask("Why?"));

        api.verify(3, postRequestedFor(urlEqualTo(PATH)));
    }

    @Test
    void corruptFileIsIgnoredAndOverwritten() throws IOException {
        client.complete(ask("Where?"));
        Path file = cacheFiles().get(0);
        Files.writeString(file, "{\"text\":\"line 4");

        ChatResponse response = client.complete(ask("Where?"));

        assertThat(response.cached()).isFalse();
        assertThat(response.text()).isEqualTo("line 42");
        assertThat(Files.readString(file)).contains("\"text\":\"line 42\"");
        assertThat(cacheFiles()).hasSize(1);
        assertThat(client.complete(ask("Where?")).cached()).isTrue();
        api.verify(2, postRequestedFor(urlEqualTo(PATH)));
    }
}
