package dev.repofix.stage;

import java.util.List;
import java.util.Objects;

/**
 * How one stage's model answers went, for Loads@k: whether a usable answer came and on which
 * attempt, and how the stage ended. No component is null; {@code errors} is copied.
 *
 * @param stage        "issue", "localize" or "patch"
 * @param parsed       whether some attempt gave a usable answer (the asked-for shape, and usable)
 * @param attempt      the attempt that was usable (1-based), or the number made when none was
 * @param maxAttempts  k, the attempts allowed
 * @param errors       why each refused attempt failed, in order
 * @param inputTokens  prompt tokens over all attempts
 * @param outputTokens answer tokens over all attempts
 * @param outcome      how it ended; {@link AnswerOutcome#USABLE} exactly when {@code parsed}
 */
public record StageAttempts(String stage, boolean parsed, int attempt, int maxAttempts, List<String> errors,
        int inputTokens, int outputTokens, AnswerOutcome outcome) {
    public StageAttempts {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(outcome, "outcome");
        errors = List.copyOf(errors);
        if (parsed != (outcome == AnswerOutcome.USABLE)) {
            throw new IllegalArgumentException("parsed exactly when the outcome is USABLE: " + parsed + " " + outcome);
        }
    }

    /** The outcome USABLE when {@code parsed}, else NOT_PARSED. */
    public StageAttempts(String stage, boolean parsed, int attempt, int maxAttempts, List<String> errors,
            int inputTokens, int outputTokens) {
        this(stage, parsed, attempt, maxAttempts, errors, inputTokens, outputTokens,
                parsed ? AnswerOutcome.USABLE : AnswerOutcome.NOT_PARSED);
    }

    /** A stage the model was not asked: its output was given, or none was wanted. */
    static StageAttempts notAsked(String stage) {
        return new StageAttempts(stage, false, 0, 0, List.of(), 0, 0, AnswerOutcome.NOT_ASKED);
    }

    /** Whether the stage parsed within {@code k} attempts: the numerator of Loads@k. */
    public boolean parsedWithin(int k) {
        return parsed && attempt <= k;
    }
}
