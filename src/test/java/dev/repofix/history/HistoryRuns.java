package dev.repofix.history;

import dev.repofix.pipeline.RunResult;
import dev.repofix.report.RunResultBuilder;
import dev.repofix.report.RunResults;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** Runs to store, built in code: fix runs from the report tests' records, eval runs from case scores. */
final class HistoryRuns {
    static final Instant MONDAY = Instant.parse("2026-11-16T10:00:00Z");

    private HistoryRuns() {}

    /** A fixed or not fixed fix run of {@code model}, begun {@code days} after {@link #MONDAY}. */
    static StoredRun fix(String id, String model, boolean fixed, int days) {
        RunResultBuilder b = RunResultBuilder.from(fixed ? RunResults.fixed() : RunResults.notFixed());
        b.runId = id;
        b.model = model;
        b.startedAt = MONDAY.plus(Duration.ofDays(days));
        return FixRuns.of(b.build(), Optional.of("out/" + id + "/report.json"));
    }

    static RunResult record(String id) {
        RunResultBuilder b = RunResultBuilder.from(RunResults.fixed());
        b.runId = id;
        return b.build();
    }

    /** An eval run of {@code model} whose cases are fixed where {@code fixed} says so. */
    static StoredRun eval(String id, String model, Map<String, Boolean> fixed) {
        List<CaseScore> cases = new ArrayList<>();
        fixed.forEach((key, f) -> cases.add(score(key, f)));
        return new EvalRuns(id, MONDAY, "cases.jsonl", "schedule", model, Map.of("shard", "1/1"),
                Duration.ofMinutes(3), Optional.of("eval-out/" + id), cases, List.of(), List.of()).stored();
    }

    static CaseScore score(String key, boolean fixed) {
        return new CaseScore(key, key, Optional.empty(), "SCORED", fixed, true, true, fixed, fixed ? 1 : 0.5,
                fixed ? 1 : 0.5, fixed ? 1 : 0.5, OptionalDouble.of(fixed ? 80 : 40), 100, OptionalDouble.empty(),
                1000, Optional.empty());
    }
}
