package dev.repofix.history;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One stored run as trends and the dashboard see it: a {@code fix} run counts as one case, an
 * {@code eval} run as its scored cases. Counts are over {@code cases}; optionals are empty where
 * the run has no such figure (no judge, no priced model, no saved report).
 *
 * @param id         the run id
 * @param startedAt  when the run began
 * @param kind       what was run
 * @param repository the repository (URL or name) for a fix run; the case file or benchmark name for eval
 * @param commit     the commit a fix run checked out; empty for eval
 * @param trigger    what started it: pr, push, schedule, local, ...
 * @param model      what answered the stages: builtin, openai:&lt;model&gt;, ...
 * @param status     how the run ended (a fix run's RunStatus name; COMPLETED or the failure for eval)
 * @param cases      cases scored: 1 for a fix run that reached its tests, else 0
 * @param localized  cases whose localization hit a reference or the fixed line
 * @param applied    cases with a patch that applied
 * @param fixed      cases with a VALID patch
 * @param issueScore mean judged issue score, 0-100
 * @param tokens     model tokens used, input and output together
 * @param costUsd    model cost in US dollars, when the model is priced
 * @param duration   wall time of the run
 * @param report     where the run's own report lies (path or URL), for links
 */
public record RunSummary(String id, Instant startedAt, RunKind kind, String repository, Optional<String> commit,
        String trigger, String model, String status, int cases, int localized, int applied, int fixed,
        OptionalDouble issueScore, long tokens, OptionalDouble costUsd, Duration duration, Optional<String> report) {
    /** What kind of run a summary is of. */
    public enum RunKind { FIX, EVAL }

    public RunSummary {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(issueScore, "issueScore");
        Objects.requireNonNull(costUsd, "costUsd");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(report, "report");
        if (cases < 0 || localized < 0 || applied < 0 || fixed < 0 || tokens < 0) {
            throw new IllegalArgumentException("counts cannot be negative: run " + id);
        }
        if (localized > cases || applied > cases || fixed > cases) {
            throw new IllegalArgumentException("run " + id + " counts more localized, applied or fixed cases than its "
                    + cases + " cases");
        }
    }
}
