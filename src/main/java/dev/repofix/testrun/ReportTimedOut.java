package dev.repofix.testrun;

import dev.repofix.config.Durations;
import java.time.Duration;

/** Reading a run's test reports did not end within the time the run had left for it. */
final class ReportTimedOut extends ReportException {
    private static final long serialVersionUID = 1L;

    ReportTimedOut(Duration limit) {
        super("reading the test reports did not finish within the time left of the run (" + Durations.format(limit)
                + " for the tests and their reports); raise --test-timeout and --timeout, or have the tests write "
                + "smaller reports (fewer failures, their output in files rather than in the report)");
    }
}
