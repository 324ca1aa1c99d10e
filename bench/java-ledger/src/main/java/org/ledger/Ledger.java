package org.ledger;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Entries of one currency, kept in date order (entries of one day keep insertion order). */
public class Ledger {
    private final String currency;
    private final List<Entry> entries = new ArrayList<>();

    public Ledger(String currency) {
        this.currency = Money.zero(currency).currency();
    }

    public void add(Entry entry) {
        if (!entry.amount().currency().equals(currency)) {
            throw new IllegalArgumentException("ledger is in " + currency
                    + ", entry in " + entry.amount().currency());
        }
        int i = entries.size();
        while (i > 0 && entries.get(i - 1).date().isAfter(entry.date())) {
            i--;
        }
        entries.add(i, entry);
    }

    public void addAll(List<Entry> more) {
        for (Entry e : more) {
            add(e);
        }
    }

    public List<Entry> entries() {
        return Collections.unmodifiableList(entries);
    }

    public int size() {
        return entries.size();
    }

    /** Sum of all entries dated on or before the given day. */
    public Money balanceAt(LocalDate day) {
        Money sum = Money.zero(currency);
        for (Entry e : entries) {
            if (e.date().isAfter(day)) {
                break;
            }
            sum = sum.add(e.amount());
        }
        return sum;
    }

    public Money balance() {
        Money sum = Money.zero(currency);
        for (Entry e : entries) {
            sum = sum.add(e.amount());
        }
        return sum;
    }

    /** Entries of the category (case-insensitive); null selects the uncategorised ones. */
    public List<Entry> byCategory(String category) {
        List<Entry> result = new ArrayList<>();
        for (Entry e : entries) {
            Optional<String> c = e.category();
            boolean match = category == null ? c.isEmpty()
                    : c.map(category::equalsIgnoreCase).orElse(false);
            if (match) {
                result.add(e);
            }
        }
        return result;
    }

    public List<Entry> within(DateRange range) {
        List<Entry> result = new ArrayList<>();
        for (Entry e : entries) {
            if (range.contains(e.date())) {
                result.add(e);
            }
        }
        return result;
    }

    /** Net total of each month that has entries, in month order. */
    public Map<YearMonth, Money> totalsByMonth() {
        Map<YearMonth, Money> totals = new TreeMap<>();
        for (Entry e : entries) {
            totals.merge(YearMonth.from(e.date()), e.amount(), Money::add);
        }
        return totals;
    }

    /** Sum of the spending (negative entries) per category, as positive amounts; "" for none. */
    public Map<String, Money> expensesByCategory() {
        Map<String, Money> totals = new TreeMap<>();
        for (Entry e : entries) {
            if (e.amount().isNegative()) {
                totals.merge(e.category().orElse(""), e.amount().negate(), Money::add);
            }
        }
        return totals;
    }

    /** The entry with the largest absolute amount, the earliest on a tie. */
    public Optional<Entry> largest() {
        return entries.stream()
                .max(Comparator.comparingLong((Entry e) -> Math.abs(e.amount().cents()))
                        .thenComparing(Entry::date, Comparator.reverseOrder()));
    }
}
