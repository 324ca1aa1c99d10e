package dev.repofix.eval.score;

import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import java.util.List;

/**
 * A whole benchmark's figures, recomputed from its results.
 *
 * @param settings one summary per input setting, by name
 * @param excluded ERROR, BROKEN and FLAKY results, by key: counted and listed, never scored
 */
public record Summary(List<SettingSummary> settings, List<CaseResult> excluded) {
    public Summary {
        settings = List.copyOf(settings);
        excluded = List.copyOf(excluded);
    }

    /** Excluded results of {@code status}. */
    public List<CaseResult> excluded(ResultStatus status) {
        return excluded.stream().filter(r -> r.status() == status).toList();
    }
}
