package dev.repofix.eval.score;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** How the reports print figures: shares with their counts, fixed decimals, "n/a" where nothing was measured. */
final class Figures {
    private Figures() {}

    static String share(Rate r) {
        return r.n() == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%% (%d/%d)", 100 * r.share(), r.hits(), r.n());
    }

    static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static String number(OptionalDouble v) {
        return v.isPresent() ? number(v.getAsDouble()) : "n/a";
    }

    static String usd(Optional<Double> v) {
        return v.map(d -> String.format(Locale.ROOT, "%.4f", d)).orElse("n/a");
    }

    static String seconds(double ms) {
        return String.format(Locale.ROOT, "%.1f", ms / 1000);
    }

    static String pValue(OptionalDouble p) {
        if (p.isEmpty()) {
            return "n/a";
        }
        return p.getAsDouble() < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p.getAsDouble());
    }
}
