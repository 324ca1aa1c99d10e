package org.ledger;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/** One booking: a signed amount on a date, with an optional category and note. */
public final class Entry {
    private final LocalDate date;
    private final Money amount;
    private final String category;
    private final String note;

    public Entry(LocalDate date, Money amount, String category, String note) {
        this.date = Objects.requireNonNull(date, "date");
        this.amount = Objects.requireNonNull(amount, "amount");
        this.category = category == null || category.isBlank() ? null : category.trim();
        this.note = note;
    }

    public LocalDate date() {
        return date;
    }

    public Money amount() {
        return amount;
    }

    public Optional<String> category() {
        return Optional.ofNullable(category);
    }

    public Optional<String> note() {
        return Optional.ofNullable(note);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Entry)) {
            return false;
        }
        Entry e = (Entry) o;
        return date.equals(e.date) && amount.equals(e.amount)
                && Objects.equals(category, e.category) && Objects.equals(note, e.note);
    }

    @Override
    public int hashCode() {
        return Objects.hash(date, amount, category, note);
    }

    @Override
    public String toString() {
        return date + " " + amount + (category == null ? "" : " [" + category + "]");
    }
}
