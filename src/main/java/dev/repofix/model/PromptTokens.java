package dev.repofix.model;

import dev.repofix.context.TokenCounter;
import java.util.List;

/** Tokens of a chat prompt: each message plus the chat format's framing (OpenAI's recipe). */
final class PromptTokens {
    private static final int TOKENS_PER_MESSAGE = 4;
    private static final int TOKENS_PER_REPLY = 3;

    private PromptTokens() {}

    static int count(TokenCounter counter, List<ChatMessage> messages) {
        int total = TOKENS_PER_REPLY;
        for (ChatMessage message : messages) {
            total += TOKENS_PER_MESSAGE + counter.count(message.content());
        }
        return total;
    }
}
