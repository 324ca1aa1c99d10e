package dev.repofix.model;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Prices per million tokens by model, to put a cost on each answer. A model matches its own
 * entry or, failing that, the longest entry it starts with ("gpt-4o-2024-08-06" pays as
 * "gpt-4o"); a provider prefix such as OpenRouter's "openai/" is ignored.
 */
public final class Pricing {
    /** US dollars per million input and output tokens; neither negative. */
    public record Price(double inputPerMillion, double outputPerMillion) {
        public Price {
            if (inputPerMillion < 0 || outputPerMillion < 0) {
                throw new IllegalArgumentException("prices must not be negative");
            }
        }
    }

    private final Map<String, Price> prices;

    /** Prices by model name or name prefix (matched ignoring case). */
    public Pricing(Map<String, Price> prices) {
        this.prices = Map.copyOf(Objects.requireNonNull(prices, "prices"));
    }

    /** List prices as published by OpenAI, Anthropic and DeepSeek in early 2025; pass your own map to change them. */
    public static Pricing defaults() {
        return new Pricing(Map.ofEntries(
                Map.entry("gpt-4o", new Price(2.50, 10.00)),
                Map.entry("gpt-4o-mini", new Price(0.15, 0.60)),
                Map.entry("gpt-4.1", new Price(2.00, 8.00)),
                Map.entry("gpt-4.1-mini", new Price(0.40, 1.60)),
                Map.entry("gpt-4.1-nano", new Price(0.10, 0.40)),
                Map.entry("o3-mini", new Price(1.10, 4.40)),
                Map.entry("claude-3-5-haiku", new Price(0.80, 4.00)),
                Map.entry("claude-3-5-sonnet", new Price(3.00, 15.00)),
                Map.entry("claude-3-7-sonnet", new Price(3.00, 15.00)),
                Map.entry("claude-sonnet-4", new Price(3.00, 15.00)),
                Map.entry("claude-opus-4", new Price(15.00, 75.00)),
                Map.entry("deepseek-chat", new Price(0.27, 1.10)),
                Map.entry("deepseek-reasoner", new Price(0.55, 2.19))));
    }

    /** The price of {@code model}, empty when no entry matches (local models, unknown names). */
    public Optional<Price> priceOf(String model) {
        String name = model.toLowerCase(Locale.ROOT);
        String bare = name.substring(name.lastIndexOf('/') + 1);
        String best = null;
        for (String key : prices.keySet()) {
            String wanted = key.toLowerCase(Locale.ROOT);
            if (bare.startsWith(wanted) && (best == null || wanted.length() > best.length())) {
                best = key;
            }
        }
        return Optional.ofNullable(best).map(prices::get);
    }

    /** What {@code response} cost in US dollars: 0 when it was cached or its model has no price. */
    public double cost(ChatResponse response) {
        if (response.cached()) {
            return 0;
        }
        return priceOf(response.model())
                .map(p -> (response.inputTokens() * p.inputPerMillion() + response.outputTokens() * p.outputPerMillion())
                        / 1_000_000)
                .orElse(0.0);
    }
}
