package dev.repofix.model;

import dev.repofix.context.TokenCounter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Counts a request's tokens against a model's context window: exactly (jtokkit's encoding
 * plus OpenAI's chat framing) for the OpenAI models whose tokenizer jtokkit has, else a
 * conservative estimate, because an under-count is a request the server refuses while an
 * over-count only cuts a little more: {@value #ESTIMATE_FACTOR} x the cl100k_base count and
 * at least one token per {@value #BYTES_PER_TOKEN} UTF-8 bytes, with
 * {@value #ESTIMATED_FRAMING} tokens of chat template per message. Small open models
 * (32k to 50k vocabularies: Llama 2, Mistral, SmolLM2) split code into up to about 1.3 times
 * as many tokens as cl100k_base does. Thread-safe.
 */
public final class WindowTokens {
    static final double ESTIMATE_FACTOR = 1.3;
    static final int BYTES_PER_TOKEN = 3;
    static final int ESTIMATED_FRAMING = 8;
    private static final int EXACT_FRAMING = 4;
    private static final int REPLY_PRIMING = 3;

    private final TokenCounter counter;
    private final boolean exact;

    private WindowTokens(TokenCounter counter, boolean exact) {
        this.counter = counter;
        this.exact = exact;
    }

    /**
     * The counting for a client named as {@link ChatClient#name()} does ("openai:gpt-4o",
     * "azure:gpt-4o", "anthropic:...", "openai:qwen2.5-coder"): exact for OpenAI's GPT and
     * o-series models, an estimate for every other one.
     */
    public static WindowTokens forClient(String clientName) {
        String name = Objects.requireNonNull(clientName, "clientName").toLowerCase(Locale.ROOT);
        String model = name.substring(name.indexOf(':') + 1);
        boolean openAi = (name.startsWith("openai:") || name.startsWith("azure:"))
                && (model.startsWith("gpt-") || model.matches("o[1-9].*"));
        return new WindowTokens(TokenCounter.forModel(model), openAi);
    }

    /** Tokens of {@code text} alone, as this counting counts them. */
    public int count(String text) {
        int exactCount = counter.count(text);
        if (exact) {
            return exactCount;
        }
        int bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        return Math.max((int) Math.ceil(exactCount * ESTIMATE_FACTOR), (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN);
    }

    /** Tokens of a whole prompt: each message, its framing, and the reply's priming. */
    public int count(List<ChatMessage> messages) {
        int total = REPLY_PRIMING;
        for (ChatMessage message : messages) {
            total += (exact ? EXACT_FRAMING : ESTIMATED_FRAMING) + count(message.content());
        }
        return total;
    }

    /** How the counts are made, for the run's notes. */
    public String describe() {
        return exact ? "counted with the model's tokenizer" : "estimated for a tokenizer repofix does not have: "
                + ESTIMATE_FACTOR + " x cl100k_base, at least a token per " + BYTES_PER_TOKEN + " bytes";
    }
}
