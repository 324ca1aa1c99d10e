package dev.repofix.repair.localize;

import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestInstrumentation;

/** Runs the failing tests (and the tests related to them) under per-test coverage. */
public interface CoverageCollector {
    /** Never throws for what the repository's tests do: a failed run is {@link Coverage.Unavailable}. */
    Coverage collect(FailureReport report, SourceCache sources);

    /**
     * What puts the baseline under the same per-test coverage, so that {@link #collect} reads
     * it instead of running the tests again; {@link TestInstrumentation#none()} by default.
     */
    default TestInstrumentation baseline() {
        return TestInstrumentation.none();
    }

    /** No coverage: the frame ranking alone. */
    static CoverageCollector none(String why) {
        return (report, sources) -> new Coverage.Unavailable(why);
    }
}
