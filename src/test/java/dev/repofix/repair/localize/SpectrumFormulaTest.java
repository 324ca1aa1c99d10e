package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ochiai and DStar on spectra built by hand, with values worked out on paper. */
class SpectrumFormulaTest {
    /** Two failing tests, three passing; four lines with different spectra. */
    private static final Spectra SPECTRA = new Spectra(List.of(
            new Spectra.LineSpectrum("A.java", 1, 2, 3), // run by every test
            new Spectra.LineSpectrum("A.java", 2, 2, 0), // run by the failing tests only
            new Spectra.LineSpectrum("A.java", 3, 1, 1),
            new Spectra.LineSpectrum("A.java", 4, 0, 2)), 2, 3, Spectra.Tracing.LINES);

    @Test
    void ochiaiIsFailingCoverageOverTheGeometricMeanOfFailingTestsAndTestsRunningTheLine() {
        assertThat(SpectrumFormula.OCHIAI.score(SPECTRA.lines().get(0), SPECTRA)).isCloseTo(2 / Math.sqrt(2 * 5),
                offset(1e-9));
        assertThat(SpectrumFormula.OCHIAI.score(SPECTRA.lines().get(1), SPECTRA)).isEqualTo(1.0);
        assertThat(SpectrumFormula.OCHIAI.score(SPECTRA.lines().get(2), SPECTRA)).isCloseTo(1 / Math.sqrt(2 * 2),
                offset(1e-9));
    }

    @Test
    void dstarSquaresFailingCoverageOverPassingCoverageAndMissedFailures() {
        // line 3: ef=1, ep=1, nf=1 -> 1 / 2 = 0.5, mapped to 0.5 / 1.5
        assertThat(SpectrumFormula.DSTAR.score(SPECTRA.lines().get(2), SPECTRA)).isCloseTo(1 / 3.0, offset(1e-9));
        // line 1: ef=2, ep=3, nf=0 -> 4 / 3, mapped to (4/3) / (7/3)
        assertThat(SpectrumFormula.DSTAR.score(SPECTRA.lines().get(0), SPECTRA)).isCloseTo(4 / 7.0, offset(1e-9));
        assertThat(SpectrumFormula.DSTAR.score(SPECTRA.lines().get(1), SPECTRA)).as("ep + nf = 0").isEqualTo(1.0);
    }

    @Test
    void aLineNoFailingTestRanScoresZero() {
        for (SpectrumFormula f : SpectrumFormula.values()) {
            assertThat(f.score(SPECTRA.lines().get(3), SPECTRA)).as(f.name()).isZero();
        }
    }

    @Test
    void bothFormulasRankTheLineOnlyFailingTestsRunFirstAndTheSharedLineAboveTheHalfCoveredOne() {
        for (SpectrumFormula f : SpectrumFormula.values()) {
            List<Integer> ranked = SPECTRA.lines().stream()
                    .sorted(Comparator.comparingDouble((Spectra.LineSpectrum l) -> f.score(l, SPECTRA)).reversed())
                    .map(Spectra.LineSpectrum::line).toList();
            assertThat(ranked).as(f.name()).containsExactly(2, 1, 3, 4);
        }
    }
}
