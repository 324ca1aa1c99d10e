package dev.repofix.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses human durations ({@code 90s}, {@code 15m}, {@code 1h30m}, {@code PT15M}). */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

    private Durations() {}

    /** Parses {@code text}; throws {@link ConfigException} naming the accepted forms. */
    public static Duration parse(String text) {
        try {
            return parseValue(text);
        } catch (NumberFormatException | ArithmeticException e) { // digits beyond a long, or overflow
            throw invalid(text);
        }
    }

    private static Duration parseValue(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.startsWith("pt") || value.startsWith("p")) {
            try {
                return positive(Duration.parse(value.toUpperCase(Locale.ROOT)), text);
            } catch (DateTimeParseException e) {
                throw invalid(text);
            }
        }
        if (value.matches("\\d+")) {
            return positive(Duration.ofSeconds(Long.parseLong(value)), text);
        }
        Matcher m = PART.matcher(value);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find()) {
            if (m.start() != end) {
                throw invalid(text);
            }
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            });
            end = m.end();
        }
        if (end == 0 || end != value.length()) {
            throw invalid(text);
        }
        return positive(total, text);
    }

    /** Renders a duration compactly for people: {@code 850ms}, {@code 12.3s}, {@code 4m05s}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms < 60_000) {
            // Truncated like the minutes below, so 59.96s is not shown as "60.0s".
            return String.format(Locale.ROOT, "%d.%ds", ms / 1000, ms % 1000 / 100);
        }
        long s = d.toSeconds();
        return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }

    private static Duration positive(Duration d, String text) {
        if (d.isZero() || d.isNegative()) {
            throw new ConfigException("duration must be positive: '" + text + "'");
        }
        return d;
    }

    private static ConfigException invalid(String text) {
        return new ConfigException("cannot read duration '" + text
                + "': use a number with a unit, e.g. 90s, 15m, 1h30m (or ISO-8601 like PT15M)");
    }
}
