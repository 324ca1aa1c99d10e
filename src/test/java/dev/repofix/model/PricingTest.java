package dev.repofix.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PricingTest {
    private static ChatResponse response(String model, boolean cached) {
        return new ChatResponse("ok", model, 1_000_000, 500_000, Duration.ofSeconds(1), cached);
    }

    @Test
    void costsInputAndOutputAtTheLongestMatchingPrice() {
        Pricing pricing = Pricing.defaults();

        assertThat(pricing.cost(response("gpt-4o-2024-08-06", false))).isCloseTo(2.50 + 5.00, within(1e-9));
        assertThat(pricing.cost(response("gpt-4o-mini-2024-07-18", false))).isCloseTo(0.15 + 0.30, within(1e-9));
        assertThat(pricing.cost(response("openai/gpt-4o", false))).isCloseTo(7.50, within(1e-9));
    }

    @Test
    void cachedOrUnknownModelsCostNothing() {
        Pricing pricing = new Pricing(Map.of("my-model", new Pricing.Price(1, 2)));

        assertThat(pricing.cost(response("my-model", true))).isZero();
        assertThat(pricing.cost(response("llama3.1:8b", false))).isZero();
        assertThat(pricing.priceOf("MY-MODEL-v2")).contains(new Pricing.Price(1, 2));
    }
}
