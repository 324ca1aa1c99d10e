package dev.repofix.model;

import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/** Works out how long to wait before a retry: the server's word if it gave one, else full jitter. */
final class RetryDelays {
    private final Clock clock;

    RetryDelays(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The wait a server asks for: {@code retry-after-ms} (OpenAI, Azure) first, then
     * {@code Retry-After} as seconds or an HTTP date (RFC 9110 section 10.2.3); empty when neither parses.
     */
    Optional<Duration> fromHeaders(HttpHeaders headers) {
        Optional<Duration> millis = headers.firstValue("retry-after-ms").flatMap(RetryDelays::millis);
        return millis.isPresent() ? millis : headers.firstValue("retry-after").flatMap(this::retryAfter);
    }

    /** Full jitter: uniformly between zero and {@code ceiling}; {@code random} is in [0, 1). */
    Duration jittered(Duration ceiling, double random) {
        return Duration.ofMillis((long) (ceiling.toMillis() * random));
    }

    private Optional<Duration> retryAfter(String value) {
        String text = value.strip();
        if (text.matches("\\d{1,9}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(text)));
        }
        try {
            ZonedDateTime at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
            return Optional.of(Duration.between(clock.instant(), at.toInstant()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<Duration> millis(String value) {
        try {
            return Optional.of(Duration.ofMillis((long) Double.parseDouble(value.strip())));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
