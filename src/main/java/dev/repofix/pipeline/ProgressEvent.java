package dev.repofix.pipeline;

import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import java.time.Duration;

/** Something a person watching the run would want to know. Closed set. */
public sealed interface ProgressEvent {
    /** A stage began, e.g. "baseline", "issue", "localize", "patch". */
    record StageStarted(String stage) implements ProgressEvent {}

    /** A stage ended after {@code elapsed}; {@code summary} is one short line. */
    record StageFinished(String stage, Duration elapsed, String summary) implements ProgressEvent {}

    /** Candidate {@code index} (1-based) of {@code total} was validated. */
    record CandidateValidated(int index, int total, PatchCandidate candidate, Validation validation)
            implements ProgressEvent {}

    /**
     * {@code fix} is proven VALID, {@code sinceStart} into the run: the run's verdict. The
     * other candidates at its line (whether the tests can tell them apart) may follow.
     */
    record FixProven(PatchCandidate fix, Validation validation, Duration sinceStart) implements ProgressEvent {}
}
