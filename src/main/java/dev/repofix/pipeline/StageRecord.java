package dev.repofix.pipeline;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One stage of a run as data: checkout, baseline, flaky-check, issue, localize, patch or
 * validate.
 *
 * @param stage   the stage's name
 * @param status  ok, failed or skipped
 * @param elapsed time spent in it (zero when skipped)
 * @param summary one line for people: what it found, or why it was skipped
 * @param model   attempts, tokens and cost when a model answered it
 * @param error   why it failed; present exactly when {@code status} is FAILED
 */
public record StageRecord(String stage, StageStatus status, Duration elapsed, String summary,
        Optional<ModelUsage> model, Optional<RunError> error) {
    public StageRecord {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(error, "error");
        if ((status == StageStatus.FAILED) != error.isPresent()) {
            throw new IllegalArgumentException("a stage has an error exactly when it failed: " + stage + " " + status);
        }
    }

    public static StageRecord ok(String stage, Duration elapsed, String summary, Optional<ModelUsage> model) {
        return new StageRecord(stage, StageStatus.OK, elapsed, summary, model, Optional.empty());
    }

    public static StageRecord skipped(String stage, String why) {
        return new StageRecord(stage, StageStatus.SKIPPED, Duration.ZERO, why, Optional.empty(), Optional.empty());
    }

    public static StageRecord failed(String stage, Duration elapsed, Optional<ModelUsage> model, RunError error) {
        return new StageRecord(stage, StageStatus.FAILED, elapsed, error.message(), model, Optional.of(error));
    }
}
