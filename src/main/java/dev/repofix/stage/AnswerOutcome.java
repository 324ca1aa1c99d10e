package dev.repofix.stage;

/**
 * How one stage's questions to the model ended, as the stage's row and the run's error say
 * it. Closed: switch over it.
 */
public enum AnswerOutcome {
    /** An answer parsed and could be used. */
    USABLE,
    /** No answer had the asked-for shape (no JSON, a "diff" that is no patch). */
    NOT_PARSED,
    /** The last answer had the shape but could not be used (a diff of files that do not exist, only test lines). */
    UNUSABLE,
    /** The server refused the request and said why (an HTTP 4xx, a refused key, a request over its window). */
    REFUSED,
    /** No answer came in time: the request timed out, the server was unreachable, or the run's budget ran out. */
    NO_ANSWER,
    /**
     * The model was not asked: the stage's output was given (a benchmark setting's reference
     * issue or locations), or none was wanted (the patch under an issue setting).
     */
    NOT_ASKED
}
