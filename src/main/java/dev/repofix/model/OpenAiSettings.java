package dev.repofix.model;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where and how to reach an OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI,
 * vLLM, Ollama, llama.cpp server, DeepSeek, OpenRouter).
 *
 * @param baseUrl         e.g. {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1};
 *                        for Azure the resource URL {@code https://NAME.openai.azure.com}
 * @param model           the model to ask, e.g. "gpt-4o"
 * @param apiKey          the key; empty for local servers that need none. Never printed.
 * @param apiKeyVariable  the environment variable the key came from, named in error messages
 * @param azureApiVersion with {@code azureDeployment}: use the Azure URL and {@code api-key} header
 * @param azureDeployment the Azure deployment name
 * @param connectTimeout  bound on opening a connection
 * @param requestTimeout  bound on a request that carries no timeout of its own, retries included
 * @param concurrency     requests in flight at once to the endpoint; empty: 1 for a loopback host, else no limit
 */
public record OpenAiSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
        Optional<String> azureApiVersion, Optional<String> azureDeployment, Duration connectTimeout,
        Duration requestTimeout, OptionalInt concurrency) {
    public OpenAiSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(apiKeyVariable, "apiKeyVariable");
        Objects.requireNonNull(azureApiVersion, "azureApiVersion");
        Objects.requireNonNull(azureDeployment, "azureDeployment");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(concurrency, "concurrency");
    }

    /** Settings with the concurrency by endpoint (1 for a loopback host, else no limit). */
    public OpenAiSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
            Optional<String> azureApiVersion, Optional<String> azureDeployment, Duration connectTimeout,
            Duration requestTimeout) {
        this(baseUrl, model, apiKey, apiKeyVariable, azureApiVersion, azureDeployment, connectTimeout, requestTimeout,
                OptionalInt.empty());
    }

    /**
     * Settings for a plain endpoint, with 10 s to connect and, for a request that carries no
     * timeout of its own (the stages' requests carry their share of the run's budget), 5 min.
     */
    public static OpenAiSettings of(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable) {
        return new OpenAiSettings(baseUrl, model, apiKey, apiKeyVariable, Optional.empty(), Optional.empty(),
                Duration.ofSeconds(10), Duration.ofMinutes(5));
    }

    /** The same with the operator's request timeout (if set) and concurrency. */
    public OpenAiSettings withLimits(Optional<Duration> timeout, OptionalInt requests) {
        return new OpenAiSettings(baseUrl, model, apiKey, apiKeyVariable, azureApiVersion, azureDeployment,
                connectTimeout, timeout.orElse(requestTimeout), requests);
    }

    /** Whether the Azure URL and header form applies (both api-version and deployment given). */
    public boolean azure() {
        return azureApiVersion.isPresent() && azureDeployment.isPresent();
    }

    /** Names the key's variable, never the key. */
    @Override
    public String toString() {
        return "OpenAiSettings[baseUrl=" + baseUrl + ", model=" + model + ", apiKey="
                + ModelHttp.describeKey(apiKey, apiKeyVariable)
                + ", azureApiVersion=" + azureApiVersion.orElse("-") + ", azureDeployment="
                + azureDeployment.orElse("-") + ", connectTimeout=" + connectTimeout + ", requestTimeout="
                + requestTimeout + ", concurrency=" + concurrency + "]";
    }
}
