package dev.repofix.eval.score;

import dev.repofix.eval.cases.LineRef;
import dev.repofix.eval.result.CaseResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Every metric of one SCORED case, computed from its result alone by {@link Scores#of}.
 *
 * @param result         the result scored
 * @param loads          the localization stage produced a parsed answer (its stage record is OK)
 * @param predicted      predicted lines, duplicates collapsed, in ranked order
 * @param truePositives  predicted lines that are reference lines
 * @param precision      true positives / predicted lines; 0 when nothing was predicted
 * @param recall         true positives / reference lines; 0 when the reference has none
 * @param f1             harmonic mean of precision and recall; 0 when both are 0
 * @param fileHit        some predicted file is a reference file
 * @param top1           the first prediction is a reference line
 * @param top5           one of the first five predictions is a reference line
 * @param causeHit       the reference cause line is among the predictions (any rank); empty when the case has none
 * @param effectHit      the reference effect line is among the predictions (any rank); empty when the case has none
 * @param applied        some candidate applied (its verdict is not NOT_APPLIED)
 * @param passed         the run is FIXED: a candidate was VALID under dual testing
 * @param referenceEqual the fix makes the reference's source change; empty when there is no fix or no reference patch
 * @param inputTokens    prompt tokens over the stages
 * @param outputTokens   answer tokens over the stages
 * @param costUsd        list-price cost, when known
 * @param stageMs        wall time per stage that ran, in order
 * @param issueScore     the judge's 0-100 score of the drafted issue, when judged
 * @param bugTypeHit     stage 1's bug type is one of the case's (bug identification); empty when the case has none
 * @param allCausesHit   every bug's cause line is predicted (DSDBench's "localized"); empty when the case has no cause
 */
public record CaseScores(CaseResult result, boolean loads, List<LineRef> predicted, int truePositives,
        double precision, double recall, double f1, boolean fileHit, boolean top1, boolean top5,
        Optional<Boolean> causeHit, Optional<Boolean> effectHit, boolean applied, boolean passed,
        Optional<Boolean> referenceEqual, long inputTokens, long outputTokens, Optional<Double> costUsd,
        Map<String, Long> stageMs, OptionalDouble issueScore, Optional<Boolean> bugTypeHit,
        Optional<Boolean> allCausesHit) {
    public CaseScores {
        Objects.requireNonNull(result, "result");
        predicted = List.copyOf(predicted);
        Objects.requireNonNull(causeHit, "causeHit");
        Objects.requireNonNull(effectHit, "effectHit");
        Objects.requireNonNull(referenceEqual, "referenceEqual");
        Objects.requireNonNull(costUsd, "costUsd");
        stageMs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stageMs));
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(bugTypeHit, "bugTypeHit");
        Objects.requireNonNull(allCausesHit, "allCausesHit");
    }

    public int referenceCount() {
        return result.reference().locations().size();
    }

    public String language() {
        return result.reference().language();
    }

    public OptionalInt contextTokens() {
        return result.contextTokens();
    }
}
