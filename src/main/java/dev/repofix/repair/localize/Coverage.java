package dev.repofix.repair.localize;

import dev.repofix.testrun.TestReach;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

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
     * @param reach   which source files each test class that ran under coverage ran, for the
     *                deciding run's test selection; empty when the tool does not record it
     */
    record Collected(Spectra spectra, Duration elapsed, String tests, Origin origin, Optional<TestReach> reach)
            implements Coverage {
        public Collected {
            Objects.requireNonNull(spectra, "spectra");
            Objects.requireNonNull(elapsed, "elapsed");
            Objects.requireNonNull(tests, "tests");
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(reach, "reach");
        }

        /** Coverage from a run of its own, without the test classes' reach. */
        public Collected(Spectra spectra, Duration elapsed, String tests) {
            this(spectra, elapsed, tests, Origin.COVERAGE_RUN, Optional.empty());
        }

        /** Coverage from {@code origin}, without the test classes' reach. */
        public Collected(Spectra spectra, Duration elapsed, String tests, Origin origin) {
            this(spectra, elapsed, tests, origin, Optional.empty());
        }

        /** Coverage from a run of its own, with the test classes' reach. */
        public Collected(Spectra spectra, Duration elapsed, String tests, Optional<TestReach> reach) {
            this(spectra, elapsed, tests, Origin.COVERAGE_RUN, reach);
        }
    }

    /** @param why what was missing or failed, and what would make coverage work */
    record Unavailable(String why) implements Coverage {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }
    }
}
