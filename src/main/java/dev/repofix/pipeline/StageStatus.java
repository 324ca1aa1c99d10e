package dev.repofix.pipeline;

/** How one stage of a run ended. */
public enum StageStatus {
    /** It ran and gave its output. */
    OK,
    /** It ran and failed; the stage record's error says why. */
    FAILED,
    /** It did not run: nothing to do, an earlier stage ended the run, or the run was given its output. */
    SKIPPED
}
