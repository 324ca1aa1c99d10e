package dev.repofix.history;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One stored run with all its rows, for {@code history show}.
 *
 * @param summary    its summary
 * @param settings   what it was configured with
 * @param stages     its stages (an eval run's: every case's)
 * @param candidates its candidates
 * @param cases      an eval run's cases; empty for a fix run
 */
public record RunDetail(RunSummary summary, Map<String, String> settings, List<StageResult> stages,
        List<CandidateVerdict> candidates, List<CaseScore> cases) {
    public RunDetail {
        Objects.requireNonNull(summary, "summary");
        settings = Map.copyOf(settings);
        stages = List.copyOf(stages);
        candidates = List.copyOf(candidates);
        cases = List.copyOf(cases);
    }
}
