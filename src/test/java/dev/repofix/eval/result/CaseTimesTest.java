package dev.repofix.eval.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CaseTimesTest {
    /** Baseline + stages + validation is where a case's time goes: the checkout and the reruns are the baseline's. */
    @Test
    void theBaselineTakesInTheCheckoutAndTheFlakyChecksReruns() {
        RunResult base = Results.scored().record();
        List<StageRecord> stages = List.of(
                StageRecord.ok("checkout", Duration.ofMillis(10), "files", Optional.empty()),
                StageRecord.ok("baseline", Duration.ofMillis(100), "1 failing", Optional.empty()),
                StageRecord.ok("flaky-check", Duration.ofMillis(50), "no flaky test", Optional.empty()),
                StageRecord.ok("issue", Duration.ofMillis(5), "drafted", Optional.empty()),
                StageRecord.ok("localize", Duration.ofMillis(6), "lines", Optional.empty()),
                StageRecord.ok("patch", Duration.ofMillis(7), "candidates", Optional.empty()),
                StageRecord.ok("validate", Duration.ofMillis(200), "VALID", Optional.empty()));
        RunResult record = new RunResult(base.runId(), base.source(), base.commit(), base.build(), base.testCommand(),
                base.reproduce(), base.model(), base.sandbox(), base.status(), base.failing(), base.passingCount(),
                base.flaky(), base.issue(), base.localization(), base.candidates(), base.fixId(), base.buildLog(),
                stages, base.error(), base.notes(), base.origin(), base.startedAt(), base.total());

        CaseTimes times = CaseTimes.of(record, Duration.ofMillis(400));

        assertThat(times).isEqualTo(new CaseTimes(400, 160, 18, 200));
    }
}
