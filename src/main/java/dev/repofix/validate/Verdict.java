package dev.repofix.validate;

/** What the tests say about one patch candidate. */
public enum Verdict {
    /** Every previously failing test passes and no previously passing test fails. */
    VALID,
    /** The patch builds but some target test still fails, or a passing test broke. */
    TESTS_FAIL,
    /** The patch applies but the project no longer builds (or no test reports). */
    BUILD_FAILED,
    /** The patch does not apply to the workspace, or is refused as unsafe. */
    NOT_APPLIED,
    /** The tests did not finish in time with the patch. */
    TIMEOUT,
    /**
     * Passed screening (the failing tests pass with it), but its run of the whole suite was
     * cut off by the run's time budget before it finished: not proven, and not refuted
     * either. Never counts as a fix; reported with its patch so that a longer run can prove it.
     */
    SCREENED_NOT_FINISHED,
    /**
     * Passes only with its own edits to the tests, which the original tests, run against
     * the patched code, fail: the tests were made to agree with the code.
     */
    TESTS_TAMPERED,
    /**
     * Changes an API together with the tests that call it: the original tests no longer
     * build (or import) against the patched code, and the patch's own tests pass. Not
     * proof of a fix, as the original tests could not judge it, but not tampering either:
     * a reviewer decides whether the API change is wanted.
     */
    TESTS_CHANGED_API,
    /**
     * Not a fix: no candidate made every failing test pass, and this one makes some of them
     * pass ({@code fixed}) and breaks no passing test, proven by a run of the whole suite with
     * the others ({@code stillFailing}) set apart. Failures of different causes (a bug, and a
     * test that fails at the base for a reason of its own) need different fixes, and this is
     * the one for the first. Never counts as a fix; reported with its patch.
     */
    PARTIAL
}
