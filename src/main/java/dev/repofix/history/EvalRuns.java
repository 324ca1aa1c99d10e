package dev.repofix.history;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * An eval run as the history keeps it, from its cases' scores; cli fills this from the benchmark's results.
 *
 * @param id        the run's id, stable for one results folder so that importing it again replaces it
 * @param startedAt when the run began
 * @param benchmark the case file or benchmark name
 * @param trigger   what started it
 * @param model     what answered the stages
 * @param settings  what the run was configured with
 * @param duration  wall time
 * @param report    where its results lie, for links
 * @param cases     every case's scores
 * @param stages    every case's stages
 * @param candidates every case's candidates
 */
public record EvalRuns(String id, Instant startedAt, String benchmark, String trigger, String model,
        Map<String, String> settings, Duration duration, Optional<String> report, List<CaseScore> cases,
        List<StageResult> stages, List<CandidateVerdict> candidates) {
    public EvalRuns {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(model, "model");
        settings = Map.copyOf(settings);
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(report, "report");
        cases = List.copyOf(cases);
        stages = List.copyOf(stages);
        candidates = List.copyOf(candidates);
    }

    /**
     * The stored run: counts are over the SCORED cases; status COMPLETED, or INCOMPLETE when a case
     * ended in ERROR (the infrastructure failed, so the run is not a model's whole answer).
     */
    public StoredRun stored() {
        List<CaseScore> scored = cases.stream().filter(CaseScore::scored).toList();
        OptionalDouble issue = scored.stream().filter(c -> c.issueScore().isPresent())
                .mapToDouble(c -> c.issueScore().getAsDouble()).average();
        boolean priced = cases.stream().anyMatch(c -> c.costUsd().isPresent());
        OptionalDouble cost = priced ? OptionalDouble.of(cases.stream()
                .mapToDouble(c -> c.costUsd().orElse(0)).sum()) : OptionalDouble.empty();
        String status = cases.stream().anyMatch(c -> c.status().equals("ERROR")) ? "INCOMPLETE" : "COMPLETED";
        RunSummary summary = new RunSummary(id, startedAt, RunSummary.RunKind.EVAL, benchmark, Optional.empty(),
                trigger, model, status, scored.size(), count(scored, CaseScore::localized),
                count(scored, CaseScore::applied), count(scored, CaseScore::fixed), issue,
                cases.stream().mapToLong(CaseScore::tokens).sum(), cost, duration, report);
        return new StoredRun(summary, settings, stages, candidates, cases, Optional.empty());
    }

    private static int count(List<CaseScore> cases, java.util.function.Predicate<CaseScore> which) {
        return (int) cases.stream().filter(which).count();
    }
}
