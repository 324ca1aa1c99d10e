package dev.repofix.repair.localize;

import java.time.Duration;
import java.util.Objects;

/** What a per-test coverage run gave: spectra, or why there are none (the ranking then uses frames alone). */
public sealed interface Coverage {
    /**
     * @param spectra the failing and related tests' line spectra
     * @param elapsed wall-clock time of the coverage run (tool set-up included)
     * @param tests   how the tests were chosen, for people
     */
    record Collected(Spectra spectra, Duration elapsed, String tests) implements Coverage {
        public Collected {
            Objects.requireNonNull(spectra, "spectra");
            Objects.requireNonNull(elapsed, "elapsed");
            Objects.requireNonNull(tests, "tests");
        }
    }

    /** @param why what was missing or failed, and what would make coverage work */
    record Unavailable(String why) implements Coverage {
        public Unavailable {
            Objects.requireNonNull(why, "why");
        }
    }
}
