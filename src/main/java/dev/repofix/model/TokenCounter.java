package dev.repofix.model;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Counts tokens with an OpenAI byte-pair encoding (jtokkit). Exact for OpenAI models, an
 * estimate for others; used for context budgets and when an API reports no usage.
 */
public final class TokenCounter {
    /** Per-message framing tokens of the chat format, from OpenAI's counting recipe. */
    private static final int TOKENS_PER_MESSAGE = 4;
    private static final int TOKENS_PER_REPLY = 3;

    private final EncodingType type;
    /** Loaded on first count: loading takes a good part of a second, and most clients never count. */
    private volatile Encoding encoding;

    private TokenCounter(EncodingType type) {
        this.type = type;
    }

    /** cl100k_base: GPT-4, GPT-3.5, and a fair estimate for most other models. */
    public static TokenCounter cl100k() {
        return new TokenCounter(EncodingType.CL100K_BASE);
    }

    /** o200k_base: GPT-4o, GPT-4.1, o-series. */
    public static TokenCounter o200k() {
        return new TokenCounter(EncodingType.O200K_BASE);
    }

    /** The encoding that fits {@code model} (never null): o200k for the 4o/4.1/o-series family, else cl100k. */
    public static TokenCounter forModel(String model) {
        String name = Objects.requireNonNull(model, "model").toLowerCase(Locale.ROOT);
        boolean o200k = name.contains("gpt-4o") || name.contains("gpt-4.1") || name.contains("gpt-5")
                || name.matches("(.*/)?o[1-9].*");
        return o200k ? o200k() : cl100k();
    }

    /** Tokens of {@code text} (never null); special-token markers count as plain text. */
    public int count(String text) {
        return encoding().countTokensOrdinary(Objects.requireNonNull(text, "text"));
    }

    /** Tokens of a whole prompt: each message's content plus the chat format's framing. */
    public int countPrompt(List<ChatMessage> messages) {
        int total = TOKENS_PER_REPLY;
        for (ChatMessage message : messages) {
            total += TOKENS_PER_MESSAGE + count(message.content());
        }
        return total;
    }

    private Encoding encoding() {
        Encoding loaded = encoding;
        if (loaded == null) {
            synchronized (this) {
                loaded = encoding;
                if (loaded == null) {
                    loaded = Encodings.newDefaultEncodingRegistry().getEncoding(type);
                    encoding = loaded;
                }
            }
        }
        return loaded;
    }
}
