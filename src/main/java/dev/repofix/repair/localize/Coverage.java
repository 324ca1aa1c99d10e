package dev.repofix.repair.localize;

import dev.repofix.testrun.TestReach;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** What a per-test coverage run gave: spectra, or why there are none (the ranking then uses frames alone). */
public sealed interface Coverage {
    /**
     * @param spectra the failing and related tests' line spectra
     * @param elapsed wall-clock time of the coverage run (tool set-up included)
     * @param tests   how the tests were chosen, for people
     * @param reach   which source files each test class that ran under coverage ran, for the
     *                deciding run's test selection; empty when the tool does not record it
     */
    record Collected(Spectra spectra, Duration elapsed, String tests, Optional<TestReach> reach)
            implements Coverage {
        public Collected {
            Objects.requireNonNull(spectra, "spectra");
            Objects.requireNonNull(elapsed, "elapsed");
            Objects.requireNonNull(tests, "tests");
            Objects.requireNonNull(reach, "reach");
        }

        /** Without the test classes' reach. */
        public Collected(Spectra spectra, Duration elapsed, String tests) {
            this(spectra, elapsed, tests, Optional.empty());
        }
    }

    /** @param why what was missing or failed, and what would make coverage work */
    record Unavailable(String why) implements Coverage {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }
    }
}
