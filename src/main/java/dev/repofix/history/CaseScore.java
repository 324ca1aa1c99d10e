package dev.repofix.history;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One case of an eval run as the history keeps it; cli fills it from the benchmark's scored result
 * (history cannot see eval). Scores are zero for a case that was not SCORED.
 *
 * @param key        the case's result key, unique in its run ({@code case[.setting][.sN]})
 * @param caseId     the case's id
 * @param setting    the input setting; empty for the chained pipeline
 * @param status     SCORED, ERROR, BROKEN or FLAKY
 * @param localized  some predicted line is a reference line
 * @param fileHit    some predicted file is a reference file
 * @param applied    some candidate applied
 * @param fixed      a candidate was VALID under dual testing
 * @param precision  localization precision, 0-1
 * @param recall     localization recall, 0-1
 * @param f1         localization F1, 0-1
 * @param issueScore the judge's 0-100 score of the drafted issue, when judged
 * @param tokens     model tokens, input and output together
 * @param costUsd    model cost, when priced
 * @param millis     wall time of the case
 * @param error      what went wrong, for a case that was not SCORED
 */
public record CaseScore(String key, String caseId, Optional<String> setting, String status, boolean localized,
        boolean fileHit, boolean applied, boolean fixed, double precision, double recall, double f1,
        OptionalDouble issueScore, long tokens, OptionalDouble costUsd, long millis, Optional<String> error) {
    public CaseScore {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(costUsd, "costUsd");
        Objects.requireNonNull(error, "error");
    }

    /** Whether the case counts in its run's rates: it ran and was scored. */
    public boolean scored() {
        return status.equals("SCORED");
    }
}
