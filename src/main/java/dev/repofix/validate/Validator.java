package dev.repofix.validate;

import dev.repofix.stage.PatchCandidate;
import java.time.Duration;

/** Gives the tests' verdict on one candidate. Thread-safe: candidates may be validated at once. */
@FunctionalInterface
public interface Validator {
    /** Never null; a candidate that cannot be judged gets NOT_APPLIED, BUILD_FAILED or TIMEOUT. */
    Validation validate(PatchCandidate candidate, Baseline baseline, Duration timeout);
}
