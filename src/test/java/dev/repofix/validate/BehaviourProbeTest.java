package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BehaviourProbeTest {
    private static final List<String> CALLS = List.of("f([1])", "f([])", "f(None)");

    @Test
    void reportsTheFirstInputWhereTheResultsDiffer() {
        assertThat(BehaviourProbe.compare(CALLS, List.of("returns 1", "returns 0", "throws TypeError"),
                List.of("returns 1", "throws IndexError", "returns None")))
                .isEqualTo(new BehaviourComparison.Differs("f([])", "returns 0", "throws IndexError", 2));
    }

    @Test
    void saysHowManyInputsWereTriedWhenNoneDiffers() {
        List<String> same = List.of("returns 1", "returns 0", "throws TypeError");

        assertThat(BehaviourProbe.compare(CALLS, same, same)).isEqualTo(new BehaviourComparison.NoDifference(3));
    }

    @Test
    void aProbeThatStoppedHalfWayComparesNothing() {
        assertThat(BehaviourProbe.compare(CALLS, List.of("returns 1"), List.of("returns 1", "returns 0", "returns 2")))
                .isInstanceOf(BehaviourComparison.NotCompared.class);
    }

    @Test
    void cutsLongValues() {
        String longValue = "returns " + "x".repeat(1000);
        BehaviourComparison.Differs d = (BehaviourComparison.Differs) BehaviourProbe.compare(List.of("f()"),
                List.of(longValue), List.of("returns y"));

        assertThat(d.fix()).hasSize(ProbePlan.MAX_VALUE + 3).endsWith("...");
    }
}
