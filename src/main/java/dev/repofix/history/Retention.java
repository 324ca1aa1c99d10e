package dev.repofix.history;

import dev.repofix.config.Durations;
import dev.repofix.config.RepofixException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How long runs are kept: {@code 180d}, {@code 26w}, or any duration config takes ({@code 12h}). */
public final class Retention {
    private static final Pattern DAYS = Pattern.compile("(\\d{1,6})([dw])");

    private Retention() {}

    public static Duration parse(String text) {
        Matcher m = DAYS.matcher(text == null ? "" : text.strip());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return Duration.ofDays(m.group(2).equals("w") ? n * 7 : n);
        }
        try {
            return Durations.parse(text);
        } catch (RepofixException e) {
            throw new HistoryException(RepofixException.ErrorKind.INPUT, "cannot read '" + text + "' as an age: "
                    + "write days or weeks (180d, 26w) or hours and minutes (12h)");
        }
    }
}
