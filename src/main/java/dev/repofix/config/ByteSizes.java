package dev.repofix.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and renders sizes the way Docker writes them: {@code 512m}, {@code 2g}, {@code 1.5g}, {@code 4096k}. */
public final class ByteSizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?");
    private static final long KIB = 1024;

    private ByteSizes() {}

    /**
     * Bytes of {@code text}; units are powers of 1024, a bare number is bytes.
     *
     * @throws ConfigException naming the accepted forms
     */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ConfigException("cannot read size '" + text + "': use a number with a unit, e.g. 512m or 2g");
        }
        int power = "bkmgt".indexOf(m.group(2).isEmpty() ? "b" : m.group(2));
        double bytes = Double.parseDouble(m.group(1)) * Math.pow(KIB, power);
        if (bytes >= Long.MAX_VALUE || bytes < 1) {
            throw new ConfigException("size '" + text + "' is out of range; use e.g. 512m or 2g");
        }
        return (long) bytes;
    }

    /** Renders bytes for people: {@code 2 GiB}, {@code 512 MiB}, {@code 1.5 GiB}, {@code 900 B}. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= KIB && u < units.length - 1) {
            v /= KIB;
            u++;
        }
        String number = v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
        return number + " " + units[u];
    }
}
