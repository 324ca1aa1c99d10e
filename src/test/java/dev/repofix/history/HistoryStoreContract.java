package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What every history store does, whatever the engine: each engine's test runs these against a real one. */
abstract class HistoryStoreContract {
    /** Where a new, empty store is; each call names another one. */
    abstract StoreLocation location();

    HistoryStore store() {
        return HistoryStore.open(location());
    }

    @Test
    void aWriterKilledMidRunLeavesEveryFinishedRunAndNoHalfOne() throws Exception {
        StoreLocation where = location();
        HistoryStore.open(where);
        Process writer = HistoryWriterProcess.start(where, "killed", 100_000);
        List<String> finished = HistoryWriterProcess.awaitFinished(writer, 20);

        writer.destroyForcibly(); // SIGKILL on Unix: no shutdown hook, no rollback by the writer
        assertThat(writer.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        HistoryStore reopened = HistoryStore.open(where);
        List<RunSummary> runs = reopened.runs(RunFilter.all());
        assertThat(runs).extracting(RunSummary::id).containsAll(finished);
        int stagesPerRun = HistoryWriterProcess.run("x", 0).stages().size();
        int candidatesPerRun = HistoryWriterProcess.run("x", 0).candidates().size();
        assertThat(reopened.size().stages()).isEqualTo((long) runs.size() * stagesPerRun);
        assertThat(reopened.size().candidates()).isEqualTo((long) runs.size() * candidatesPerRun);
        reopened.record(HistoryRuns.fix("after", "builtin", true, 0));
        assertThat(reopened.run("after")).isPresent();
    }

    @Test
    void twoWritersAtOnceLoseNothing() throws Exception {
        StoreLocation where = location();
        HistoryStore.open(where);
        Process a = HistoryWriterProcess.start(where, "a", 40);
        Process b = HistoryWriterProcess.start(where, "b", 40);

        List<String> finishedA = HistoryWriterProcess.awaitFinished(a, 40);
        List<String> finishedB = HistoryWriterProcess.awaitFinished(b, 40);
        assertThat(a.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(b.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(a.exitValue()).isZero();
        assertThat(b.exitValue()).isZero();
        List<String> stored = HistoryStore.open(where).runs(RunFilter.all()).stream().map(RunSummary::id).toList();
        assertThat(stored).hasSize(80).containsAll(finishedA).containsAll(finishedB);
    }

    @Test
    void keepsAFixRunWithItsStagesAndCandidates() {
        HistoryStore store = store();
        store.record(HistoryRuns.fix("run-1", "builtin", true, 0));

        RunDetail run = store.run("run-1").orElseThrow();

        assertThat(run.summary()).isEqualTo(HistoryRuns.fix("run-1", "builtin", true, 0).summary());
        assertThat(run.summary().fixed()).isEqualTo(1);
        assertThat(run.summary().localized()).isEqualTo(1);
        assertThat(run.candidates()).extracting(CandidateVerdict::verdict)
                .containsExactly("TESTS_FAIL", "VALID", CandidateVerdict.NOT_VALIDATED);
        assertThat(run.stages()).extracting(StageResult::stage).isNotEmpty()
                .isEqualTo(HistoryRuns.fix("run-1", "builtin", true, 0).stages().stream().map(StageResult::stage).toList());
        assertThat(run.settings()).containsEntry("build", "maven");
    }

    @Test
    void recordingARunAgainReplacesIt() {
        HistoryStore store = store();
        store.record(HistoryRuns.fix("run-1", "builtin", false, 0));
        store.record(HistoryRuns.fix("run-1", "builtin", true, 0));

        assertThat(store.runs(RunFilter.all())).singleElement().extracting(RunSummary::fixed).isEqualTo(1);
        assertThat(store.run("run-1").orElseThrow().candidates()).hasSize(3);
    }

    @Test
    void aWriteThatFailsLeavesNoHalfRun() {
        HistoryStore store = store();
        StoredRun good = HistoryRuns.fix("run-1", "builtin", true, 0);
        StageResult first = good.stages().get(0);
        StoredRun broken = new StoredRun(good.summary(), good.settings(), List.of(first, first), good.candidates(),
                List.of(), good.record());

        assertThatThrownBy(() -> store.record(broken)).isInstanceOf(HistoryException.class)
                .hasMessageContaining("cannot write 1 run(s)");

        assertThat(store.runs(RunFilter.all())).isEmpty();
        assertThat(store.size().stages()).isZero();
        assertThat(store.size().candidates()).isZero();
    }

    @Test
    void trendByModelAddsUpEachModelsFixRate() {
        HistoryStore store = store();
        store.record(List.of(HistoryRuns.fix("a1", "builtin", true, 0), HistoryRuns.fix("a2", "builtin", false, 1),
                HistoryRuns.fix("a3", "builtin", true, 2), HistoryRuns.fix("b1", "openai:gpt-4o", false, 0),
                HistoryRuns.eval("e1", "openai:gpt-4o", Map.of("c1", true, "c2", true, "c3", false))));

        List<TrendRow> rows = store.trend(TrendBy.MODEL, RunFilter.all());

        assertThat(rows).extracting(TrendRow::key).containsExactly("builtin", "openai:gpt-4o");
        assertThat(rows.get(0).fixRate().getAsDouble()).isEqualTo(2.0 / 3);
        assertThat(rows.get(1).runs()).isEqualTo(2);
        assertThat(rows.get(1).cases()).isEqualTo(4);
        assertThat(rows.get(1).fixed()).isEqualTo(2);
        assertThat(rows.get(1).issueScore().getAsDouble()).isEqualTo((80 + 80 + 40) / 3.0, within());
    }

    @Test
    void trendByWeekGroupsRunsByIsoWeek() {
        HistoryStore store = store();
        store.record(List.of(HistoryRuns.fix("a1", "builtin", true, 0), HistoryRuns.fix("a2", "builtin", false, 6),
                HistoryRuns.fix("a3", "builtin", true, 7)));

        List<TrendRow> rows = store.trend(TrendBy.WEEK, RunFilter.all());

        assertThat(rows).extracting(TrendRow::key, TrendRow::runs, TrendRow::fixed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("2026-W47", 2L, 1L),
                        org.assertj.core.groups.Tuple.tuple("2026-W48", 1L, 1L));
    }

    @Test
    void stageTrendCountsHowEachStageEnded() {
        HistoryStore store = store();
        StoredRun run = HistoryRuns.fix("a1", "builtin", true, 0);
        store.record(List.of(run, HistoryRuns.fix("a2", "builtin", false, 1)));

        List<StageTrend> stages = store.stageTrend(RunFilter.all());

        assertThat(stages).extracting(StageTrend::stage)
                .containsExactlyInAnyOrderElementsOf(run.stages().stream().map(StageResult::stage).distinct().toList());
        assertThat(stages).allSatisfy(s -> assertThat(s.runs()).isEqualTo(2));
        assertThat(stages).allSatisfy(s -> assertThat(s.ok() + s.failed() + s.skipped()).isEqualTo(s.runs()));
    }

    @Test
    void listingFiltersByModelAndKindNewestFirst() {
        HistoryStore store = store();
        store.record(List.of(HistoryRuns.fix("a1", "builtin", true, 0), HistoryRuns.fix("a2", "builtin", false, 3),
                HistoryRuns.fix("b1", "openai:gpt-4o", true, 1),
                HistoryRuns.eval("e1", "builtin", Map.of("c1", true))));

        assertThat(store.runs(RunFilter.all().model("builtin").kind(RunSummary.RunKind.FIX)))
                .extracting(RunSummary::id).containsExactly("a2", "a1");
        assertThat(store.runs(RunFilter.all().limit(1))).extracting(RunSummary::id).containsExactly("a2");
        assertThat(store.runs(RunFilter.all().since(HistoryRuns.MONDAY.plus(Duration.ofDays(1)))))
                .extracting(RunSummary::id).containsExactlyInAnyOrder("a2", "b1");
    }

    @Test
    void compareShowsCaseByCaseWhatTwoEvalRunsGotDifferently() {
        HistoryStore store = store();
        store.record(HistoryRuns.eval("before", "builtin", Map.of("c1", true, "c2", false, "c3", true, "c4", true)));
        store.record(HistoryRuns.eval("after", "openai:gpt-4o", Map.of("c1", true, "c2", true, "c3", false,
                "c5", false)));

        List<CaseChange> changes = store.compare("before", "after");

        assertThat(changes).extracting(CaseChange::key, CaseChange::change).containsExactly(
                org.assertj.core.groups.Tuple.tuple("c2", "fixed"), org.assertj.core.groups.Tuple.tuple("c3", "unfixed"),
                org.assertj.core.groups.Tuple.tuple("c4", "gone"), org.assertj.core.groups.Tuple.tuple("c5", "new"));
    }

    @Test
    void compareRefusesARunThatIsNotThere() {
        HistoryStore store = store();
        store.record(HistoryRuns.eval("before", "builtin", Map.of("c1", true)));

        assertThatThrownBy(() -> store.compare("before", "nope")).isInstanceOf(HistoryException.class)
                .hasMessageContaining("no run nope").hasMessageContaining("history list");
    }

    @Test
    void pruneRemovesOldRunsWithAllTheirRows() {
        HistoryStore store = store();
        store.record(List.of(HistoryRuns.fix("old", "builtin", true, 0), HistoryRuns.fix("new", "builtin", true, 10)));
        long stagesOfOne = store.size().stages() / 2;

        int removed = store.prune(HistoryRuns.MONDAY.plus(Duration.ofDays(5)));

        assertThat(removed).isEqualTo(1);
        assertThat(store.runs(RunFilter.all())).extracting(RunSummary::id).containsExactly("new");
        StoreSize size = store.size();
        assertThat(size.stages()).isEqualTo(stagesOfOne);
        assertThat(size.candidates()).isEqualTo(3);
        assertThat(size.oldest()).contains(HistoryRuns.MONDAY.plus(Duration.ofDays(10)));
        assertThat(size.bytes()).isPresent();
    }

    @Test
    void evalRunKeepsEveryCaseScore() {
        HistoryStore store = store();
        StoredRun eval = HistoryRuns.eval("e1", "builtin", Map.of("c1", true, "c2", false));
        store.record(eval);

        RunDetail run = store.run("e1").orElseThrow();

        assertThat(run.cases()).containsExactlyInAnyOrderElementsOf(eval.cases());
        assertThat(run.summary().cases()).isEqualTo(2);
        assertThat(run.summary().fixed()).isEqualTo(1);
        assertThat(run.summary().costUsd()).isEqualTo(OptionalDouble.empty());
        assertThat(run.summary().report()).isEqualTo(Optional.of("eval-out/e1"));
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }
}
