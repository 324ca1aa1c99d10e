package dev.repofix.model;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to reach the Anthropic Messages API.
 *
 * @param baseUrl        e.g. {@code https://api.anthropic.com} (the client appends {@code /v1/messages})
 * @param model          the model to ask, e.g. "claude-sonnet-4-20250514"
 * @param apiKey         the key; empty only for proxies that add their own. Never printed.
 * @param apiKeyVariable the environment variable the key came from, named in error messages
 * @param connectTimeout bound on opening a connection
 * @param requestTimeout bound on one attempt, from sending to the whole answer
 */
public record AnthropicSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
        Duration connectTimeout, Duration requestTimeout) {
    public AnthropicSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(apiKeyVariable, "apiKeyVariable");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
    }

    /** Settings with 10 s to connect and 5 min per attempt. */
    public static AnthropicSettings of(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable) {
        return new AnthropicSettings(baseUrl, model, apiKey, apiKeyVariable, Duration.ofSeconds(10),
                Duration.ofMinutes(5));
    }

    /** Names the key's variable, never the key. */
    @Override
    public String toString() {
        return "AnthropicSettings[baseUrl=" + baseUrl + ", model=" + model + ", apiKey="
                + ModelHttp.describeKey(apiKey, apiKeyVariable)
                + ", connectTimeout=" + connectTimeout + ", requestTimeout=" + requestTimeout + "]";
    }
}
