package dev.repofix.context;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts tokens as OpenAI's cl100k_base encoding does; other models' counts differ by a
 * few percent, so budgets are approximate for them. Thread-safe.
 */
public final class TokenCounter {
    private final Encoding encoding = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

    /**
     * Tokens of {@code text} (not null). Special tokens such as {@code <|endoftext|>}
     * are counted as ordinary text: repository files may contain them.
     */
    public int count(String text) {
        return encoding.countTokensOrdinary(text);
    }
}
