package dev.repofix.validate;

import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import java.nio.file.Path;
import java.time.Duration;
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

    /** The baseline with flaky tests set apart, after {@code reruns} reruns in {@code dir}. */
    public Baseline check(Baseline baseline, Path dir, int reruns, Duration timeout) {
        Set<String> flaky = new LinkedHashSet<>();
        for (int i = 0; i < reruns && !baseline.failing().isEmpty(); i++) {
            Optional<TestOutcome> only = suite.only(dir, baseline.failing(), timeout);
            TestOutcome outcome = only.orElseGet(() -> suite.all(dir, timeout));
            if (outcome instanceof TestOutcome.Completed c) {
                for (TestResult r : c.run().results()) {
                    boolean wasFailing = baseline.failing().contains(r.id());
                    if (wasFailing && r.status() == TestStatus.PASSED
                            || !wasFailing && baseline.passing().contains(r.id()) && r.status().isFailure()) {
                        flaky.add(r.id());
                    }
                }
            }
        }
        return flaky.isEmpty() ? baseline : baseline.withFlaky(flaky);
    }

}
