package dev.repofix.report;

import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;

/** The one-line verdict of a run, the same in every format. */
final class Headline {
    private Headline() {}

    static String of(RunResult r) {
        return switch (r.status()) {
            case TESTS_PASS -> "all " + r.passingCount() + " tests pass, nothing to fix";
            case FIXED -> "valid patch found for " + r.failing().size() + " failing test(s)";
            case NOT_FIXED -> "no valid patch for " + r.failing().size() + " failing test(s) ("
                    + r.validations().size() + " candidate(s) tried)";
            case FLAKY_ONLY -> "only flaky tests fail (" + String.join(", ", r.flaky()) + "); nothing to fix";
            case STAGE_FAILED -> "a repair stage failed for " + r.failing().size() + " failing test(s): "
                    + r.error().map(RunError::message).orElse("see the report");
            case BUILD_BROKEN -> "the build fails before any test runs";
            case ERROR -> r.error().map(e -> "repofix stopped in " + e.stage() + ": " + e.message())
                    .orElse("repofix stopped with an error");
            case CANCELLED -> r.error().map(e -> "cancelled during " + e.stage()).orElse("cancelled")
                    + "; what was reached before is kept";
        };
    }
}
