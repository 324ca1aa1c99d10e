package dev.repofix.model;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

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
 * @param requestTimeout  bound on one attempt, from sending to the whole answer
 */
public record OpenAiSettings(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable,
        Optional<String> azureApiVersion, Optional<String> azureDeployment, Duration connectTimeout,
        Duration requestTimeout) {
    public OpenAiSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(apiKeyVariable, "apiKeyVariable");
        Objects.requireNonNull(azureApiVersion, "azureApiVersion");
        Objects.requireNonNull(azureDeployment, "azureDeployment");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
    }

    /** Settings for a plain endpoint, with 10 s to connect and 5 min per attempt. */
    public static OpenAiSettings of(URI baseUrl, String model, Optional<String> apiKey, String apiKeyVariable) {
        return new OpenAiSettings(baseUrl, model, apiKey, apiKeyVariable, Optional.empty(), Optional.empty(),
                Duration.ofSeconds(10), Duration.ofMinutes(5));
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
                + requestTimeout + "]";
    }
}
