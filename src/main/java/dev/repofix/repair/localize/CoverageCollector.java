package dev.repofix.repair.localize;

import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.LinesRun;
import dev.repofix.testrun.TestInstrumentation;
import java.util.Optional;

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

    /**
     * The lines the passing tests ran in {@code collected} (what {@link #collect} gave for
     * {@code report}), with a way to run the same tests under the same tool in a patched copy;
     * empty where this collector cannot run them again. Empty by default.
     */
    default Optional<LinesRun> linesRun(FailureReport report, SourceCache sources, Coverage.Collected collected) {
        return Optional.empty();
    }

    /** No coverage: the frame ranking alone. */
    static CoverageCollector none(String why) {
        return (report, sources) -> new Coverage.Unavailable(why);
    }
}
