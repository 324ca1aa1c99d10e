package dev.repofix.report;

import dev.repofix.model.Sleeper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.kohsuke.github.GitHubAbuseLimitHandler;
import org.kohsuke.github.GitHubRateLimitHandler;
import org.kohsuke.github.HttpException;
import org.kohsuke.github.connector.GitHubConnectorResponse;

/**
 * Waits out GitHub's primary (x-ratelimit-reset) and secondary (Retry-After, 403 or
 * 429) rate limits within one budget per reporter, then lets github-api retry the
 * request. Past the budget the request fails, and the reporter turns that into a
 * warning. The sleeper is injected, so tests do not wait.
 */
final class RateLimitWaits {
    /** All waits of one publication together stay under this. */
    static final Duration BUDGET = Duration.ofMinutes(2);
    /** When GitHub names no time: its documentation asks for at least a minute. */
    static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

    private final Clock clock;
    private final Sleeper sleeper;
    private Duration waited = Duration.ZERO;

    RateLimitWaits(Clock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    GitHubRateLimitHandler rateLimit() {
        return new GitHubRateLimitHandler() {
            @Override
            public void onError(GitHubConnectorResponse response) throws IOException {
                waitOrFail(response);
            }
        };
    }

    GitHubAbuseLimitHandler secondaryLimit() {
        return new GitHubAbuseLimitHandler() {
            @Override
            public void onError(GitHubConnectorResponse response) throws IOException {
                waitOrFail(response);
            }
        };
    }

    private synchronized void waitOrFail(GitHubConnectorResponse response) throws IOException {
        Duration wait = waitFor(response.header("Retry-After"), response.header("x-ratelimit-reset"), clock.instant());
        if (waited.plus(wait).compareTo(BUDGET) > 0) {
            throw new HttpException("rate limited; waiting " + wait.toSeconds() + "s more would pass the budget of "
                    + BUDGET.toMinutes() + " min", response.statusCode(), "rate limited", response.request().url().toString());
        }
        waited = waited.plus(wait);
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting out GitHub's rate limit");
        }
    }

    /** Retry-After (seconds) first, then the reset time (epoch seconds), else the default; at least 1 s. */
    static Duration waitFor(String retryAfter, String reset, Instant now) {
        try {
            if (retryAfter != null && !retryAfter.isBlank()) {
                return atLeastOneSecond(Duration.ofSeconds(Long.parseLong(retryAfter.trim())));
            }
            if (reset != null && !reset.isBlank()) {
                return atLeastOneSecond(Duration.between(now, Instant.ofEpochSecond(Long.parseLong(reset.trim()))));
            }
        } catch (NumberFormatException e) {
            // An HTTP-date Retry-After or a garbled header: fall through to the default.
        }
        return DEFAULT_WAIT;
    }

    private static Duration atLeastOneSecond(Duration d) {
        return d.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : d;
    }
}
