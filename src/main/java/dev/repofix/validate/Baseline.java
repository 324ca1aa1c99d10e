package dev.repofix.validate;

import dev.repofix.testrun.TestReach;
import dev.repofix.testrun.TestRun;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The test results before any patch: what must turn green and what must stay green.
 *
 * @param run     the baseline run
 * @param failing ids of the tests a fix must make pass (FAIL_TO_PASS)
 * @param passing ids of the tests that passed and must keep passing (PASS_TO_PASS)
 * @param flaky   ids seen both failing and passing before any patch: reported, excluded from both sets
 * @param outside ids of the tests the verdict does not look at: a benchmark case names its
 *                tests, and the others (e.g. one failing at the base for a reason of the
 *                environment) are not part of it; empty outside a benchmark
 * @param reach   which source files each test class ran, from per-test coverage of this code,
 *                for the deciding run's test selection; empty when there is none
 */
public record Baseline(TestRun run, List<String> failing, List<String> passing, List<String> flaky,
        List<String> outside, Optional<TestReach> reach) {
    public Baseline {
        Objects.requireNonNull(run, "run");
        failing = List.copyOf(failing);
        passing = List.copyOf(passing);
        flaky = List.copyOf(flaky);
        outside = List.copyOf(outside);
        Objects.requireNonNull(reach, "reach");
    }

    /** A baseline without per-test coverage. */
    public Baseline(TestRun run, List<String> failing, List<String> passing, List<String> flaky,
            List<String> outside) {
        this(run, failing, passing, flaky, outside, Optional.empty());
    }

    /** The same baseline with per-test coverage of its code. */
    public Baseline withReach(TestReach coverage) {
        return new Baseline(run, failing, passing, flaky, outside, Optional.of(coverage));
    }

    /** A baseline where every test run is part of the verdict. */
    public Baseline(TestRun run, List<String> failing, List<String> passing, List<String> flaky) {
        this(run, failing, passing, flaky, List.of());
    }

    /** Everything failing is a target, nothing known to be flaky. */
    public static Baseline of(TestRun run) {
        return new Baseline(run,
                run.failing().stream().map(r -> r.id()).toList(),
                run.passing().stream().map(r -> r.id()).toList(), List.of());
    }

    /** The same baseline with {@code ids} moved out of the failing and passing sets into flaky. */
    public Baseline withFlaky(Collection<String> ids) {
        Set<String> f = new LinkedHashSet<>(flaky);
        f.addAll(ids);
        return new Baseline(run, failing.stream().filter(t -> !f.contains(t)).toList(),
                passing.stream().filter(t -> !f.contains(t)).toList(), List.copyOf(f), outside, reach);
    }

    /**
     * The same baseline with {@code ids} set apart: out of the failing and passing sets, into
     * {@link #outside}, which the verdict does not look at. For tests that fail because the
     * environment misses something, not because of the code: no fix is asked to make them pass.
     */
    public Baseline apart(Collection<String> ids) {
        Set<String> away = Set.copyOf(ids);
        Set<String> out = new LinkedHashSet<>(outside);
        out.addAll(ids);
        return new Baseline(run, failing.stream().filter(t -> !away.contains(t)).toList(),
                passing.stream().filter(t -> !away.contains(t)).toList(), flaky, List.copyOf(out), reach);
    }

    /**
     * The same baseline narrowed to a benchmark case's tests, as SWE-bench scores: a fix
     * must make pass the {@code failToPass} tests that fail here and keep passing the
     * {@code passToPass} ones (and a {@code failToPass} one that passes here already) that
     * pass here; every other test run here is {@link #outside}.
     */
    public Baseline within(Collection<String> failToPass, Collection<String> passToPass) {
        Set<String> targets = Set.copyOf(failToPass);
        Set<String> kept = Set.copyOf(passToPass);
        Set<String> out = new LinkedHashSet<>(outside);
        failing.stream().filter(t -> !targets.contains(t)).forEach(out::add);
        passing.stream().filter(t -> !kept.contains(t) && !targets.contains(t)).forEach(out::add);
        return new Baseline(run, failing.stream().filter(targets::contains).toList(),
                passing.stream().filter(t -> kept.contains(t) || targets.contains(t)).toList(), flaky, List.copyOf(out),
                reach);
    }

    /** The tests failing here that are not part of the verdict (see {@link #within}). */
    public List<String> failingOutside() {
        Set<String> out = Set.copyOf(outside);
        return run.failing().stream().map(r -> r.id()).filter(out::contains).distinct().toList();
    }
}
