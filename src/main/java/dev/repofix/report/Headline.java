package dev.repofix.report;

import dev.repofix.pipeline.RunResult;

/**
 * The one-line verdict of a run, the same in every format: plain text on one line, the
 * run's own words in it (test ids, the error) {@link Markdown#visible} and cut; a Markdown
 * reporter still renders it through {@link Markdown#text}.
 */
final class Headline {
    /** How much of an error message or of the flaky tests' names a headline quotes. */
    static final int QUOTED = 300;

    private Headline() {}

    static String of(RunResult r) {
        return switch (r.status()) {
            case TESTS_PASS -> "all " + r.passingCount() + " tests pass, nothing to fix";
            case FIXED -> "valid patch found for " + r.failing().size() + " failing test(s)";
            case NOT_FIXED -> "no valid patch for " + r.failing().size() + " failing test(s) ("
                    + r.validations().size() + " candidate(s) tried)" + r.partialFix().flatMap(p -> p.validation())
                    .map(v -> "; a partial fix makes " + v.fixed().size() + " of them pass").orElse("");
            case FLAKY_ONLY -> "only flaky tests fail (" + quoted(String.join(", ", r.flaky())) + "); nothing to fix";
            case STAGE_FAILED -> "a repair stage failed for " + r.failing().size() + " failing test(s): "
                    + r.error().map(e -> quoted(e.message())).orElse("see the report");
            case BUILD_BROKEN -> "the build fails before any test runs";
            case ENVIRONMENT -> "the environment misses " + quoted(String.join(", ", r.environment().stream()
                    .map(e -> e.missing()).distinct().toList())) + "; no test ran into a bug, nothing to fix";
            case ERROR -> r.error().map(e -> "repofix stopped in " + quoted(e.stage()) + ": " + quoted(e.message()))
                    .orElse("repofix stopped with an error");
            case CANCELLED -> r.error().map(e -> "cancelled during " + quoted(e.stage())).orElse("cancelled")
                    + (r.fix().isPresent() ? " after a valid patch was found" : "") + "; what was reached before is kept";
        };
    }

    private static String quoted(String said) {
        return Markdown.visibleLine(said, QUOTED);
    }
}
