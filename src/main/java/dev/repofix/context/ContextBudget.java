package dev.repofix.context;

import dev.repofix.config.ConfigException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How many tokens of repository code a prompt may carry: the budgets the seed paper
 * compares, 2K to 128K, where 1K is 1024 tokens.
 */
public enum ContextBudget {
    K2(2),
    K4(4),
    K8(8),
    K16(16),
    K32(32),
    K64(64),
    K128(128);

    private final int kilo;

    ContextBudget(int kilo) {
        this.kilo = kilo;
    }

    /** The budget in tokens, e.g. 16384 for 16K. */
    public int tokens() {
        return kilo * 1024;
    }

    /** The budget as people write it, e.g. "16k". */
    public String label() {
        return kilo + "k";
    }

    /**
     * Reads "16k", "16K" or "16384".
     *
     * @throws ConfigException for anything else (null included), listing the accepted values
     */
    public static ContextBudget parse(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (ContextBudget b : values()) {
            if (s.equals(b.label()) || s.equals(Integer.toString(b.tokens()))) {
                return b;
            }
        }
        String accepted = Arrays.stream(values())
                .map(b -> b.label() + " (" + b.tokens() + ")")
                .collect(Collectors.joining(", "));
        throw new ConfigException("unknown context budget '" + text + "'; use one of " + accepted);
    }
}
