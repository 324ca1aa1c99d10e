package dev.repofix.history;

import dev.repofix.history.RunSummary.RunKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/** Run summaries built in code for the dashboard's tests: one eval run per call, changed by withers. */
record DashboardRuns(RunSummary run) {
    static DashboardRuns eval(String id, String startedAt, String model, int cases, int fixed) {
        return new DashboardRuns(new RunSummary(id, Instant.parse(startedAt), RunKind.EVAL, "benchmark/cases.jsonl",
                Optional.empty(), "schedule", model, "COMPLETED", cases, fixed, fixed, fixed, OptionalDouble.empty(),
                0, OptionalDouble.empty(), Duration.ofSeconds(90), Optional.empty()));
    }

    DashboardRuns counts(int localized, int applied) {
        RunSummary r = run;
        return new DashboardRuns(new RunSummary(r.id(), r.startedAt(), r.kind(), r.repository(), r.commit(),
                r.trigger(), r.model(), r.status(), r.cases(), localized, applied, r.fixed(), r.issueScore(),
                r.tokens(), r.costUsd(), r.duration(), r.report()));
    }

    DashboardRuns issueScore(double score) {
        RunSummary r = run;
        return new DashboardRuns(new RunSummary(r.id(), r.startedAt(), r.kind(), r.repository(), r.commit(),
                r.trigger(), r.model(), r.status(), r.cases(), r.localized(), r.applied(), r.fixed(),
                OptionalDouble.of(score), r.tokens(), r.costUsd(), r.duration(), r.report()));
    }

    DashboardRuns cost(double usd) {
        RunSummary r = run;
        return new DashboardRuns(new RunSummary(r.id(), r.startedAt(), r.kind(), r.repository(), r.commit(),
                r.trigger(), r.model(), r.status(), r.cases(), r.localized(), r.applied(), r.fixed(), r.issueScore(),
                12_000, OptionalDouble.of(usd), r.duration(), r.report()));
    }

    DashboardRuns fix(String repository, String commit, String report) {
        RunSummary r = run;
        return new DashboardRuns(new RunSummary(r.id(), r.startedAt(), RunKind.FIX, repository, Optional.of(commit),
                "pr", r.model(), r.status(), r.cases(), r.localized(), r.applied(), r.fixed(), r.issueScore(),
                r.tokens(), r.costUsd(), r.duration(), Optional.of(report)));
    }
}
