package dev.repofix.history;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One group of a trend: the runs of one model, repository or week, added up.
 *
 * @param key        the model, repository or ISO week ({@code 2026-W48})
 * @param runs       runs in the group
 * @param cases      cases scored
 * @param localized  cases localized
 * @param applied    cases with a patch that applied
 * @param fixed      cases fixed
 * @param issueScore mean judged issue score, when any run was judged
 * @param tokens     model tokens
 * @param costUsd    model cost, when any run was priced
 */
public record TrendRow(String key, long runs, long cases, long localized, long applied, long fixed,
        OptionalDouble issueScore, long tokens, OptionalDouble costUsd) {
    public TrendRow {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(costUsd, "costUsd");
    }

    /** Fixed cases over scored cases, 0-1; empty when no case was scored. */
    public OptionalDouble fixRate() {
        return cases == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) fixed / cases);
    }

    /** Cost per fixed case, when priced and something was fixed. */
    public OptionalDouble costPerFix() {
        return fixed == 0 || costUsd.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(costUsd.getAsDouble() / fixed);
    }
}
