package dev.repofix.pipeline;

import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.EnvironmentFailure;
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
 * The one product of a run, the same for every reporter, the benchmark and the history
 * ({@code repofix.run/2}). Optionals are empty where the run did not get that far.
 *
 * @param runId        unique id of this run
 * @param source       repository and ref, as given
 * @param commit       commit checked out, when known
 * @param build        build system name; empty when the run ended before detecting it
 * @param testCommand  the command repofix ran the baseline with
 * @param reproduce    what a developer types to see the failures (the plain command selecting them)
 * @param model        what answered the stages: builtin, openai:&lt;model&gt;, ...
 * @param sandbox      where the tests ran: local, or docker and the image; empty before the baseline
 * @param status       how the run ended
 * @param failing      baseline failing tests with their frames
 * @param passingCount baseline passing tests
 * @param flaky        tests seen both failing and passing before any patch
 * @param issue        stage 1 output
 * @param localization stage 2 output
 * @param candidates   stage 3 output in the order tried, each with its verdict when it has one
 * @param fixId        the id of the first VALID candidate
 * @param buildLog     error excerpt of the baseline build when it was broken, else empty
 * @param stages       one record per stage, in order
 * @param error        why the run stopped early: present for ERROR, CANCELLED and STAGE_FAILED
 * @param notes        things the user should know (budget exhausted, candidates skipped)
 * @param origin       what started the run, for publishing and history
 * @param startedAt    when the run began
 * @param total        wall time of the run
 * @param suiteTime    T_suite, the cost model's unit: the baseline's bare run of the whole
 *                     suite; empty when the run ended before it
 * @param environment  the baseline's failures that are the environment's (something from outside
 *                     the repository missing), listed apart: no target, not in {@code failing}
 */
