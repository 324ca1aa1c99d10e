package dev.repofix.eval.result;

import dev.repofix.eval.cases.CaseReference;
import dev.repofix.pipeline.RunResult;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * One finished case of a benchmark run ({@code repofix.eval-result/1}), as saved in
 * {@code OUT/cases/<key>.json}: the run record itself and what scoring needs beside it.
 *
 * @param caseId        the case's id
 * @param setting       the input setting (origin, message, oracle, ...); empty when the run has one
 * @param sample        the sample number (1-based) when a case is run several times; empty for one run
 * @param model         what answered the stages
 * @param status        how the case ended for scoring
 * @param contextTokens the context budget the stages were given, when known (for the sweep)
 * @param reference     the case's reference
 * @param record        the run record; empty only for an ERROR before any run
 * @param issueScore    the judge's marks for the drafted issue, when judged
 * @param error         what went wrong, for ERROR, BROKEN and FLAKY
 * @param times         wall time and time per phase
 * @param setupLog      the set-up log of the environment the case ran in, relative to the results folder
 *                      ({@code environments/<key>.log}); empty when none was prepared or kept
 */
public record CaseResult(String caseId, Optional<String> setting, OptionalInt sample, String model, ResultStatus status,
        OptionalInt contextTokens, CaseReference reference, Optional<RunResult> record, Optional<IssueScore> issueScore,
        Optional<String> error, CaseTimes times, Optional<String> setupLog) {
    /** Case ids and settings become file names: letters, digits and {@code - _ .} only. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    public CaseResult {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(sample, "sample");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(contextTokens, "contextTokens");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(times, "times");
        Objects.requireNonNull(setupLog, "setupLog");
        if (!NAME.matcher(caseId).matches() || caseId.contains("..")) {
            throw new IllegalArgumentException("a case id must be letters, digits, '-', '_' or '.' (no '..'): '"
                    + caseId + "'");
        }
        if (setting.isPresent() && (!NAME.matcher(setting.get()).matches() || setting.get().contains("."))) {
            throw new IllegalArgumentException("a setting must be letters, digits, '-' or '_': '" + setting.get() + "'");
        }
        if (sample.isPresent() && sample.getAsInt() < 1) {
            throw new IllegalArgumentException("samples count from 1: " + sample.getAsInt());
        }
        if (status == ResultStatus.SCORED && record.isEmpty()) {
            throw new IllegalArgumentException("a SCORED result needs its run record: " + caseId);
        }
    }

    /** A result with no set-up log named. */
    public CaseResult(String caseId, Optional<String> setting, OptionalInt sample, String model, ResultStatus status,
            OptionalInt contextTokens, CaseReference reference, Optional<RunResult> record,
            Optional<IssueScore> issueScore, Optional<String> error, CaseTimes times) {
        this(caseId, setting, sample, model, status, contextTokens, reference, record, issueScore, error, times,
                Optional.empty());
    }

    /** The same naming {@code log} as its set-up log. */
    public CaseResult withSetupLog(Optional<String> log) {
        return new CaseResult(caseId, setting, sample, model, status, contextTokens, reference, record, issueScore,
                error, times, log);
    }

    /** {@code <case-id>[.<setting>][.s<sample>]}: the result's file name without {@code .json}, unique in a run. */
    public String key() {
        return key(caseId, setting, sample);
    }

    public static String key(String caseId, Optional<String> setting, OptionalInt sample) {
        StringBuilder k = new StringBuilder(caseId);
        setting.ifPresent(s -> k.append('.').append(s));
        sample.ifPresent(s -> k.append(".s").append(s));
        return k.toString();
    }
}
