package dev.repofix.eval.result;

/** How one case of a benchmark run ended, as far as scoring is concerned. */
public enum ResultStatus {
    /** The case ran and is scored. */
    SCORED,
    /** The infrastructure failed (Docker, disk, network to the model): not a model's miss; retried on resume. */
    ERROR,
    /** The case itself is wrong: its gold patch failed the sanity check. */
    BROKEN,
    /** The case's failing tests are flaky: nothing a patch could be judged by. */
    FLAKY;

    /** Whether a resumed run keeps this result rather than running the case again. */
    public boolean finished() {
        return this != ERROR;
    }
}
