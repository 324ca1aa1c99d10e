package dev.repofix.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    private static HttpHeaders headers(String name, String value) {
        return HttpHeaders.of(Map.of(name, List.of(value)), (a, b) -> true);
    }

    @Test
    void backoffCeilingDoublesUpToTheCap() {
        RetryPolicy policy = new RetryPolicy(10, Duration.ofSeconds(1), Duration.ofSeconds(60));

        assertThat(policy.ceiling(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(policy.ceiling(3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.ceiling(7)).isEqualTo(Duration.ofSeconds(60));
        assertThat(policy.ceiling(64)).isEqualTo(Duration.ofSeconds(60));
        assertThat(policy.cap(Duration.ofSeconds(-5))).isEqualTo(Duration.ZERO);
    }

    @Test
    void fullJitterStaysUnderTheCeiling() {
        RetryDelays delays = new RetryDelays(Requests.CLOCK);

        assertThat(delays.jittered(Duration.ofSeconds(4), 0.0)).isEqualTo(Duration.ZERO);
        assertThat(delays.jittered(Duration.ofSeconds(4), 0.5)).isEqualTo(Duration.ofSeconds(2));
        assertThat(delays.jittered(Duration.ofSeconds(4), 0.9999)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void unreadableRetryAfterIsIgnored() {
        RetryDelays delays = new RetryDelays(Requests.CLOCK);

        assertThat(delays.fromHeaders(headers("Retry-After", "soon"))).isEmpty();
        assertThat(delays.fromHeaders(headers("Retry-After", "99999999999999999999"))).isEmpty();
        assertThat(delays.fromHeaders(headers("retry-after-ms", "abc"))).isEmpty();
        assertThat(delays.fromHeaders(headers("Retry-After", "Mon, 10 Mar 2025 11:59:00 GMT")))
                .contains(Duration.ofSeconds(-60));
    }

    @Test
    void rejectsFewerThanOneAttempt() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO))
                .hasMessageContaining("at least 1");
    }
}
