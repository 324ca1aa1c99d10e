package dev.repofix.eval.result;

/** How one case of a benchmark run ended, as far as scoring is concerned. */
public enum ResultStatus {
    /** The case ran and is scored. */
    SCORED,
    /**
     * The infrastructure failed (a fetch, a set-up, an environment that misses what the tests
     * need, Docker, disk, the network to the model): not a model's miss; retried on resume.
     */
    ERROR,
    /**
     * The case itself is wrong: its fail-to-pass tests do not fail at the base commit, its
     * reference tests do not apply or compile there, or its gold patch failed the sanity check.
     */
    BROKEN,
    /** The case's failing tests are flaky: nothing a patch could be judged by. */
    FLAKY;

    /** Whether a resumed run keeps this result rather than running the case again. */
    public boolean finished() {
        return this != ERROR;
    }
}
