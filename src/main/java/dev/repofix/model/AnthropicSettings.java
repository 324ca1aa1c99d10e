package dev.repofix.model;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where and how to reach the Anthropic Messages API.
 *
 * @param baseUrl        e.g. {@code https://api.anthropic.com} (the client appends {@code /v1/messages})
 * @param model          the model to ask, e.g. "claude-sonnet-4-20250514"
 * @param apiKey         the key; empty only for proxies that add their own. Never printed.
 * @param apiKeyVariable the environment variable the key came from, named in error messages
 * @param connectTimeout bound on opening a connection
 * @param requestTimeout bound on a request that carries no timeout of its own, retries included
 * @param concurrency    requests in flight at once to the endpoint; empty: 1 for a loopback host, else no limit
 */
public record AnthropicSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
        Duration connectTimeout, Duration requestTimeout, OptionalInt concurrency) {
    public AnthropicSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(apiKeyVariable, "apiKeyVariable");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(concurrency, "concurrency");
    }

    /** Settings with the concurrency by endpoint (1 for a loopback host, else no limit). */
    public AnthropicSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
            Duration connectTimeout, Duration requestTimeout) {
        this(baseUrl, model, apiKey, apiKeyVariable, connectTimeout, requestTimeout, OptionalInt.empty());
    }

    /**
     * Settings with 10 s to connect and, for a request that carries no timeout of its own
     * (the stages' requests carry their share of the run's budget), 5 min.
     */
    public static AnthropicSettings of(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable) {
        return new AnthropicSettings(baseUrl, model, apiKey, apiKeyVariable, Duration.ofSeconds(10),
                Duration.ofMinutes(5));
    }

    /** The same with the operator's request timeout (if set) and concurrency. */
    public AnthropicSettings withLimits(Optional<Duration> timeout, OptionalInt requests) {
        return new AnthropicSettings(baseUrl, model, apiKey, apiKeyVariable, connectTimeout,
                timeout.orElse(requestTimeout), requests);
    }

    /** Names the key's variable, never the key. */
    @Override
    public String toString() {
        return "AnthropicSettings[baseUrl=" + baseUrl + ", model=" + model + ", apiKey="
                + ModelHttp.describeKey(apiKey, apiKeyVariable)
                + ", connectTimeout=" + connectTimeout + ", requestTimeout=" + requestTimeout + ", concurrency="
                + concurrency + "]";
    }
}
