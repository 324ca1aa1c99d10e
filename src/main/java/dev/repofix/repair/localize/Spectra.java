package dev.repofix.repair.localize;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Per-test line coverage reduced to what spectrum-based localization needs: for every
 * executed line, how many failing and how many passing tests ran it, and how many tests
 * of each kind ran at all.
 *
 * @param lines       executed lines, each at most once, in file and line order
 * @param totalFailed failing tests that ran under coverage
 * @param totalPassed passing tests that ran under coverage
 * @param tracing     how the coverage saw a line run, which decides what an unrun line means
 */
public record Spectra(List<LineSpectrum> lines, int totalFailed, int totalPassed, Tracing tracing) {
    /** How a coverage tool marks a line as run. */
    enum Tracing {
        /**
         * Probe-based (JaCoCo): a line counts as run when a probe after it fires, so the lines of
         * a block an exception left midway look unrun though they ran.
         */
        PROBES,
        /** Line-traced (coverage.py): every line is recorded as it starts; an unrun line did not run. */
        LINES
    }

    public Spectra {
        Objects.requireNonNull(tracing, "tracing");
        lines = lines.stream().sorted(Comparator.comparing(LineSpectrum::file).thenComparingInt(LineSpectrum::line))
                .toList();
        if (totalFailed < 0 || totalPassed < 0) {
            throw new IllegalArgumentException("test counts must not be negative: " + totalFailed + ", " + totalPassed);
        }
    }

    /**
     * One line's spectrum.
     *
     * @param file   repository-relative path
     * @param line   1-based line number
     * @param failed failing tests that executed it
     * @param passed passing tests that executed it
     */
    record LineSpectrum(String file, int line, int failed, int passed) {
        LineSpectrum {
            if (line < 1 || failed < 0 || passed < 0) {
                throw new IllegalArgumentException("bad spectrum for " + file + ":" + line + ": " + failed + "/" + passed);
            }
        }
    }
}
