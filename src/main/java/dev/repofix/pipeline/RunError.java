package dev.repofix.pipeline;

import java.util.Objects;

/**
 * Why a run ended before its verdict: who must act, in which stage, and the message that
 * says what to do. Everything reached before it stays in the run record.
 *
 * @param kind    whose failure it was
 * @param stage   the stage that was running, e.g. "baseline" or "validate"
 * @param message what failed, on what input, what to try; never a secret
 */
public record RunError(Kind kind, String stage, String message) {
    public RunError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(message, "message");
    }

    /** Whose failure it was; decides the exit code. */
    public enum Kind {
        /** The input cannot be worked with (no repository, no tests, a suite that never finishes): exit 2. */
        INPUT,
        /** The model answered, but never usably (no parseable answer in k attempts, too slow): status STAGE_FAILED. */
        MODEL,
        /**
         * The model's service could not be asked (a refused key, unreachable, HTTP errors past the
         * retries, a redirect): status STAGE_FAILED; a benchmark counts it as infrastructure, not a miss.
         */
        SERVICE,
        /**
         * The builtin engine (no model) could not answer a stage: it ran out of what was left of
         * the run's budget, or failed on what it read: status STAGE_FAILED; a benchmark scores it
         * as a miss, as it does a model's unusable answers.
         */
        ENGINE,
        /** repofix's environment failed (Docker, disk, a copy, a report that cannot be read): exit 3. */
        ENVIRONMENT,
        /** A bug in repofix: exit 3, and worth a report. */
        INTERNAL,
        /** The run was interrupted (Ctrl-C, a cancelled CI job): exit 3. */
        CANCELLED
    }
}
