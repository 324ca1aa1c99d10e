package dev.repofix.pipeline;

/** How a run ended. */
public enum RunStatus {
    /** No test failed: nothing to fix. */
    TESTS_PASS,
    /** Tests failed and a VALID patch was found. */
    FIXED,
    /** Tests failed and no candidate was VALID within the budget. */
    NOT_FIXED,
    /** Only tests that also passed on a rerun failed: nothing a patch could be judged by. */
    FLAKY_ONLY,
    /** A stage could not answer (the model refused the key, was unreachable, never gave parseable output). */
    STAGE_FAILED,
    /** The build or test command failed before any test reported. */
    BUILD_BROKEN,
    /**
     * Every failure is the environment's: a module, distribution or dependency from outside the
     * repository is missing (or the build could not resolve its dependencies), so no test ran
     * into the code's bug; the record's environment failures say what is missing and the
     * {@code setup} that would install it. No repair is attempted.
     */
    ENVIRONMENT,
    /**
     * The run could not go on: bad input (no tests, a suite that never finishes), or repofix
     * or its environment failed (Docker, disk, a copy). The record's error says where;
     * everything reached before it is kept.
     */
    ERROR,
    /** The run was interrupted (Ctrl-C, a cancelled CI job); everything reached before it is kept. */
    CANCELLED
}