public record RunResult(
        String runId,
        String source,
        Optional<String> commit,
        String build,
        String testCommand,
        String reproduce,
        String model,
        String sandbox,
        RunStatus status,
        List<TestResult> failing,
        int passingCount,
        List<String> flaky,
        Optional<IssueDraft> issue,
        Optional<Localization> localization,
        List<CandidateRecord> candidates,
        Optional<String> fixId,
        String buildLog,
        List<StageRecord> stages,
        Optional<RunError> error,
        List<String> notes,
        RunOrigin origin,
        Instant startedAt,
        Duration total,
        Optional<Duration> suiteTime,
        List<EnvironmentFailure> environment) {
    public RunResult {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(reproduce, "reproduce");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(status, "status");
        failing = List.copyOf(failing);
        flaky = List.copyOf(flaky);
        Objects.requireNonNull(issue, "issue");
        Objects.requireNonNull(localization, "localization");
        candidates = List.copyOf(candidates);
        Objects.requireNonNull(fixId, "fixId");
        Objects.requireNonNull(buildLog, "buildLog");
        stages = List.copyOf(stages);
        Objects.requireNonNull(error, "error");
        notes = List.copyOf(notes);
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(suiteTime, "suiteTime");
        environment = List.copyOf(environment);
        if (fixId.isPresent() && candidates.stream().noneMatch(c -> c.id().equals(fixId.get()))) {
            throw new IllegalArgumentException("the fix " + fixId.get() + " is not among the candidates");
        }
        boolean needsError = status == RunStatus.ERROR || status == RunStatus.CANCELLED
                || status == RunStatus.STAGE_FAILED;
        if (needsError != error.isPresent()) {
            throw new IllegalArgumentException("a run has an error exactly when it ended in ERROR, CANCELLED or "
                    + "STAGE_FAILED, not " + status);
        }
    }

    /** A record without environment failures. */
    public RunResult(String runId, String source, Optional<String> commit, String build, String testCommand,
            String reproduce, String model, String sandbox, RunStatus status, List<TestResult> failing,
            int passingCount, List<String> flaky, Optional<IssueDraft> issue, Optional<Localization> localization,
            List<CandidateRecord> candidates, Optional<String> fixId, String buildLog, List<StageRecord> stages,
            Optional<RunError> error, List<String> notes, RunOrigin origin, Instant startedAt, Duration total,
            Optional<Duration> suiteTime) {
        this(runId, source, commit, build, testCommand, reproduce, model, sandbox, status, failing, passingCount, flaky,
                issue, localization, candidates, fixId, buildLog, stages, error, notes, origin, startedAt, total,
                suiteTime, List.of());
    }

    /** A record without T_suite (made before the baseline ran, or by code that does not time it). */
    public RunResult(String runId, String source, Optional<String> commit, String build, String testCommand,
            String reproduce, String model, String sandbox, RunStatus status, List<TestResult> failing,
            int passingCount, List<String> flaky, Optional<IssueDraft> issue, Optional<Localization> localization,
            List<CandidateRecord> candidates, Optional<String> fixId, String buildLog, List<StageRecord> stages,
            Optional<RunError> error, List<String> notes, RunOrigin origin, Instant startedAt, Duration total) {
        this(runId, source, commit, build, testCommand, reproduce, model, sandbox, status, failing, passingCount, flaky,
                issue, localization, candidates, fixId, buildLog, stages, error, notes, origin, startedAt, total,
                Optional.empty());
    }

    /** The VALID candidate that fixes the failures, when there is one. */
    public Optional<PatchCandidate> fix() {
        return fixId.flatMap(id -> candidates.stream().filter(c -> c.id().equals(id)).findFirst())
                .map(CandidateRecord::candidate);
    }

    /**
     * Without a fix, the candidate proven to make some of the failing tests pass and break no
     * passing test ({@link dev.repofix.validate.Verdict#PARTIAL}), when the search found one.
     */
    public Optional<CandidateRecord> partialFix() {
        return fixId.isPresent() ? Optional.empty() : candidates.stream()
                .filter(c -> c.verdict().filter(v -> v == dev.repofix.validate.Verdict.PARTIAL).isPresent())
                .findFirst();
    }

    /** The validation of the fix, when there is one. */
    public Optional<Validation> fixValidation() {
        return fixId.flatMap(id -> candidates.stream().filter(c -> c.id().equals(id)).findFirst())
                .flatMap(CandidateRecord::validation);
    }

    /**
     * The other VALID candidates, in order: patches the tests cannot tell apart from the
     * fix. Empty when there is no fix or the tests pin it down.
     */
    public List<PatchCandidate> alternatives() {
        return candidates.stream().filter(c -> !fixId.equals(Optional.of(c.id())))
                .filter(c -> c.validation().filter(v -> v.verdict() == dev.repofix.validate.Verdict.VALID).isPresent())
                .map(CandidateRecord::candidate).toList();
    }

    /**
     * How the VALID alternative {@code candidateId} behaves against the fix on inputs derived from
     * the failing tests' calls; empty when it was not probed.
     */
    public Optional<dev.repofix.validate.BehaviourComparison> behaviour(String candidateId) {
        return candidates.stream().filter(c -> c.id().equals(candidateId)).findFirst()
                .flatMap(CandidateRecord::behaviour);
    }

    /** What candidate {@code id} makes unreachable though it passes the tests; empty for most. */
    public List<String> caveats(String id) {
        return candidates.stream().filter(c -> c.id().equals(id)).findFirst().map(CandidateRecord::caveats)
                .orElse(List.of());
    }

    /** The verdicts reached, in candidate order. */
    public List<Validation> validations() {
        return candidates.stream().flatMap(c -> c.validation().stream()).toList();
    }

    /** Time per stage that ran, in order. */
    public Map<String, Duration> timings() {
        Map<String, Duration> out = new LinkedHashMap<>();
        stages.stream().filter(s -> s.status() != StageStatus.SKIPPED).forEach(s -> out.put(s.stage(), s.elapsed()));
        return out;
    }

    /** Tokens in and out over every model-answered stage. */
    public long inputTokens() {
        return stages.stream().flatMap(s -> s.model().stream()).mapToLong(ModelUsage::inputTokens).sum();
    }

    public long outputTokens() {
        return stages.stream().flatMap(s -> s.model().stream()).mapToLong(ModelUsage::outputTokens).sum();
    }

    /** List-price cost over the stages whose model has a known price; empty when none has. */
    public Optional<Double> costUsd() {
        List<Double> costs = stages.stream().flatMap(s -> s.model().stream()).flatMap(m -> m.costUsd().stream())
                .toList();
        return costs.isEmpty() ? Optional.empty() : Optional.of(costs.stream().mapToDouble(Double::doubleValue).sum());
    }

    /** The same record with {@code origin}: what started it, known to the caller, not the pipeline. */
    public RunResult withOrigin(RunOrigin o) {
        return new RunResult(runId, source, commit, build, testCommand, reproduce, model, sandbox, status, failing,
                passingCount, flaky, issue, localization, candidates, fixId, buildLog, stages, error, notes, o,
                startedAt, total, suiteTime, environment);
    }
}
