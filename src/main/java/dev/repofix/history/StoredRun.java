package dev.repofix.history;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the history keeps of one run, written in one transaction.
 *
 * @param summary    the row trends read
 * @param settings   what the run was configured with (sandbox, build, settings, shard, ...)
 * @param stages     per-stage results
 * @param candidates per-candidate verdicts
 * @param cases      an eval run's cases; empty for a fix run
 * @param record     the run's own record ({@code repofix.run/2} JSON) for a fix run
 */
public record StoredRun(RunSummary summary, Map<String, String> settings, List<StageResult> stages,
        List<CandidateVerdict> candidates, List<CaseScore> cases, Optional<String> record) {
    public StoredRun {
        Objects.requireNonNull(summary, "summary");
        settings = Map.copyOf(settings);
        stages = List.copyOf(stages);
        candidates = List.copyOf(candidates);
        cases = List.copyOf(cases);
        Objects.requireNonNull(record, "record");
    }

    public String id() {
        return summary.id();
    }
}
