package dev.repofix.pipeline;

import dev.repofix.stage.AnswerOutcome;
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
 * @param parseErrors    why each answer not used was refused, in order
 * @param outcome        how the stage's questions ended; USABLE exactly when {@code parsedOn} is present
 */
public record ModelUsage(int attempts, int maxAttempts, OptionalInt parsedOn, long inputTokens, long outputTokens,
        Optional<Double> costUsd, List<String> parseErrors, AnswerOutcome outcome) {
    public ModelUsage {
        Objects.requireNonNull(parsedOn, "parsedOn");
        Objects.requireNonNull(costUsd, "costUsd");
        Objects.requireNonNull(outcome, "outcome");
        if (parsedOn.isPresent() != (outcome == AnswerOutcome.USABLE)) {
            throw new IllegalArgumentException("parsedOn is present exactly when the outcome is USABLE: " + outcome);
        }
        parseErrors = List.copyOf(parseErrors);
        if (attempts < 0 || maxAttempts < 0 || inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("attempts and tokens must not be negative");
        }
    }

    /** The outcome USABLE when {@code parsedOn} is present, else NOT_PARSED (records written before outcomes). */
    public ModelUsage(int attempts, int maxAttempts, OptionalInt parsedOn, long inputTokens, long outputTokens,
            Optional<Double> costUsd, List<String> parseErrors) {
        this(attempts, maxAttempts, parsedOn, inputTokens, outputTokens, costUsd, parseErrors,
                parsedOn.isPresent() ? AnswerOutcome.USABLE : AnswerOutcome.NOT_PARSED);
    }

    /** The same usage, ended as {@code outcome} instead; a usable one stays as it is. */
    ModelUsage endedAs(AnswerOutcome other) {
        return outcome == AnswerOutcome.USABLE ? this : new ModelUsage(attempts, maxAttempts, parsedOn, inputTokens,
                outputTokens, costUsd, parseErrors, other);
    }
}
