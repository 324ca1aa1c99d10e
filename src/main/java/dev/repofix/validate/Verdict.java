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
    /** Passes only with its own edits to the tests. */
    TESTS_TAMPERED
}
