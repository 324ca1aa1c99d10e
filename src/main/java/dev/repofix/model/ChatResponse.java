package dev.repofix.model;

import java.time.Duration;
import java.util.Objects;

/**
 * A model's answer.
 *
 * @param text         the answer text (may be empty, never null)
 * @param model        the model that answered, as the API names it
 * @param inputTokens  prompt tokens (reported by the API, or counted)
 * @param outputTokens completion tokens (reported by the API, or counted)
 * @param elapsed      wall time of the call, retries included
 * @param cached       true when served from the response cache or a replay, at no cost
 */
public record ChatResponse(String text, String model, int inputTokens, int outputTokens, Duration elapsed,
        boolean cached) {
    public ChatResponse {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(elapsed, "elapsed");
    }
}
