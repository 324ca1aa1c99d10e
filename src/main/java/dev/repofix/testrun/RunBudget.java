package dev.repofix.testrun;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The time a run's stages work within: how long the baseline's bare run of the whole
 * suite took (T_suite, the unit a stage's own share is measured in) and when the run's
 * {@code --timeout} ends.
 *
 * @param suiteTime the baseline's run of the whole suite
 * @param deadline  when the run's time budget ends
 */
public record RunBudget(Duration suiteTime, Instant deadline) {
    public RunBudget {
        Objects.requireNonNull(suiteTime, "suiteTime");
        Objects.requireNonNull(deadline, "deadline");
    }

    /** What is left of the run's budget at {@code now}; zero when it is spent. */
    public Duration left(Instant now) {
        Duration left = Duration.between(now, deadline);
        return left.isNegative() ? Duration.ZERO : left;
    }
}
