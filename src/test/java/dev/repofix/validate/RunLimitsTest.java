package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunLimitsTest {
    @Test
    void aCandidatesRunsGetThreeTimesTheBaselinesTimeForTheSameTests() {
        RunLimits limits = RunLimits.fromBaseline(Duration.ofMinutes(20), Duration.ofSeconds(30),
                Optional.of(Duration.ofSeconds(6)));

        assertThat(limits.full()).contains(Duration.ofSeconds(90));
        assertThat(limits.screen()).contains(Duration.ofSeconds(18));
    }

    @Test
    void noRunIsCutShorterThanTenSecondsNorLongerThanTheTestTimeout() {
        assertThat(RunLimits.fromBaseline(Duration.ofMinutes(20), Duration.ofMillis(900), Optional.empty()).full())
                .contains(Duration.ofSeconds(10));
        assertThat(RunLimits.fromBaseline(Duration.ofSeconds(40), Duration.ofSeconds(30), Optional.empty()).full())
                .as("--test-timeout says otherwise").contains(Duration.ofSeconds(40));
    }

    @Test
    void screeningIsBoundedByTheSuitesTimeWhenTheFailingTestsWereNeverRunAlone() {
        assertThat(RunLimits.fromBaseline(Duration.ofMinutes(20), Duration.ofSeconds(5), Optional.empty()).screen())
                .contains(Duration.ofSeconds(15));
    }
}
