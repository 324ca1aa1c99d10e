package dev.repofix.history;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One stage over many runs: how often it ended OK, failed or was skipped, and what it cost.
 *
 * @param stage   the stage's name
 * @param runs    times it appears
 * @param ok      times it ended OK
 * @param failed  times it failed
 * @param skipped times it was skipped
 * @param meanMillis mean time when it ran
 * @param tokens  model tokens
 * @param costUsd model cost, when priced
 */
public record StageTrend(String stage, long runs, long ok, long failed, long skipped, double meanMillis, long tokens,
        OptionalDouble costUsd) {
    public StageTrend {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(costUsd, "costUsd");
    }
}
