package dev.repofix.repair.localize;

import java.time.Duration;
import java.util.Objects;

/** What a per-test coverage run gave: spectra, or why there are none (the ranking then uses frames alone). */
public sealed interface Coverage {
    /** Which run the coverage comes from. */
    enum Origin {
        /** A run of the failing and related tests of its own, after the baseline. */
        COVERAGE_RUN,
        /** The baseline's own run of the whole suite, instrumented: no run of its own. */
        BASELINE
    }

    /**
     * @param spectra the failing and related tests' line spectra
     * @param elapsed wall-clock time of the coverage run (tool set-up included); for
     *                {@link Origin#BASELINE}, of reading the baseline's data
     * @param tests   how the tests were chosen, for people
     * @param origin  which run the coverage comes from
     */
    record Collected(Spectra spectra, Duration elapsed, String tests, Origin origin) implements Coverage {
        public Collected {
            Objects.requireNonNull(spectra, "spectra");
            Objects.requireNonNull(elapsed, "elapsed");
            Objects.requireNonNull(tests, "tests");
            Objects.requireNonNull(origin, "origin");
        }

        /** Coverage from a run of its own. */
        public Collected(Spectra spectra, Duration elapsed, String tests) {
            this(spectra, elapsed, tests, Origin.COVERAGE_RUN);
        }
    }

    /** @param why what was missing or failed, and what would make coverage work */
    record Unavailable(String why) implements Coverage {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }
    }
}
