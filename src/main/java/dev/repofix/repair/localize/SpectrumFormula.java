package dev.repofix.repair.localize;

/**
 * How suspicious a line is from its spectrum: {@code ef}/{@code ep} failing/passing tests
 * that executed it, {@code nf}/{@code np} those that did not. Scores are in [0, 1], a
 * line no failing test executed scores 0.
 */
public enum SpectrumFormula {
    /** Ochiai: ef / sqrt((ef + nf) * (ef + ep)); the best single formula in most studies. */
    OCHIAI {
        @Override
        double score(int ef, int ep, int nf, int np) {
            if (ef == 0) {
                return 0;
            }
            return ef / Math.sqrt((double) (ef + nf) * (ef + ep));
        }
    },
    /**
     * DStar with * = 2 (Wong et al. 2014): ef^2 / (ep + nf), mapped into [0, 1] by
     * s / (1 + s), which keeps the order; a line every failing and no passing test ran scores 1.
     */
    DSTAR {
        @Override
        double score(int ef, int ep, int nf, int np) {
            if (ef == 0) {
                return 0;
            }
            int denominator = ep + nf;
            if (denominator == 0) {
                return 1;
            }
            double s = (double) ef * ef / denominator;
            return s / (1 + s);
        }
    };

    abstract double score(int ef, int ep, int nf, int np);

    /** A line's score within {@code spectra}. */
    double score(Spectra.LineSpectrum line, Spectra spectra) {
        return score(line.failed(), line.passed(), spectra.totalFailed() - line.failed(),
                spectra.totalPassed() - line.passed());
    }
}
