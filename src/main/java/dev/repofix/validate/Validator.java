package dev.repofix.validate;

import dev.repofix.stage.PatchCandidate;
import java.time.Duration;
import java.util.Optional;

/** Gives the tests' verdict on one candidate. Thread-safe: candidates may be validated at once. */
@FunctionalInterface
public interface Validator {
    /** Never null; a candidate that cannot be judged gets NOT_APPLIED, BUILD_FAILED or TIMEOUT. */
    Validation validate(PatchCandidate candidate, Baseline baseline, Duration timeout);

    /**
     * Screening alone, which is cheap: the candidate's verdict when screening settles it (it
     * fails the baseline's failing tests, does not compile, does not apply), empty when it
     * passes screening or none can judge it and only {@link #validate} can tell. This default
     * screens nothing.
     */
    default Optional<Validation> screen(PatchCandidate candidate, Baseline baseline, Duration timeout) {
        return Optional.empty();
    }
}
