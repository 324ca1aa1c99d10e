package dev.repofix.model;

import java.time.Duration;
import java.util.Objects;

/**
 * How often and how patiently a model call is retried: exponential backoff with full jitter
 * (a random wait between 0 and {@code min(maxDelay, baseDelay * 2^retry)}), unless the server
 * names its own wait with {@code Retry-After}, which is honoured up to {@code maxDelay}.
 *
 * @param maxAttempts attempts in all, first one included; at least 1
 * @param baseDelay   the backoff ceiling before the first retry; never null
 * @param maxDelay    no wait is longer than this; never null
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {
    public RetryPolicy {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (baseDelay.isNegative() || maxDelay.isNegative()) {
            throw new IllegalArgumentException("retry delays must not be negative");
        }
    }

    /** Four attempts, backoff from one second, no wait over a minute. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(4, Duration.ofSeconds(1), Duration.ofSeconds(60));
    }

    /** The backoff ceiling before retry number {@code retry} (1 for the first retry), capped. */
    Duration ceiling(int retry) {
        int doublings = Math.min(Math.max(retry - 1, 0), 30);
        long millis = baseDelay.toMillis() << doublings;
        return millis < 0 || millis > maxDelay.toMillis() ? maxDelay : Duration.ofMillis(millis);
    }

    /** {@code wanted}, but never negative nor longer than {@code maxDelay}. */
    Duration cap(Duration wanted) {
        if (wanted.isNegative()) {
            return Duration.ZERO;
        }
        return wanted.compareTo(maxDelay) > 0 ? maxDelay : wanted;
    }
}
