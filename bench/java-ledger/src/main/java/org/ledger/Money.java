package org.ledger;

import java.util.Objects;

/** An amount of money in minor units (cents) of one currency. Immutable. */
public final class Money implements Comparable<Money> {
    private final long cents;
    private final String currency;

    public Money(long cents, String currency) {
        Objects.requireNonNull(currency, "currency");
        if (currency.length() != 3) {
            throw new IllegalArgumentException("currency must be a 3-letter code: " + currency);
        }
        this.cents = cents;
        this.currency = currency.toUpperCase();
    }

    public static Money zero(String currency) {
        return new Money(0, currency);
    }

    /** Parses "12.34", "-0.5" or "7" into cents; at most two decimals. */
    public static Money parse(String text, String currency) {
        String s = text.trim();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty amount");
        }
        boolean negative = s.startsWith("-");
        if (negative || s.startsWith("+")) {
            s = s.substring(1);
        }
        int dot = s.indexOf('.');
        String whole = dot < 0 ? s : s.substring(0, dot);
        String frac = dot < 0 ? "" : s.substring(dot + 1);
        if (frac.length() > 2 || (whole.isEmpty() && frac.isEmpty())
                || !(whole + frac).chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("not an amount: " + text);
        }
        long units = whole.isEmpty() ? 0 : Long.parseLong(whole);
        long minor = frac.isEmpty() ? 0 : Long.parseLong(frac.length() == 1 ? frac + "0" : frac);
        long value = units * 100 + minor;
        return new Money(negative ? -value : value, currency);
    }

    public long cents() {
        return cents;
    }

    public String currency() {
        return currency;
    }

    public boolean isNegative() {
        return cents < 0;
    }

    public boolean isZero() {
        return cents == 0;
    }

    public Money add(Money other) {
        requireSameCurrency(other);
        return new Money(Math.addExact(cents, other.cents), currency);
    }

    public Money subtract(Money other) {
        requireSameCurrency(other);
        return new Money(Math.subtractExact(cents, other.cents), currency);
    }

    public Money negate() {
        return new Money(-cents, currency);
    }

    /** The given percentage of this amount, rounded half away from zero. */
    public Money percent(int percent) {
        long product = Math.multiplyExact(cents, (long) percent);
        long quotient = product / 100;
        long remainder = Math.abs(product % 100);
        if (remainder >= 50) {
            quotient += product < 0 ? -1 : 1;
        }
        return new Money(quotient, currency);
    }

    /**
     * Splits this amount into parts proportional to the ratios; the cents left
     * over by rounding down go one each to the first parts, so the parts always
     * sum to this amount.
     */
    public Money[] allocate(int... ratios) {
        if (ratios.length == 0) {
            throw new IllegalArgumentException("no ratios");
        }
        long total = 0;
        for (int r : ratios) {
            if (r < 0) {
                throw new IllegalArgumentException("negative ratio: " + r);
            }
            total += r;
        }
        if (total == 0) {
            throw new IllegalArgumentException("ratios sum to zero");
        }
        long[] parts = new long[ratios.length];
        long remainder = cents;
        for (int i = 0; i < ratios.length; i++) {
            parts[i] = cents * ratios[i] / total;
            remainder -= parts[i];
        }
        long step = remainder < 0 ? -1 : 1;
        for (int i = 0; remainder != 0; i++) {
            if (ratios[i % ratios.length] != 0) {
                parts[i % ratios.length] += step;
                remainder -= step;
            }
        }
        Money[] result = new Money[parts.length];
        for (int i = 0; i < parts.length; i++) {
            result[i] = new Money(parts[i], currency);
        }
        return result;
    }

    private void requireSameCurrency(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException(
                    "currency mismatch: " + currency + " vs " + other.currency);
        }
    }

    @Override
    public int compareTo(Money other) {
        requireSameCurrency(other);
        return Long.compare(cents, other.cents);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Money)) {
            return false;
        }
        Money m = (Money) o;
        return cents == m.cents && currency.equals(m.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cents, currency);
    }

    /** "12.34 EUR", "-0.05 EUR". */
    @Override
    public String toString() {
        long abs = Math.abs(cents);
        String sign = cents < 0 ? "-" : "";
        return String.format("%s%d.%02d %s", sign, abs / 100, abs % 100, currency);
    }
}
