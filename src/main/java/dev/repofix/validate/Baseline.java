package dev.repofix.validate;

import dev.repofix.testrun.TestRun;
import java.util.List;
import java.util.Objects;

/**
 * The test results before any patch: what must turn green and what must stay green.
 *
 * @param run     the baseline run
 * @param failing ids of the tests a fix must make pass (FAIL_TO_PASS)
 * @param passing ids of the tests that passed and must keep passing (PASS_TO_PASS)
 */
public record Baseline(TestRun run, List<String> failing, List<String> passing) {
    public Baseline {
        Objects.requireNonNull(run, "run");
        failing = List.copyOf(failing);
        passing = List.copyOf(passing);
    }

    public static Baseline of(TestRun run) {
        return new Baseline(run,
                run.failing().stream().map(r -> r.id()).toList(),
                run.passing().stream().map(r -> r.id()).toList());
    }
}
