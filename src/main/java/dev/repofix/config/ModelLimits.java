package dev.repofix.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the operator's model can take: its window, the answer budget, how long one request
 * may wait and how many go to its endpoint at once. No component is null.
 *
 * @param window          the model's context window in tokens; empty when not stated (nothing is cut)
 * @param maxAnswerTokens the answer size limit of each request, before any cut to fit the window
 * @param timeout         the limit of one request; empty: what is left of the stage's share of the run's budget
 * @param concurrency     requests sent at once to one endpoint; empty: 1 for a loopback endpoint, no limit else
 */
public record ModelLimits(OptionalInt window, int maxAnswerTokens, Optional<Duration> timeout,
        OptionalInt concurrency) {
    /** The smallest window stated: below it no prompt of repofix's fits at all. */
    public static final int MIN_WINDOW = 512;
    /** The largest window accepted (16M tokens): past it a value is a typo. */
    public static final int MAX_WINDOW = 16 << 20;

    public ModelLimits {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(concurrency, "concurrency");
        if (maxAnswerTokens < 1) {
            throw new IllegalArgumentException("maxAnswerTokens must be positive: " + maxAnswerTokens);
        }
    }

    /** The defaults: no window stated, 4096 answer tokens, timeout from the budget, concurrency by endpoint. */
    public static ModelLimits defaults() {
        return new ModelLimits(OptionalInt.empty(), Integer.parseInt(ConfigKey.MAX_ANSWER_TOKENS.defaultValue()),
                Optional.empty(), OptionalInt.empty());
    }

    /** The limits {@code c} sets, each checked. */
    public static ModelLimits of(ResolvedConfig c) {
        String window = c.get(ConfigKey.MODEL_CONTEXT).trim();
        OptionalInt w = window.isEmpty() ? OptionalInt.empty() : OptionalInt.of(tokens(window,
                c.value(ConfigKey.MODEL_CONTEXT).source()));
        int answer = c.integer(ConfigKey.MAX_ANSWER_TOKENS, 1, MAX_WINDOW);
        String timeout = c.get(ConfigKey.MODEL_TIMEOUT).trim();
        Optional<Duration> t = timeout.isEmpty() ? Optional.empty() : Optional.of(Durations.parse(timeout));
        OptionalInt n = c.get(ConfigKey.MODEL_CONCURRENCY).trim().isEmpty() ? OptionalInt.empty()
                : OptionalInt.of(c.integer(ConfigKey.MODEL_CONCURRENCY, 1, 64));
        return new ModelLimits(w, answer, t, n);
    }

    /** "4096", "8k" or "8K" (1k = 1024 tokens), within [{@value #MIN_WINDOW}, 16M]. */
    static int tokens(String text, String source) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        long n;
        try {
            n = s.endsWith("k") ? Long.parseLong(s.substring(0, s.length() - 1).strip()) * 1024 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < MIN_WINDOW || n > MAX_WINDOW) {
            throw new ConfigException("model-context = '" + text + "' (from " + source + ") is not a window of "
                    + MIN_WINDOW + " to " + MAX_WINDOW + " tokens; give the model server's context size, e.g. 4096 "
                    + "or 8k (llama.cpp: its --ctx-size)");
        }
        return (int) n;
    }
}
