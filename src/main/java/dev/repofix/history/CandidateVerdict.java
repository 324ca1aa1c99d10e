package dev.repofix.history;

import java.util.Objects;

/**
 * One patch candidate of a run (or of one case of an eval run) and how validation judged it.
 *
 * @param caseKey     the eval case it belongs to; empty text for a fix run
 * @param position    its place in the run, from 0
 * @param candidateId the candidate's id
 * @param strategy    what proposed it (a template family, a model)
 * @param file        the file it edits
 * @param line        the line it edits
 * @param verdict     the validation's verdict, or NOT_VALIDATED when the search stopped before it
 * @param millis      validation time
 */
public record CandidateVerdict(String caseKey, int position, String candidateId, String strategy, String file,
        int line, String verdict, long millis) {
    /** The verdict of a candidate that was never validated. */
    public static final String NOT_VALIDATED = "NOT_VALIDATED";

    public CandidateVerdict {
        Objects.requireNonNull(caseKey, "caseKey");
        Objects.requireNonNull(candidateId, "candidateId");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(verdict, "verdict");
    }
}
