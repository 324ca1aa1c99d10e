package dev.repofix.cli;

import dev.repofix.config.ConfigKey;
import java.util.Map;
import picocli.CommandLine.Option;

/** What the operator's model can take: its window, the answer budget, a request's time, requests at once. */
final class ModelLimitOptions {
    @Option(names = "--model-context", paramLabel = "TOKENS", description = "The model's context window, e.g. 4096 "
            + "or 8k: every request is cut to fit it (code, then instructions, then a re-ask's history, then the "
            + "answer budget), and one that cannot fit is refused before it is sent. Default: not stated.")
    String modelContext;

    @Option(names = "--max-answer-tokens", paramLabel = "N", description = "Answer size limit of each model "
            + "request, in tokens. Default: 4096")
    String maxAnswerTokens;

    @Option(names = "--model-timeout", paramLabel = "DURATION", description = "Limit of one model request, e.g. "
            + "90s. Default: what is left of the stage's share of --timeout.")
    String modelTimeout;

    @Option(names = "--model-concurrency", paramLabel = "N", description = "Model requests sent at once to the "
            + "endpoint. Default: 1 for a loopback (local) server, no limit for others.")
    String modelConcurrency;

    /** Puts the options given into {@code flags}, by their keys. */
    void putFlags(Map<ConfigKey, String> flags) {
        put(flags, ConfigKey.MODEL_CONTEXT, modelContext);
        put(flags, ConfigKey.MAX_ANSWER_TOKENS, maxAnswerTokens);
        put(flags, ConfigKey.MODEL_TIMEOUT, modelTimeout);
        put(flags, ConfigKey.MODEL_CONCURRENCY, modelConcurrency);
    }

    private static void put(Map<ConfigKey, String> flags, ConfigKey key, String value) {
        if (value != null) {
            flags.put(key, value);
        }
    }
}
