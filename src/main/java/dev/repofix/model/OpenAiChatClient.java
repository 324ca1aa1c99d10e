package dev.repofix.model;

import dev.repofix.context.TokenCounter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A client of any OpenAI-compatible chat-completions endpoint: OpenAI, Azure OpenAI (URL with
 * the deployment and {@code api-version}, {@code api-key} header), vLLM, Ollama, llama.cpp
 * server, DeepSeek, OpenRouter. Thread-safe. The answer text is returned as the model wrote it.
 */
public final class OpenAiChatClient implements ChatClient {
    private final OpenAiSettings settings;
    private final ModelHttp http;
    private final Clock clock;
    private final TokenCounter tokens;
    private final ObjectMapper json = new ObjectMapper();

    /** A client that really waits between retries, with the default retry policy. */
    public OpenAiChatClient(OpenAiSettings settings) {
        this(settings, RetryPolicy.defaults(), Sleeper.system(), Clock.systemUTC());
    }

    /** A client with its waits and time given; tests pass a recording sleeper and a fixed clock. */
    public OpenAiChatClient(OpenAiSettings settings, RetryPolicy retryPolicy, Sleeper sleeper, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.http = ModelHttp.forApi(settings.connectTimeout(), retryPolicy, sleeper, clock, settings.apiKey(),
                settings.apiKeyVariable(), EndpointSlots.permits(settings.baseUrl(), settings.concurrency()));
        this.tokens = TokenCounter.forModel(settings.model());
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        Instant start = clock.instant();
        ModelHttp.Post post = new ModelHttp.Post(endpoint(), headers(), body(request),
                request.timeout().orElse(settings.requestTimeout()), settings.model(), request.timeout().isPresent());
        Answer answer = http.post(post, this::read);
        return answer.toResponse(request, tokens, Duration.between(start, clock.instant()));
    }

    @Override
    public String name() {
        return (settings.azure() ? "azure:" : "openai:") + settings.model();
    }

    @Override
    public String toString() {
        return "OpenAiChatClient[" + settings + "]";
    }

    private URI endpoint() {
        String base = settings.baseUrl().toString().replaceAll("/+$", "");
        if (!settings.azure()) {
            return URI.create(base + "/chat/completions");
        }
        String deployment = URLEncoder.encode(settings.azureDeployment().orElseThrow(), StandardCharsets.UTF_8);
        String version = URLEncoder.encode(settings.azureApiVersion().orElseThrow(), StandardCharsets.UTF_8);
        return URI.create(base + "/openai/deployments/" + deployment + "/chat/completions?api-version=" + version);
    }

    private Map<String, String> headers() {
        Map<String, String> headers = new HashMap<>();
        settings.apiKey().ifPresent(key -> {
            if (settings.azure()) {
                headers.put("api-key", key);
            } else {
                headers.put("authorization", "Bearer " + key);
            }
        });
        return headers;
    }

    private String body(ChatRequest request) {
        ObjectNode body = json.createObjectNode();
        body.put("model", settings.model());
        ArrayNode messages = body.putArray("messages");
        for (ChatMessage message : request.messages()) {
            messages.addObject().put("role", message.role().name().toLowerCase(Locale.ROOT))
                    .put("content", message.content());
        }
        body.put("max_tokens", request.maxTokens());
        body.put("temperature", request.temperature());
        return body.toString();
    }

    private Answer read(JsonNode root) {
        String text = JsonFields.requiredText(root, "/choices/0/message/content");
        return new Answer(text, JsonFields.text(root, "/model", settings.model()),
                JsonFields.optionalInt(root, "/usage/prompt_tokens"),
                JsonFields.optionalInt(root, "/usage/completion_tokens"));
    }
}
