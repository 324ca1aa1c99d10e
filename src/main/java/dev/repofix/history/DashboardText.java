package dev.repofix.history;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Text for the dashboard's HTML and SVG: escaping of untrusted strings, numbers, links. Pure static functions. */
final class DashboardText {
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*", Pattern.DOTALL);
    private static final Pattern WEB = Pattern.compile("^(?i)https?://[^\\s]+$");

    private DashboardText() {}

    /** Escapes text for HTML or SVG content and for quoted attribute values. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                // Control characters are not allowed in HTML text; a repository name may still carry one.
                default -> out.appendCodePoint(c < 0x20 && c != '\n' && c != '\t' ? 0xFFFD : c);
            }
        });
        return out.toString();
    }

    /** {@code 75%}, {@code 66.7%}; a share of nothing is shown as a dash. */
    static String percent(int part, int whole) {
        return whole == 0 ? "-" : percent((double) part / whole);
    }

    static String percent(double share) {
        return number(share * 100) + "%";
    }

    /** Whole numbers without decimals, others with one: {@code 75}, {@code 66.7}. */
    static String number(double v) {
        double rounded = Math.round(v * 10) / 10.0;
        return rounded == Math.rint(rounded) ? String.format(Locale.ROOT, "%.0f", rounded)
                : String.format(Locale.ROOT, "%.1f", rounded);
    }

    /** Dollars with cents, or with four decimals below a cent so small model bills do not show as $0.00. */
    static String usd(double v) {
        return String.format(Locale.ROOT, v != 0 && Math.abs(v) < 0.01 ? "$%.4f" : "$%.2f", v);
    }

    /**
     * A report location that is safe to link from the page: an http(s) URL, or a relative path (read
     * relative to the page's folder). Anything else (javascript:, data:, an absolute local path, a
     * protocol-relative //host) is shown as text, never linked: the location comes from the run.
     */
    static Optional<String> href(String report) {
        String r = report.strip();
        if (WEB.matcher(r).matches()) {
            return Optional.of(r);
        }
        boolean relative = !r.isEmpty() && !SCHEME.matcher(r).matches() && !r.startsWith("/") && !r.startsWith("\\")
                && r.chars().noneMatch(c -> c < 0x20);
        return relative ? Optional.of(r) : Optional.empty();
    }

    /** One line of at most {@code max} characters. */
    static String oneLine(String s, int max) {
        String line = s.strip().replaceAll("\\s+", " ");
        return line.length() <= max ? line : line.substring(0, max - 1) + "\u2026";
    }
}
