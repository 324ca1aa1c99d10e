package dev.repofix.context;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Locale;
import java.util.Objects;

/**
 * Counts tokens with an OpenAI byte-pair encoding (jtokkit): context budgets here, and
 * model usage when an API reports none. Exact for OpenAI models, within a few percent
 * for others. Thread-safe; the encoding loads on first count because loading takes a
 * good part of a second and many runs never count.
 */
public final class TokenCounter {
    private final EncodingType type;
    private volatile Encoding encoding;

    /** cl100k_base, the budget's reference encoding. */
    public TokenCounter() {
        this(EncodingType.CL100K_BASE);
    }

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

    /** The encoding that fits {@code model}: o200k for the 4o/4.1/5/o-series family, else cl100k. */
    public static TokenCounter forModel(String model) {
        String name = Objects.requireNonNull(model, "model").toLowerCase(Locale.ROOT);
        boolean o200k = name.contains("gpt-4o") || name.contains("gpt-4.1") || name.contains("gpt-5")
                || name.matches("(.*/)?o[1-9].*");
        return o200k ? o200k() : cl100k();
    }

    /**
     * Tokens of {@code text} (not null). Special tokens such as {@code <|endoftext|>}
     * are counted as ordinary text: repository files may contain them.
     */
    public int count(String text) {
        return encoding().countTokensOrdinary(Objects.requireNonNull(text, "text"));
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
