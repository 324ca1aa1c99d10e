package dev.repofix.pipeline;

import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.Validation;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one run found, for reporters. Optionals are empty where the run did not
 * get that far (no failures, or a broken build).
 *
 * @param source       repository and ref, as given
 * @param commit       commit checked out, when known
 * @param build        build system name
 * @param testCommand  the command that reproduces the baseline
 * @param status       how the run ended
 * @param failing      baseline failing tests with their frames
 * @param passingCount baseline passing tests
 * @param flaky        tests seen both failing and passing before any patch
 * @param issue        stage 1 output
 * @param localization stage 2 output
 * @param candidates   stage 3 output, in the order tried
 * @param validations  verdicts, one per candidate validated
 * @param fix          the first VALID candidate
 * @param buildLog     error excerpt of the baseline build when it was broken, else empty
 * @param notes        things the user should know (budget exhausted, candidates skipped)
 * @param timings      time per stage, in order
 * @param startedAt    when the run began
 * @param total        wall time of the run
 */
public record RunResult(
        String source,
        Optional<String> commit,
        String build,
        String testCommand,
        RunStatus status,
        List<TestResult> failing,
        int passingCount,
        List<String> flaky,
        Optional<IssueDraft> issue,
        Optional<Localization> localization,
        List<PatchCandidate> candidates,
        List<Validation> validations,
        Optional<PatchCandidate> fix,
        String buildLog,
        List<String> notes,
        Map<String, Duration> timings,
        Instant startedAt,
        Duration total) {
    public RunResult {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(status, "status");
        failing = List.copyOf(failing);
        flaky = List.copyOf(flaky);
        Objects.requireNonNull(issue, "issue");
        Objects.requireNonNull(localization, "localization");
        candidates = List.copyOf(candidates);
        validations = List.copyOf(validations);
        Objects.requireNonNull(fix, "fix");
        Objects.requireNonNull(buildLog, "buildLog");
        notes = List.copyOf(notes);
        timings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(timings));
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(total, "total");
    }

    /** The validation of the fix, when there is one. */
    public Optional<Validation> fixValidation() {
        return fix.flatMap(f -> validations.stream().filter(v -> v.candidateId().equals(f.id())).findFirst());
    }

    /** The same result with {@code more} notes appended (e.g. a model's per-stage figures). */
    public RunResult withNotes(List<String> more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new RunResult(source, commit, build, testCommand, status, failing, passingCount, flaky, issue,
                localization, candidates, validations, fix, buildLog, all, timings, startedAt, total);
    }
}
