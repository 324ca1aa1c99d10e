package dev.repofix.config;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Every setting's value and where it came from, after precedence: flag, then Action
 * input ({@code INPUT_*}), then {@code REPOFIX_*}, then {@code .repofix.yml}, then the default;
 * the settings the repository's file gave but may not set, and the keys it gave that this
 * version does not know: both were ignored.
 */
public final class ResolvedConfig {
    /** Where a value came from, for {@code repofix config}. */
    public record Value(String value, String source) {
        public Value {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * A key the repository's settings file set although only the operator may; it was
     * ignored. The value is not kept: whatever it was, it is never printed.
     *
     * @param key  the key, of {@link ConfigKey.SetBy#OPERATOR}
     * @param file the file that set it, as given
     */
    public record Refusal(ConfigKey key, String file) {
        public Refusal {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(file, "file");
        }

        /** One warning line, without a prefix: which file set which key, who may set it, and that it was ignored. */
        public String message() {
            return file + " sets " + key.key() + ", which only the person running repofix may set (flag, "
                    + key.inputNames()[0] + ", " + key.envName() + " or a --config file); ignored";
        }
    }

    /**
     * A key the repository's settings file set that this version of repofix does not know (a
     * later or earlier version may read the same file); it was ignored.
     *
     * @param key  the key as the file spells it: untrusted, shown only through {@link #message()}
     * @param file the file that set it, as given
     */
    public record UnknownKey(String key, String file) {
        /** How much of a key a warning shows: enough to recognise a mistyped or newer one. */
        private static final int SHOWN = 60;

        public UnknownKey {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(file, "file");
        }

        /** One warning line, without a prefix: which file set which key, and that it was ignored. */
        public String message() {
            return file + " sets '" + printable(key) + "', a key this version of repofix does not know; ignored";
        }

        /**
         * The key on one line with nothing a terminal or a CI log acts on: control and format
         * characters (line breaks, escapes, bidi controls) as a backslash, {@code u} and four hex
         * digits; cut at {@value #SHOWN} characters.
         */
        private static String printable(String text) {
            StringBuilder out = new StringBuilder();
            text.codePoints().limit(SHOWN).forEach(c -> {
                int type = Character.getType(c);
                if (type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                        || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                        || type == Character.UNASSIGNED || type == Character.PRIVATE_USE) {
                    out.append(String.format(Locale.ROOT, "\\u%04x", c));
                } else {
                    out.appendCodePoint(c);
                }
            });
            return text.codePointCount(0, text.length()) > SHOWN ? out + "..." : out.toString();
        }
    }

    private final Map<ConfigKey, Value> values;
    private final List<Refusal> refused;
    private final List<UnknownKey> unknown;

    ResolvedConfig(Map<ConfigKey, Value> values, List<Refusal> refused, List<UnknownKey> unknown) {
        this.values = Collections.unmodifiableMap(new EnumMap<>(values));
        this.refused = List.copyOf(refused);
        this.unknown = List.copyOf(unknown);
    }

    public String get(ConfigKey key) {
        return values.get(key).value();
    }

    public Value value(ConfigKey key) {
        return values.get(key);
    }

    public Map<ConfigKey, Value> all() {
        return values;
    }

    /** The keys the repository's settings file set but may not, in key order; empty when none. */
    public List<Refusal> refused() {
        return refused;
    }

    /** The keys the repository's settings file set that no setting has, in file order; empty when none. */
    public List<UnknownKey> unknown() {
        return unknown;
    }

    public int integer(ConfigKey key, int min, int max) {
        String v = get(key).trim();
        try {
            int n = Integer.parseInt(v);
            if (n < min || n > max) {
                throw bad(key, "must be between " + min + " and " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw bad(key, "is not a whole number");
        }
    }

    /** A size such as {@code 2g}, in bytes, within {@code [min, max]}. */
    public long bytes(ConfigKey key, long min, long max) {
        long n;
        try {
            n = ByteSizes.parse(get(key));
        } catch (ConfigException e) {
            throw bad(key, "is not a size such as 512m or 2g");
        }
        if (n < min || n > max) {
            throw bad(key, "must be between " + ByteSizes.format(min) + " and " + ByteSizes.format(max));
        }
        return n;
    }

    /** A decimal number such as {@code 1.5} within {@code [min, max]}. */
    public double decimal(ConfigKey key, double min, double max) {
        double n;
        try {
            n = Double.parseDouble(get(key).trim());
        } catch (NumberFormatException e) {
            throw bad(key, "is not a number");
        }
        if (!(n >= min && n <= max)) {
            throw bad(key, "must be between " + min + " and " + max);
        }
        return n;
    }

    /** One of {@code allowed} (lower case), as written there. */
    public String choice(ConfigKey key, List<String> allowed) {
        String v = get(key).trim().toLowerCase(java.util.Locale.ROOT);
        if (!allowed.contains(v)) {
            throw bad(key, "is not one of " + String.join(", ", allowed));
        }
        return v;
    }

    public boolean bool(ConfigKey key) {
        return switch (get(key).trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw bad(key, "is not true or false");
        };
    }

    private ConfigException bad(ConfigKey key, String why) {
        Value v = values.get(key);
        return new ConfigException(key.key() + " = '" + v.value() + "' (from " + v.source() + ") " + why
                + "; it is the " + key.help());
    }
}
