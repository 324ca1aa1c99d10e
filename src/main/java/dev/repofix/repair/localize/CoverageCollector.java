package dev.repofix.repair.localize;

import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;

/** Runs the failing tests (and the tests related to them) under per-test coverage. */
public interface CoverageCollector {
    /** Never throws for what the repository's tests do: a failed run is {@link Coverage.Unavailable}. */
    Coverage collect(FailureReport report, SourceCache sources);

    /** No coverage: the frame ranking alone. */
    static CoverageCollector none(String why) {
        return (report, sources) -> new Coverage.Unavailable(why);
    }
}
