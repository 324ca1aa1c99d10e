package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LedgerTest {
    private Ledger ledger;

    private static Money eur(long cents) {
        return new Money(cents, "EUR");
    }

    private static Entry entry(String date, long cents, String category) {
        return new Entry(LocalDate.parse(date), eur(cents), category, null);
    }

    @BeforeEach
    void fill() {
        ledger = new Ledger("EUR");
        ledger.addAll(List.of(
                entry("2024-01-31", 250000, "salary"),
                entry("2024-01-05", -80000, "rent"),
                entry("2024-02-05", -80000, "Rent"),
                entry("2024-01-20", -4550, "food"),
                entry("2024-02-10", -1200, null),
                entry("2024-02-29", 250000, "salary")));
    }

    @Test
    void emptyLedger() {
        Ledger empty = new Ledger("EUR");
        assertEquals(0, empty.size());
        assertEquals(eur(0), empty.balance());
        assertEquals(eur(0), empty.balanceAt(LocalDate.of(2024, 1, 1)));
        assertEquals(Map.of(), empty.totalsByMonth());
        assertEquals(Optional.empty(), empty.largest());
    }

    @Test
    void keepsEntriesInDateOrder() {
        List<LocalDate> dates = ledger.entries().stream().map(Entry::date).toList();
        assertEquals(List.of(LocalDate.parse("2024-01-05"), LocalDate.parse("2024-01-20"),
                LocalDate.parse("2024-01-31"), LocalDate.parse("2024-02-05"),
                LocalDate.parse("2024-02-10"), LocalDate.parse("2024-02-29")), dates);
        assertEquals(6, ledger.size());
    }

    @Test
    void entriesOfTheSameDayKeepInsertionOrder() {
        Ledger l = new Ledger("EUR");
        l.add(entry("2024-01-01", 1, "first"));
        l.add(entry("2024-01-02", 3, "later"));
        l.add(entry("2024-01-01", 2, "second"));
        assertEquals(List.of(eur(1), eur(2), eur(3)),
                l.entries().stream().map(Entry::amount).toList());
    }

    @Test
    void entriesViewIsReadOnly() {
        assertThrows(UnsupportedOperationException.class,
                () -> ledger.entries().add(entry("2024-01-01", 1, null)));
    }

    @Test
    void rejectsEntryInOtherCurrency() {
        assertThrows(IllegalArgumentException.class,
                () -> ledger.add(new Entry(LocalDate.of(2024, 1, 1), new Money(1, "USD"), null, null)));
    }

    @Test
    void balance() {
        assertEquals(eur(250000 * 2 - 160000 - 4550 - 1200), ledger.balance());
    }

    @Test
    void balanceAtIncludesTheDayItself() {
        assertEquals(eur(0), ledger.balanceAt(LocalDate.parse("2024-01-04")));
        assertEquals(eur(-80000), ledger.balanceAt(LocalDate.parse("2024-01-05")));
        assertEquals(eur(-84550), ledger.balanceAt(LocalDate.parse("2024-01-30")));
        assertEquals(eur(165450), ledger.balanceAt(LocalDate.parse("2024-01-31")));
        assertEquals(ledger.balance(), ledger.balanceAt(LocalDate.parse("2030-01-01")));
    }

    @Test
    void byCategoryIgnoresCase() {
        assertEquals(2, ledger.byCategory("rent").size());
        assertEquals(2, ledger.byCategory("SALARY").size());
        assertTrue(ledger.byCategory("travel").isEmpty());
    }

    @Test
    void byNullCategorySelectsUncategorised() {
        assertEquals(List.of(entry("2024-02-10", -1200, null)), ledger.byCategory(null));
    }

    @Test
    void within() {
        List<Entry> feb = ledger.within(DateRange.ofMonth(2024, 2));
        assertEquals(3, feb.size());
        assertEquals(LocalDate.parse("2024-02-05"), feb.get(0).date());
        assertEquals(LocalDate.parse("2024-02-29"), feb.get(2).date());
        assertTrue(ledger.within(DateRange.ofMonth(2023, 12)).isEmpty());
    }

    @Test
    void totalsByMonth() {
        Map<YearMonth, Money> totals = ledger.totalsByMonth();
        assertEquals(List.of(YearMonth.of(2024, 1), YearMonth.of(2024, 2)), List.copyOf(totals.keySet()));
        assertEquals(eur(250000 - 80000 - 4550), totals.get(YearMonth.of(2024, 1)));
        assertEquals(eur(250000 - 80000 - 1200), totals.get(YearMonth.of(2024, 2)));
    }

    @Test
    void expensesByCategory() {
        Map<String, Money> expenses = ledger.expensesByCategory();
        assertEquals(Map.of("rent", eur(80000), "Rent", eur(80000), "food", eur(4550), "", eur(1200)),
                expenses);
    }

    @Test
    void largestPrefersEarliestOnTie() {
        assertEquals(Optional.of(entry("2024-01-31", 250000, "salary")), ledger.largest());
    }

    @Test
    void largestComparesAbsoluteAmounts() {
        Ledger l = new Ledger("EUR");
        l.add(entry("2024-01-01", 500, null));
        l.add(entry("2024-01-02", -900, null));
        assertEquals(eur(-900), l.largest().orElseThrow().amount());
    }
}
