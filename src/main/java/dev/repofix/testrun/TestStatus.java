package dev.repofix.testrun;

/** How one test case ended, as its report says. */
public enum TestStatus {
    PASSED,
    /** An assertion failed (JUnit {@code <failure>}). */
    FAILED,
    /** The test threw something other than an assertion error (JUnit {@code <error>}). */
    ERRORED,
    SKIPPED;

    /** Failed or errored: the test did not pass and was not skipped. */
    public boolean isFailure() {
        return this == FAILED || this == ERRORED;
    }
}
