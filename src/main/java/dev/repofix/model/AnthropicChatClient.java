package dev.repofix.model;

import dev.repofix.context.TokenCounter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A client of the Anthropic Messages API ({@code POST /v1/messages}). System messages go to
 * the top-level {@code system} field, joined by blank lines; the answer is the concatenated
 * text blocks. Thread-safe.
 */
public final class AnthropicChatClient implements ChatClient {
    /** The API version this client speaks; see docs.anthropic.com "Versions". */
    static final String API_VERSION = "2023-06-01";

    private final AnthropicSettings settings;
    private final ModelHttp http;
    private final Clock clock;
    private final TokenCounter tokens = TokenCounter.cl100k();
    private final ObjectMapper json = new ObjectMapper();

    /** A client that really waits between retries, with the default retry policy. */
    public AnthropicChatClient(AnthropicSettings settings) {
        this(settings, RetryPolicy.defaults(), Sleeper.system(), Clock.systemUTC());
    }

    /** A client with its waits and time given; tests pass a recording sleeper and a fixed clock. */
    public AnthropicChatClient(AnthropicSettings settings, RetryPolicy retryPolicy, Sleeper sleeper, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.http = ModelHttp.forApi(settings.connectTimeout(), retryPolicy, sleeper, clock, settings.apiKey(),
                settings.apiKeyVariable(), EndpointSlots.permits(settings.baseUrl(), settings.concurrency()));
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        Instant start = clock.instant();
        URI endpoint = URI.create(settings.baseUrl().toString().replaceAll("/+$", "") + "/v1/messages");
        Map<String, String> headers = new HashMap<>();
        headers.put("anthropic-version", API_VERSION);
        settings.apiKey().ifPresent(key -> headers.put("x-api-key", key));
        ModelHttp.Post post = new ModelHttp.Post(endpoint, headers, body(request),
                request.timeout().orElse(settings.requestTimeout()), settings.model(), request.timeout().isPresent());
        Answer answer = http.post(post, this::read);
        return answer.toResponse(request, tokens, Duration.between(start, clock.instant()));
    }

    @Override
    public String name() {
        return "anthropic:" + settings.model();
    }

    @Override
    public String toString() {
        return "AnthropicChatClient[" + settings + "]";
    }

    private String body(ChatRequest request) {
        ObjectNode body = json.createObjectNode();
        body.put("model", settings.model());
        body.put("max_tokens", request.maxTokens());
        body.put("temperature", request.temperature());
        String system = request.messages().stream().filter(m -> m.role() == ChatMessage.Role.SYSTEM)
                .map(ChatMessage::content).collect(Collectors.joining("\n\n"));
        if (!system.isEmpty()) {
            body.put("system", system);
        }
        ArrayNode messages = body.putArray("messages");
        for (ChatMessage message : request.messages()) {
            if (message.role() != ChatMessage.Role.SYSTEM) {
                messages.addObject().put("role", message.role().name().toLowerCase(Locale.ROOT))
                        .put("content", message.content());
            }
        }
        return body.toString();
    }

    private Answer read(JsonNode root) {
        JsonNode content = root.path("content");
        if (!content.isArray()) {
            throw new MalformedAnswer("no content array");
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : content) {
            if ("text".equals(block.path("type").asText())) {
                text.append(JsonFields.requiredText(block, "/text"));
            }
        }
        return new Answer(text.toString(), JsonFields.text(root, "/model", settings.model()),
                JsonFields.optionalInt(root, "/usage/input_tokens"),
                JsonFields.optionalInt(root, "/usage/output_tokens"));
    }
}
