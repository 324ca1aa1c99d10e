package dev.repofix.eval.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PearsonTest {
    @Test
    void correlationAndTwoSidedPValueMatchTheHandComputation() {
        // mean x 3, mean y 4; Sxy = 6, Sxx = 10, Syy = 6, so r = 6 / sqrt(60);
        // t = r sqrt(3 / (1 - r^2)) = sqrt(4.5); for 3 degrees of freedom the t CDF is
        // 1/2 + (t / (sqrt(3)(1 + t^2/3)) + atan(t / sqrt(3))) / pi, so p = 0.124027.
        Correlation c = Pearson.of("x", new double[] {1, 2, 3, 4, 5}, "y", new double[] {2, 4, 5, 4, 5});

        assertThat(c.n()).isEqualTo(5);
        assertThat(c.r().getAsDouble()).isCloseTo(0.774597, within(1e-6));
        assertThat(c.p().getAsDouble()).isCloseTo(0.124027, within(1e-6));
        assertThat(c.reason()).isEmpty();
    }

    @Test
    void pValueOfTheTabulatedCriticalRIsFivePercent() {
        // Tables of critical values of Pearson's r: 10 degrees of freedom, two-tailed 0.05 -> 0.576.
        assertThat(Pearson.pValue(0.576, 12)).isCloseTo(0.05, within(0.0005));
        // 20 degrees of freedom, two-tailed 0.01 -> 0.537.
        assertThat(Pearson.pValue(0.537, 22)).isCloseTo(0.01, within(0.0005));
    }

    @Test
    void negativeCorrelationHasTheSamePValueAsItsMirror() {
        Correlation c = Pearson.of("x", new double[] {1, 2, 3, 4, 5}, "y", new double[] {-2, -4, -5, -4, -5});

        assertThat(c.r().getAsDouble()).isCloseTo(-0.774597, within(1e-6));
        assertThat(c.p().getAsDouble()).isCloseTo(0.124027, within(1e-6));
    }

    @Test
    void perfectCorrelationHasPValueZero() {
        Correlation c = Pearson.of("x", new double[] {1, 2, 3}, "y", new double[] {2, 4, 6});

        assertThat(c.r().getAsDouble()).isCloseTo(1.0, within(1e-12));
        assertThat(c.p().getAsDouble()).isZero();
    }

    @Test
    void isNotDefinedForFewerThanThreePairs() {
        Correlation c = Pearson.of("f1", new double[] {0.1, 0.9}, "pass", new double[] {0, 1});

        assertThat(c.r()).isEmpty();
        assertThat(c.p()).isEmpty();
        assertThat(c.reason()).isEqualTo("n = 2 < 3");
    }

    @Test
    void isNotDefinedWhenAVariableIsConstantAndSaysWhich() {
        Correlation c = Pearson.of("f1", new double[] {0.1, 0.5, 0.9}, "pass", new double[] {1, 1, 1});

        assertThat(c.r()).isEmpty();
        assertThat(c.reason()).isEqualTo("pass is constant");
    }
}
