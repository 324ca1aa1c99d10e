package dev.repofix.validate;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long one test run of a candidate may take, from the baseline's own times for the
 * same tests: {@value #FACTOR} times as long, at least {@link #MIN}, at most {@code
 * --test-timeout}. A candidate that makes a loop endless is then a TIMEOUT within seconds
 * of the baseline's time, not at the end of the run's budget. Empty: no limit of its own.
 *
 * @param screen a run of the baseline's failing tests alone (screening)
 * @param full   a run of the whole suite
 */
public record RunLimits(Optional<Duration> screen, Optional<Duration> full) {
    static final int FACTOR = 3;
    /** JVM and build start-up vary, and machines are shared: no run is cut shorter than this. */
    static final Duration MIN = Duration.ofSeconds(10);

    public RunLimits {
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(full, "full");
    }

    /** No limits but the candidate's own time. */
    public static RunLimits none() {
        return new RunLimits(Optional.empty(), Optional.empty());
    }

    /**
     * @param suiteTime   the baseline's run of the whole suite
     * @param failingOnly the baseline's run of its failing tests alone, when it was made
     *                    (else the suite's time bounds screening too)
     */
    public static RunLimits fromBaseline(Duration testTimeout, Duration suiteTime, Optional<Duration> failingOnly) {
        return new RunLimits(Optional.of(scaled(testTimeout, failingOnly.orElse(suiteTime))),
                Optional.of(scaled(testTimeout, suiteTime)));
    }

    static Duration scaled(Duration testTimeout, Duration baselineTime) {
        Duration scaled = baselineTime.multipliedBy(FACTOR);
        Duration limit = scaled.compareTo(MIN) < 0 ? MIN : scaled;
        return limit.compareTo(testTimeout) < 0 ? limit : testTimeout;
    }
}
