package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EntryTest {
    private static final LocalDate DAY = LocalDate.of(2024, 5, 6);
    private static final Money TEN = new Money(1000, "EUR");

    @Test
    void keepsItsFields() {
        Entry e = new Entry(DAY, TEN, "food", "lunch");
        assertEquals(DAY, e.date());
        assertEquals(TEN, e.amount());
        assertEquals(Optional.of("food"), e.category());
        assertEquals(Optional.of("lunch"), e.note());
    }

    @Test
    void blankCategoryBecomesEmptyAndCategoryIsTrimmed() {
        assertEquals(Optional.empty(), new Entry(DAY, TEN, "  ", null).category());
        assertEquals(Optional.empty(), new Entry(DAY, TEN, null, null).category());
        assertEquals(Optional.of("rent"), new Entry(DAY, TEN, " rent ", null).category());
        assertEquals(Optional.empty(), new Entry(DAY, TEN, null, null).note());
    }

    @Test
    void requiresDateAndAmount() {
        assertThrows(NullPointerException.class, () -> new Entry(null, TEN, null, null));
        assertThrows(NullPointerException.class, () -> new Entry(DAY, null, null, null));
    }

    @Test
    void equalsAndHashCode() {
        assertEquals(new Entry(DAY, TEN, "a", "n"), new Entry(DAY, TEN, " a", "n"));
        assertEquals(new Entry(DAY, TEN, "a", "n").hashCode(), new Entry(DAY, TEN, "a", "n").hashCode());
        assertNotEquals(new Entry(DAY, TEN, "a", "n"), new Entry(DAY, TEN, "a", null));
        assertNotEquals(new Entry(DAY, TEN, "a", null), new Entry(DAY, TEN, "b", null));
        assertNotEquals(new Entry(DAY, TEN, null, null), new Entry(DAY.plusDays(1), TEN, null, null));
        assertNotEquals(new Entry(DAY, TEN, null, null), new Entry(DAY, TEN.negate(), null, null));
    }

    @Test
    void toStringShowsCategoryWhenPresent() {
        assertEquals("2024-05-06 10.00 EUR [food]", new Entry(DAY, TEN, "food", null).toString());
        assertEquals("2024-05-06 10.00 EUR", new Entry(DAY, TEN, null, "x").toString());
    }
}
