package dev.repofix.pipeline;

import dev.repofix.config.RunConfig;
import dev.repofix.config.UrlCredentials;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.Refusals;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * What one run of {@link RepairPipeline} has reached so far, owned by that one call (no
 * part it wires sees it): the steps' returned values are put here, and {@link #finish} or
 * {@link #stop} turns them into the immutable {@link RunResult}.
 */
final class RunAssembly {
    static final String CHECKOUT = "checkout";
    static final String SETUP = "setup";
    static final String BASELINE = "baseline";
    static final String FLAKY_CHECK = "flaky-check";
    static final String ISSUE = "issue";
    static final String LOCALIZE = "localize";
    static final String PATCH = "patch";
    static final String VALIDATE = "validate";
    /** Every stage a record lists, in order; those that did not run are there as skipped. */
    static final List<String> STAGES = List.of(CHECKOUT, SETUP, BASELINE, FLAKY_CHECK, ISSUE, LOCALIZE, PATCH, VALIDATE);

    final RunConfig config;
    final String runId;
    final String model;
    final Instant startedAt;
    private final Clock clock;

    final List<StageRecord> stages = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    /** The workspace's files that its confined reader refused (a link out, a fifo), once it is open. */
    Refusals refusals = new Refusals();
    String source;
    Optional<String> commit = Optional.empty();
    String build = "";
    String testCommand = "";
    String reproduce = "";
    String sandbox = "";
    List<TestResult> failing = List.of();
    int passing;
    List<String> flaky = List.of();
    /** The baseline's failures that are the environment's, set apart from the targets. */
    List<EnvironmentFailure> environment = List.of();
    Optional<IssueDraft> issue = Optional.empty();
    Optional<Localization> localization = Optional.empty();
    List<PatchCandidate> candidates = List.of();
    List<Validation> validations = List.of();
    /** How each VALID alternative behaves against the fix, by candidate id, where probed. */
    Map<String, dev.repofix.validate.BehaviourComparison> behaviour = Map.of();
    Optional<String> fixId = Optional.empty();
    /** What VALID candidates make unreachable, by candidate id; none for most. */
    Map<String, List<String>> caveats = Map.of();
    String buildLog = "";
    /** T_suite: the baseline's bare run of the whole suite, once it ran. */
    Optional<Duration> suiteTime = Optional.empty();
    /** Whether the baseline that {@link #suiteTime} timed ran under per-test coverage. */
    boolean instrumentedBaseline;
    /** How many candidates the patch stage proposed, before {@code --max-candidates}. */
    private int proposedCount;
    /** The setting that cut the candidates: --max-candidates, or --max-screened where screening was on. */
    private String budgetKey = "--max-candidates";
    /** Narrows the baseline to the tests a benchmark case names; all of them outside a benchmark. */
    UnaryOperator<Baseline> scope = UnaryOperator.identity();
    /** The fail-to-pass tests a benchmark case names; none outside a benchmark. */
    List<String> targets = List.of();
    /** How the run ends when it ends after the baseline. */
    RunStatus outcome = RunStatus.NOT_FIXED;

    RunAssembly(RunConfig config, String runId, String model, Instant startedAt, Clock clock) {
        this.config = config;
        this.runId = runId;
        this.model = model;
        this.startedAt = startedAt;
        this.clock = clock;
        // What a run shows of the URL it was given: never its user info, in any report or the history.
        this.source = UrlCredentials.masked(config.repo()) + config.ref().map(r -> "@" + r).orElse("");
    }

    /**
     * The limit of one suite run started now: {@code --test-timeout}, or what is left of the
     * {@code --timeout} budget when that is less (zero when it is spent).
     */
    Duration suiteLimit() {
        Duration left = remaining();
        return left.compareTo(config.testTimeout()) < 0 ? left : config.testTimeout();
    }

    /** What is left of the {@code --timeout} budget; zero when it is spent. */
    Duration remaining() {
        Duration left = Duration.between(clock.instant(), startedAt.plus(config.timeout()));
        return left.isNegative() ? Duration.ZERO : left;
    }

    /**
     * The first {@code --max-candidates} of {@code proposed}. The ones left out are noted
     * at the end, and only when no fix was found among those tried: otherwise they never
     * mattered.
     */
    List<PatchCandidate> withinBudget(List<PatchCandidate> proposed) {
        return withinBudget(proposed, false);
    }

    /**
     * The same, or, when each candidate is {@code screened} before its full run, the first
     * {@code --max-screened} (at least {@code --max-candidates}): then max-candidates counts
     * full runs, which only candidates that pass screening get.
     */
    List<PatchCandidate> withinBudget(List<PatchCandidate> proposed, boolean screened) {
        int max = screened ? Math.max(config.maxScreened(), config.maxCandidates()) : config.maxCandidates();
        budgetKey = screened ? "--max-screened" : "--max-candidates";
        proposedCount = proposed.size();
        return proposed.subList(0, Math.min(proposed.size(), max));
    }

    /** Records the stages that did not run, each with {@code why}. */
    void skipStages(String why, String... names) {
        for (String name : names) {
            if (stages.stream().noneMatch(s -> s.stage().equals(name))) {
                stages.add(StageRecord.skipped(name, why));
            }
        }
    }

    /** Records every stage not run yet as skipped, with {@code why}. */
    void skipRest(String why) {
        skipStages(why, STAGES.toArray(String[]::new));
    }

    RunResult finish(RunStatus status) {
        return result(status, Optional.empty());
    }

    /** The record of a run that {@code error} stopped, with everything reached before it. */
    RunResult stop(RunError error) {
        RunStatus status = switch (error.kind()) {
            case MODEL, SERVICE, ENGINE -> RunStatus.STAGE_FAILED;
            case CANCELLED -> RunStatus.CANCELLED;
            case INPUT, ENVIRONMENT, INTERNAL -> RunStatus.ERROR;
        };
        skipRest("the run stopped in " + error.stage());
        return result(status, Optional.of(error));
    }

    private RunResult result(RunStatus status, Optional<RunError> error) {
        if (fixId.isEmpty() && proposedCount > candidates.size()) {
            notes.add("validated at most the first " + candidates.size() + " of " + proposedCount
                    + " candidates (" + budgetKey + ")");
        }
        List<String> allNotes = new ArrayList<>(notes);
        if (fixId.isEmpty()) {
            validations.stream().filter(v -> v.verdict() == Verdict.SCREENED_NOT_FINISHED).forEach(v -> allNotes.add(
                    "screened VALID, full run not finished: candidate " + v.candidateId() + " passed screening (the "
                            + "failing tests pass with it), but the time budget cut off its run of the whole suite; "
                            + "it is not proven (its patch is in the report); raise --timeout to have it proven"));
        }
        allNotes.addAll(refusals.notes());
        Map<String, Validation> byId = validations.stream()
                .collect(Collectors.toMap(Validation::candidateId, Function.identity(), (a, b) -> a));
        List<CandidateRecord> records = candidates.stream()
                .map(c -> new CandidateRecord(c, Optional.ofNullable(byId.get(c.id())),
                        caveats.getOrDefault(c.id(), List.of()), Optional.ofNullable(behaviour.get(c.id()))))
                .toList();
        return new RunResult(runId, source, commit, build, testCommand, reproduce.isEmpty() ? testCommand : reproduce,
                model, sandbox, status, failing, passing, flaky, issue, localization, records, fixId, buildLog, ordered(),
                error, allNotes, RunOrigin.local(), startedAt, Duration.between(startedAt, clock.instant()), suiteTime,
                environment);
    }

    /** The stage records in pipeline order. */
    private List<StageRecord> ordered() {
        List<StageRecord> out = new ArrayList<>(stages);
        out.sort((a, b) -> Integer.compare(STAGES.indexOf(a.stage()), STAGES.indexOf(b.stage())));
        return out;
    }
}
