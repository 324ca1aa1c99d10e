package dev.repofix.validate;

import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reruns the baseline's failing tests: one that passes on any rerun is flaky, so it is
 * reported and kept out of FAIL_TO_PASS (a patch cannot be judged by it). Where the
 * build cannot select tests the whole suite reruns, which also catches passing tests
 * that fail now and then.
 */
public final class FlakyCheck {
    private final SuiteRunner suite;

    public FlakyCheck(SuiteRunner suite) {
        this.suite = suite;
    }

    /**
     * What the reruns found.
     *
     * @param baseline     the baseline with flaky tests set apart
     * @param failingOnly  how long running only the failing tests took (the cost of screening a
     *                     candidate), when the build could select them
     */
    public record Result(Baseline baseline, Optional<Duration> failingOnly) {}

    /** Reruns the failing tests {@code reruns} times in {@code dir}, each within {@code timeout}. */
    public Result check(Baseline baseline, Path dir, int reruns, Duration timeout) {
        return check(baseline, dir, reruns, () -> timeout);
    }

    /**
     * Reruns the failing tests up to {@code reruns} times in {@code dir}; each rerun gets
     * the time {@code limit} gives when it starts (what is left of the run's budget), and
     * none starts when that is under a second.
     */
    public Result check(Baseline baseline, Path dir, int reruns, java.util.function.Supplier<Duration> limit) {
        Set<String> flaky = new LinkedHashSet<>();
        Set<String> failing = new HashSet<>(baseline.failing());
        Set<String> passing = new HashSet<>(baseline.passing());
        Optional<Duration> failingOnly = Optional.empty();
        for (int i = 0; i < reruns && !baseline.failing().isEmpty(); i++) {
            Duration timeout = limit.get();
            if (timeout.compareTo(Duration.ofSeconds(1)) < 0) {
                break;
            }
            Optional<TestOutcome> only = suite.only(dir, baseline.failing(), timeout);
            if (only.isPresent()) {
                Duration t = only.get().exec().elapsed();
                failingOnly = Optional.of(failingOnly.filter(old -> old.compareTo(t) < 0).orElse(t));
            }
            TestOutcome outcome = only.orElseGet(() -> suite.all(dir, timeout));
            if (outcome instanceof TestOutcome.Completed c) {
                for (TestResult r : c.run().results()) {
                    boolean wasFailing = failing.contains(r.id());
                    if (wasFailing && r.status() == TestStatus.PASSED
                            || !wasFailing && passing.contains(r.id()) && r.status().isFailure()) {
                        flaky.add(r.id());
                    }
                }
            }
        }
        return new Result(flaky.isEmpty() ? baseline : baseline.withFlaky(flaky), failingOnly);
    }

}
