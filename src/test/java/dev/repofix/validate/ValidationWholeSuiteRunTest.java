package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The deciding run's time stands for the suite's (the instrumented baseline's slow-down is
 * measured against it) only where it ran the whole suite.
 */
class ValidationWholeSuiteRunTest {
    private static Validation valid(Optional<TestSelection> selection) {
        return new Validation("c1", Verdict.VALID, List.of("t"), List.of(), List.of(), "", List.of(),
                Duration.ofSeconds(30), PhaseTimes.none().withFullRun(Duration.ofSeconds(25)), selection);
    }

    @Test
    void aDecidingRunOfTheWholeSuiteGivesItsTime() {
        assertThat(valid(Optional.of(new TestSelection.WholeSuite("test selection is off"))).wholeSuiteRun())
                .contains(Duration.ofSeconds(25));
        assertThat(valid(Optional.empty()).wholeSuiteRun()).contains(Duration.ofSeconds(25));
    }

    @Test
    void aDecidingRunOfSelectedTestFilesIsNotTheSuites() {
        TestSelection selected = new TestSelection.Selected(List.of("tests/test_calc.py"), List.of("tests/test_calc.py"),
                List.of("tests/test_slow.py"), "1 of 2 test class(es) skipped");

        assertThat(valid(Optional.of(selected)).wholeSuiteRun()).isEmpty();
    }
}
