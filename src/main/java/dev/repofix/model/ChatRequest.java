package dev.repofix.model;

import java.util.List;
import java.util.Objects;

/**
 * A request to a chat model.
 *
 * @param stage       which repair stage asks ("issue", "localize", "patch"), for replay keys and cost accounting
 * @param caseId      the benchmark case or run this belongs to ("" outside a benchmark), for replay keys
 * @param messages    the conversation, system message first if any; never empty
 * @param maxTokens   upper bound of output tokens
 * @param temperature sampling temperature (0 for reproducible answers)
 */
public record ChatRequest(String stage, String caseId, List<ChatMessage> messages, int maxTokens, double temperature) {
    public ChatRequest {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(caseId, "caseId");
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be positive: " + maxTokens);
        }
    }
}
