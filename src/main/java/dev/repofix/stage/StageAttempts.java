package dev.repofix.stage;

import java.util.List;
import java.util.Objects;

/**
 * How one stage's model answers went, for Loads@k: whether an answer parsed and on which
 * attempt. No component is null; {@code errors} is copied.
 *
 * @param stage        "issue", "localize" or "patch"
 * @param parsed       whether some attempt gave the asked-for shape
 * @param attempt      the attempt that parsed (1-based), or the number made when none did
 * @param maxAttempts  k, the attempts allowed
 * @param errors       why each unparsed attempt failed, in order
 * @param inputTokens  prompt tokens over all attempts
 * @param outputTokens answer tokens over all attempts
 */
public record StageAttempts(String stage, boolean parsed, int attempt, int maxAttempts, List<String> errors,
        int inputTokens, int outputTokens) {
    public StageAttempts {
        Objects.requireNonNull(stage, "stage");
        errors = List.copyOf(errors);
    }

    /** Whether the stage parsed within {@code k} attempts: the numerator of Loads@k. */
    public boolean parsedWithin(int k) {
        return parsed && attempt <= k;
    }
}
