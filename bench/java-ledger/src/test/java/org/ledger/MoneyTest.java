package org.ledger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MoneyTest {
    private static Money eur(long cents) {
        return new Money(cents, "EUR");
    }

    @Test
    void constructorNormalisesCurrencyAndRejectsBadCodes() {
        assertEquals("EUR", new Money(1, "eur").currency());
        assertThrows(IllegalArgumentException.class, () -> new Money(1, "EURO"));
        assertThrows(NullPointerException.class, () -> new Money(1, null));
    }

    @Test
    void zeroIsZero() {
        assertTrue(Money.zero("USD").isZero());
        assertFalse(eur(1).isZero());
        assertEquals(0, Money.zero("USD").cents());
    }

    @ParameterizedTest
    @CsvSource({"12.34, 1234", "7, 700", "0.5, 50", "-0.05, -5", "+3.10, 310", ".25, 25", " 1.00 , 100"})
    void parsesAmounts(String text, long cents) {
        assertEquals(eur(cents), Money.parse(text, "EUR"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "1.234", "abc", "1,50", "-", ".", "1.-5"})
    void rejectsMalformedAmounts(String text) {
        assertThrows(IllegalArgumentException.class, () -> Money.parse(text, "EUR"));
    }

    @Test
    void isNegative() {
        assertTrue(eur(-1).isNegative());
        assertFalse(eur(0).isNegative());
        assertFalse(eur(1).isNegative());
    }

    @Test
    void addAndSubtract() {
        assertEquals(eur(350), eur(200).add(eur(150)));
        assertEquals(eur(-50), eur(100).subtract(eur(150)));
        assertEquals(eur(100), eur(100).subtract(Money.zero("EUR")));
    }

    @Test
    void mixingCurrenciesFails() {
        Money usd = new Money(100, "USD");
        assertThrows(IllegalArgumentException.class, () -> eur(1).add(usd));
        assertThrows(IllegalArgumentException.class, () -> eur(1).subtract(usd));
        assertThrows(IllegalArgumentException.class, () -> eur(1).compareTo(usd));
    }

    @Test
    void addOverflowIsDetected() {
        assertThrows(ArithmeticException.class, () -> eur(Long.MAX_VALUE).add(eur(1)));
    }

    @Test
    void negate() {
        assertEquals(eur(-75), eur(75).negate());
        assertEquals(eur(0), eur(0).negate());
    }

    @ParameterizedTest
    @CsvSource({"1000, 15, 150", "999, 10, 100", "1001, 10, 100", "1050, 1, 11", "1049, 1, 10",
                "-1050, 1, -11", "-1049, 1, -10", "500, 0, 0", "250, 100, 250", "200, 150, 300"})
    void percentRoundsHalfAwayFromZero(long cents, int percent, long expected) {
        assertEquals(eur(expected), eur(cents).percent(percent));
    }

    @Test
    void allocateEvenly() {
        assertArrayEquals(new Money[] {eur(34), eur(33), eur(33)}, eur(100).allocate(1, 1, 1));
    }

    @Test
    void allocateByRatio() {
        assertArrayEquals(new Money[] {eur(3), eur(7)}, eur(10).allocate(30, 70));
        assertArrayEquals(new Money[] {eur(1), eur(0)}, eur(1).allocate(1, 1));
    }

    @Test
    void allocateSkipsZeroRatiosForLeftoverCents() {
        assertArrayEquals(new Money[] {eur(0), eur(3), eur(2)}, eur(5).allocate(0, 1, 1));
    }

    @Test
    void allocateNegativeAmountStillSums() {
        Money[] parts = eur(-100).allocate(1, 1, 1);
        assertArrayEquals(new Money[] {eur(-34), eur(-33), eur(-33)}, parts);
    }

    @Test
    void allocateRejectsBadRatios() {
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate());
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate(0, 0));
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate(2, -1));
    }

    @Test
    void compareTo() {
        assertTrue(eur(1).compareTo(eur(2)) < 0);
        assertTrue(eur(2).compareTo(eur(1)) > 0);
        assertEquals(0, eur(2).compareTo(eur(2)));
    }

    @Test
    void equalsAndHashCode() {
        assertEquals(eur(5), eur(5));
        assertEquals(eur(5).hashCode(), eur(5).hashCode());
        assertNotEquals(eur(5), eur(6));
        assertNotEquals(eur(5), new Money(5, "USD"));
        assertNotEquals(eur(5), "5");
    }

    @ParameterizedTest
    @CsvSource({"1234, 12.34 EUR", "-5, -0.05 EUR", "0, 0.00 EUR", "100, 1.00 EUR", "-123456, -1234.56 EUR"})
    void toStringFormats(long cents, String expected) {
        assertEquals(expected, eur(cents).toString());
    }
}
