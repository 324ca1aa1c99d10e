package dev.repofix.model;

import java.time.Duration;

/** Waits between retries; tests pass one that records the wait and returns at once. */
@FunctionalInterface
public interface Sleeper {
    /** Waits {@code duration} (never null, never negative). */
    void sleep(Duration duration) throws InterruptedException;

    /** A sleeper that really waits. */
    static Sleeper system() {
        return duration -> Thread.sleep(duration);
    }
}
