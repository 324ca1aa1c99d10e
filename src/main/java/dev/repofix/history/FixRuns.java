package dev.repofix.history;

import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.report.JsonReport;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** What the history keeps of a run record: the fix run's own, or one eval case's stages and candidates. */
public final class FixRuns {
    private FixRuns() {}

    /**
     * The stored form of a fix run.
     *
     * @param run    the run record
     * @param report where its report was written (for links); empty when nowhere
     */
    public static StoredRun of(RunResult run, Optional<String> report) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("build", run.build());
        settings.put("testCommand", run.testCommand());
        settings.put("sandbox", run.sandbox());
        run.origin().pullRequest().ifPresent(pr -> settings.put("pullRequest", String.valueOf(pr)));
        int cases = scored(run.status()) ? 1 : 0;
        int applied = cases == 1 && run.candidates().stream().anyMatch(FixRuns::applied) ? 1 : 0;
        int fixed = run.status() == RunStatus.FIXED ? 1 : 0;
        int localized = cases == 1 && localizedFix(run) ? 1 : 0;
        RunSummary summary = new RunSummary(run.runId(), run.startedAt(), RunSummary.RunKind.FIX,
                run.origin().repository().orElse(run.source()), run.commit().or(() -> run.origin().headSha()),
                run.origin().trigger(), run.model(), run.status().name(), cases, localized, applied, fixed,
                OptionalDouble.empty(), run.inputTokens() + run.outputTokens(), optional(run.costUsd()), run.total(),
                report);
        return new StoredRun(summary, settings, stages("", run), candidates("", run), List.of(),
                Optional.of(new JsonReport().render(run)));
    }

    /**
     * A run counts as one case when it had failing tests to fix and got as far as trying: FIXED,
     * NOT_FIXED or STAGE_FAILED. Passing suites, broken builds, flaky-only failures, errors and
     * cancellations are kept but are no case a repair rate should count.
     */
    static boolean scored(RunStatus status) {
        return switch (status) {
            case FIXED, NOT_FIXED, STAGE_FAILED -> true;
            case TESTS_PASS, FLAKY_ONLY, BUILD_BROKEN, ENVIRONMENT, ERROR, CANCELLED -> false;
        };
    }

    /** A fix run is localized when a suspected location is the line its valid patch edits. */
    private static boolean localizedFix(RunResult run) {
        Optional<PatchCandidate> fix = run.fix();
        List<Location> locations = run.localization().map(l -> l.locations()).orElse(List.of());
        return fix.isPresent() && locations.stream()
                .anyMatch(l -> l.file().equals(fix.get().file()) && l.line() == fix.get().line());
    }

    private static boolean applied(CandidateRecord c) {
        return c.validation().isPresent() && c.validation().get().verdict() != Verdict.NOT_APPLIED;
    }

    /** The stages of a run record, under {@code caseKey} (empty text for a fix run). */
    public static List<StageResult> stages(String caseKey, RunResult run) {
        List<StageResult> out = new ArrayList<>();
        for (StageRecord s : run.stages()) {
            out.add(new StageResult(caseKey, out.size(), s.stage(), s.status().name(), s.elapsed().toMillis(),
                    s.model().map(m -> m.attempts()).orElse(0), s.model().map(m -> m.inputTokens()).orElse(0L),
                    s.model().map(m -> m.outputTokens()).orElse(0L),
                    s.model().flatMap(m -> m.costUsd()).map(OptionalDouble::of).orElse(OptionalDouble.empty()),
                    s.summary()));
        }
        return out;
    }

    /** The candidates of a run record with their verdicts, under {@code caseKey}. */
    public static List<CandidateVerdict> candidates(String caseKey, RunResult run) {
        List<CandidateVerdict> out = new ArrayList<>();
        for (CandidateRecord c : run.candidates()) {
            PatchCandidate p = c.candidate();
            out.add(new CandidateVerdict(caseKey, out.size(), p.id(), p.strategy(), p.file(), p.line(),
                    c.validation().map(v -> v.verdict().name()).orElse(CandidateVerdict.NOT_VALIDATED),
                    c.validation().map(v -> v.elapsed().toMillis()).orElse(0L)));
        }
        return out;
    }

    private static OptionalDouble optional(Optional<Double> value) {
        return value.map(OptionalDouble::of).orElse(OptionalDouble.empty());
    }
}
