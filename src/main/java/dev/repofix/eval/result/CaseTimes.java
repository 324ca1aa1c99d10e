package dev.repofix.eval.result;

import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import java.time.Duration;
import java.util.Set;

/**
 * Where one case's wall time went, in milliseconds.
 *
 * @param wallMs       the whole case, from its start to its result
 * @param baselineMs   establishing the baseline: the checkout, the environment's set-up, the baseline test run and
 *                     the flaky check's reruns
 * @param stagesMs     the issue, localization and patch stages together
 * @param validationMs validating candidates
 */
public record CaseTimes(long wallMs, long baselineMs, long stagesMs, long validationMs) {
    private static final Set<String> ANSWERING = Set.of("issue", "localize", "patch");

    public CaseTimes {
        if (wallMs < 0 || baselineMs < 0 || stagesMs < 0 || validationMs < 0) {
            throw new IllegalArgumentException("times must not be negative");
        }
    }

    /** Only the wall time is known (the case ended before any run). */
    public static CaseTimes wall(Duration wall) {
        return new CaseTimes(wall.toMillis(), 0, 0, 0);
    }

    /** The phases as the run record's stage records give them. */
    public static CaseTimes of(RunResult record, Duration wall) {
        return new CaseTimes(wall.toMillis(), millis(record, Set.of("checkout", "setup", "baseline", "flaky-check")), millis(record, ANSWERING),
                millis(record, Set.of("validate")));
    }

    private static long millis(RunResult record, Set<String> stages) {
        return record.stages().stream().filter(s -> stages.contains(s.stage())).map(StageRecord::elapsed)
                .mapToLong(Duration::toMillis).sum();
    }
}
