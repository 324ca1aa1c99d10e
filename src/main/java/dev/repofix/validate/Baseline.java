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
 * @param flaky   ids seen both failing and passing before any patch: reported, excluded from both sets
 */
public record Baseline(TestRun run, List<String> failing, List<String> passing, List<String> flaky) {
    public Baseline {
        Objects.requireNonNull(run, "run");
        failing = List.copyOf(failing);
        passing = List.copyOf(passing);
        flaky = List.copyOf(flaky);
    }

    /** Everything failing is a target, nothing known to be flaky. */
    public static Baseline of(TestRun run) {
        return new Baseline(run,
                run.failing().stream().map(r -> r.id()).toList(),
                run.passing().stream().map(r -> r.id()).toList(), List.of());
    }

    /** The same baseline with {@code ids} moved out of the failing and passing sets into flaky. */
    public Baseline withFlaky(java.util.Collection<String> ids) {
        java.util.Set<String> f = new java.util.LinkedHashSet<>(flaky);
        f.addAll(ids);
        return new Baseline(run, failing.stream().filter(t -> !f.contains(t)).toList(),
                passing.stream().filter(t -> !f.contains(t)).toList(), List.copyOf(f));
    }
}
