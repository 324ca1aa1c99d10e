package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.report.RunResultBuilder;
import dev.repofix.report.RunResults;
import dev.repofix.validate.PhaseTimes;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code bench fix}'s rows come from the run record: its stages and each candidate's phases. */
class FixBenchStepsTest {
    @Test
    void takesEachStepFromTheRecordsStagesAndPhases() {
        RunResult fixed = RunResults.fixed(); // c1 fails, c2 is the fix, c3 at the same line
        RunResultBuilder b = RunResultBuilder.from(fixed);
        b.candidates = List.of(
                record(fixed, 0, validation("c1", Verdict.TESTS_FAIL, ms(300), null, null)),
                record(fixed, 1, validation("c2", Verdict.VALID, ms(100), ms(9000), ms(500))),
                record(fixed, 2, validation("c3", Verdict.VALID, ms(200), ms(8000), null)));
        b.stages = List.of(ok("checkout", ms(400)), ok("setup", ms(600)), ok("baseline", ms(10_000)),
                ok("flaky-check", ms(4000)), ok("issue", ms(20)), ok("localize", ms(7000)), ok("patch", ms(80)),
                ok("validate", ms(18_000)));

        Map<String, Optional<Duration>> rows = FixBench.steps(b.build(), Optional.of(ms(31_000))).stream()
                .collect(Collectors.toMap(FixBench.Step::step, FixBench.Step::time));

        assertThat(rows).containsEntry("baseline", Optional.of(ms(10_000)))
                .containsEntry("flaky check (reruns of the failing tests)", Optional.of(ms(4000)))
                .containsEntry("coverage run (the localize stage)", Optional.of(ms(7000)))
                .containsEntry("screening, per candidate (median)", Optional.of(ms(200)))
                .containsEntry("first VALID candidate's full run", Optional.of(ms(9500)))
                .containsEntry("alternatives' full runs (same line, after the fix)", Optional.of(ms(8000)))
                .containsEntry("other stages (checkout, setup, issue, patch)", Optional.of(ms(1100)))
                .containsEntry("time to the VALID verdict", Optional.of(ms(31_000)))
                .containsEntry("total wall (the run record's)", Optional.of(fixed.total()));
    }

    @Test
    void leavesEmptyWhatTheRunDidNotReach() {
        RunResultBuilder b = RunResultBuilder.from(RunResults.notFixed());
        b.stages = List.of(ok("baseline", ms(10_000)));

        Map<String, Optional<Duration>> rows = FixBench.steps(b.build(), Optional.empty()).stream()
                .collect(Collectors.toMap(FixBench.Step::step, FixBench.Step::time));

        assertThat(rows).containsEntry("flaky check (reruns of the failing tests)", Optional.empty())
                .containsEntry("first VALID candidate's full run", Optional.empty())
                .containsEntry("alternatives' full runs (same line, after the fix)", Optional.empty())
                .containsEntry("time to the VALID verdict", Optional.empty());
    }

    private static CandidateRecord record(RunResult r, int i, Validation v) {
        return new CandidateRecord(r.candidates().get(i).candidate(), Optional.of(v));
    }

    private static Validation validation(String id, Verdict verdict, Duration screen, Duration full,
            Duration modified) {
        return new Validation(id, verdict, List.of(), List.of(), List.of(), "", List.of(), ms(1),
                new PhaseTimes(Optional.empty(), Optional.empty(), Optional.of(screen), Optional.ofNullable(full),
                        Optional.ofNullable(modified)));
    }

    private static StageRecord ok(String stage, Duration d) {
        return StageRecord.ok(stage, d, "", Optional.empty());
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }
}
