package dev.repofix.history;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One stage of a run (or of one case of an eval run) as the history keeps it.
 *
 * @param caseKey     the eval case it belongs to; empty text for a fix run
 * @param position    its place in the run, from 0
 * @param stage       the stage's name
 * @param status      OK, FAILED or SKIPPED
 * @param millis      time spent in it
 * @param attempts    model answers asked for; 0 when no model answered it
 * @param inputTokens prompt tokens
 * @param outputTokens answer tokens
 * @param costUsd     model cost, when priced
 * @param summary     its one line for people
 */
public record StageResult(String caseKey, int position, String stage, String status, long millis, int attempts,
        long inputTokens, long outputTokens, OptionalDouble costUsd, String summary) {
    public StageResult {
        Objects.requireNonNull(caseKey, "caseKey");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(costUsd, "costUsd");
        Objects.requireNonNull(summary, "summary");
    }
}
