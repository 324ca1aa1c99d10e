package dev.repofix.model;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A request to a chat model.
 *
 * @param stage       which repair stage asks ("issue", "localize", "patch"), for replay keys and cost accounting
 * @param caseId      the benchmark case or run this belongs to ("" outside a benchmark), for replay keys
 * @param messages    the conversation, system message first if any; never empty
 * @param maxTokens   upper bound of output tokens
 * @param temperature sampling temperature (0 for reproducible answers)
 * @param timeout     how long this request may take in all, retries included; empty: the client's own
 *                    request timeout. Not part of any replay or cache key.
 */
public record ChatRequest(String stage, String caseId, List<ChatMessage> messages, int maxTokens, double temperature,
        Optional<Duration> timeout) {
    public ChatRequest {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(timeout, "timeout");
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be positive: " + maxTokens);
        }
        if (timeout.isPresent() && (timeout.get().isNegative() || timeout.get().isZero())) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout.get());
        }
    }

    /** A request bounded by the client's own request timeout. */
    public ChatRequest(String stage, String caseId, List<ChatMessage> messages, int maxTokens, double temperature) {
        this(stage, caseId, messages, maxTokens, temperature, Optional.empty());
    }
}
