package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarmScreenVerdictTest {
    private static final Baseline BASELINE = new Baseline(new TestRun(List.of()),
            List.of("a.CalcTest#adds(int)[2]"), List.of("a.CalcTest#subtracts", "b.OtherTest#works"), List.of());

    @Test
    void aParameterizedTargetIsMatchedByItsMethodAndPassesWhenEveryCaseDoes() {
        ScreenResult r = ran(Map.of("a.CalcTest#adds", TestStatus.PASSED, "a.CalcTest#subtracts", TestStatus.PASSED));

        assertThat(WarmScreenVerdict.of("c", r, BASELINE)).as("passes screening: the full run decides").isEmpty();
    }

    @Test
    void aPassingTestThatBreaksInTheClassesRunIsDoneAsBroken() {
        ScreenResult r = ran(Map.of("a.CalcTest#adds", TestStatus.PASSED, "a.CalcTest#subtracts", TestStatus.FAILED));

        Validation v = WarmScreenVerdict.of("c", r, BASELINE).orElseThrow();

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.broken()).containsExactly("a.CalcTest#subtracts");
        assertThat(v.fixed()).containsExactly("a.CalcTest#adds(int)[2]");
    }

    @Test
    void aClassThatFailsAsAWholeFailsItsTargets() {
        ScreenResult r = ran(Map.of("a.CalcTest", TestStatus.ERRORED));

        assertThat(WarmScreenVerdict.of("c", r, BASELINE).orElseThrow().stillFailing())
                .containsExactly("a.CalcTest#adds(int)[2]");
    }

    @Test
    void aTargetThatDidNotRunLeavesTheVerdictToTheFullRun() {
        assertThat(WarmScreenVerdict.of("c", ran(Map.of("a.CalcTest#subtracts", TestStatus.PASSED)), BASELINE))
                .isEmpty();
        assertThat(WarmScreenVerdict.of("c", new ScreenResult.Inconclusive("no JVM", Duration.ZERO), BASELINE))
                .isEmpty();
    }

    @Test
    void aCompileErrorIsABuildFailureAndALoopATimeout() {
        assertThat(WarmScreenVerdict.of("c", new ScreenResult.CompileFailed("Calc.java:3: ';' expected",
                Duration.ZERO), BASELINE).orElseThrow().verdict()).isEqualTo(Verdict.BUILD_FAILED);
        assertThat(WarmScreenVerdict.of("c", new ScreenResult.TimedOut(Duration.ofSeconds(10), Duration.ofSeconds(10)),
                BASELINE).orElseThrow().detail()).contains("did not finish within 10.0s");
    }

    private static ScreenResult ran(Map<String, TestStatus> statuses) {
        return new ScreenResult.Ran(statuses, Map.of(), Duration.ZERO, Duration.ZERO);
    }
}
