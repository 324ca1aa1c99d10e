package dev.repofix.pipeline;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a model-answered stage cost: attempts (Loads@k), tokens and, where the model's list
 * price is known, dollars. Cached answers count as they were first paid.
 *
 * @param attempts       answers asked for
 * @param maxAttempts    k, the answers allowed
 * @param parsedOn       the attempt whose answer parsed (1-based); empty when none did
 * @param inputTokens    prompt tokens over all attempts
 * @param outputTokens   answer tokens over all attempts
 * @param costUsd        list-price cost in US dollars; empty when the model has no known price
 * @param parseErrors    why each unparsed answer was refused, in order
 */
public record ModelUsage(int attempts, int maxAttempts, OptionalInt parsedOn, long inputTokens, long outputTokens,
        Optional<Double> costUsd, List<String> parseErrors) {
    public ModelUsage {
        Objects.requireNonNull(parsedOn, "parsedOn");
        Objects.requireNonNull(costUsd, "costUsd");
        parseErrors = List.copyOf(parseErrors);
        if (attempts < 0 || maxAttempts < 0 || inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("attempts and tokens must not be negative");
        }
    }
}
