package org.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DateRangeTest {
    private static DateRange range(String start, String end) {
        return new DateRange(LocalDate.parse(start), LocalDate.parse(end));
    }

    @Test
    void rejectsEndBeforeStart() {
        assertThrows(IllegalArgumentException.class, () -> range("2024-03-02", "2024-03-01"));
    }

    @Test
    void singleDayRangeIsAllowed() {
        DateRange r = range("2024-03-01", "2024-03-01");
        assertEquals(1, r.days());
        assertEquals(r.start(), r.end());
    }

    @ParameterizedTest
    @CsvSource({"2024, 2, 2024-02-29", "2023, 2, 2023-02-28", "2024, 12, 2024-12-31", "2024, 4, 2024-04-30"})
    void ofMonth(int year, int month, String lastDay) {
        DateRange r = DateRange.ofMonth(year, month);
        assertEquals(LocalDate.of(year, month, 1), r.start());
        assertEquals(LocalDate.parse(lastDay), r.end());
    }

    @ParameterizedTest
    @CsvSource({"2024-03-01, true", "2024-03-15, true", "2024-03-31, true",
                "2024-02-29, false", "2024-04-01, false"})
    void containsIncludesBothEnds(String day, boolean expected) {
        assertEquals(expected, range("2024-03-01", "2024-03-31").contains(LocalDate.parse(day)));
    }

    @ParameterizedTest
    @CsvSource({"2024-03-31, 2024-04-10, true", "2024-02-01, 2024-03-01, true",
                "2024-03-05, 2024-03-06, true", "2024-01-01, 2024-12-31, true",
                "2024-04-01, 2024-04-10, false", "2024-02-01, 2024-02-29, false"})
    void overlaps(String start, String end, boolean expected) {
        DateRange march = range("2024-03-01", "2024-03-31");
        DateRange other = range(start, end);
        assertEquals(expected, march.overlaps(other));
        assertEquals(expected, other.overlaps(march));
    }

    @Test
    void intersection() {
        DateRange a = range("2024-03-10", "2024-04-20");
        assertEquals(Optional.of(range("2024-04-01", "2024-04-20")),
                a.intersection(DateRange.ofMonth(2024, 4)));
        assertEquals(Optional.of(range("2024-03-10", "2024-03-31")),
                DateRange.ofMonth(2024, 3).intersection(a));
        assertEquals(Optional.empty(), a.intersection(DateRange.ofMonth(2024, 5)));
    }

    @ParameterizedTest
    @CsvSource({"2024-01-01, 2024-01-31, 31", "2024-02-01, 2024-03-01, 30",
                "2023-02-01, 2023-03-01, 29", "2024-01-01, 2024-12-31, 366"})
    void days(String start, String end, long expected) {
        assertEquals(expected, range(start, end).days());
    }

    @Test
    void splitByMonthAcrossYearEnd() {
        assertEquals(List.of(range("2023-11-15", "2023-11-30"), range("2023-12-01", "2023-12-31"),
                        range("2024-01-01", "2024-01-10")),
                range("2023-11-15", "2024-01-10").splitByMonth());
    }

    @Test
    void splitByMonthWithinOneMonth() {
        DateRange r = range("2024-02-03", "2024-02-29");
        assertEquals(List.of(r), r.splitByMonth());
    }

    @Test
    void splitByMonthOnTheBoundary() {
        assertEquals(List.of(range("2024-01-31", "2024-01-31"), range("2024-02-01", "2024-02-01")),
                range("2024-01-31", "2024-02-01").splitByMonth());
    }

    @Test
    void equalsHashCodeAndToString() {
        assertEquals(range("2024-01-01", "2024-01-02"), range("2024-01-01", "2024-01-02"));
        assertEquals(range("2024-01-01", "2024-01-02").hashCode(),
                range("2024-01-01", "2024-01-02").hashCode());
        assertNotEquals(range("2024-01-01", "2024-01-02"), range("2024-01-01", "2024-01-03"));
        assertNotEquals(range("2024-01-01", "2024-01-02"), range("2023-12-31", "2024-01-02"));
        assertEquals("2024-01-01..2024-01-02", range("2024-01-01", "2024-01-02").toString());
    }

    @Test
    void containsIsFalseJustOutsideSingleDay() {
        DateRange r = range("2024-03-01", "2024-03-01");
        assertTrue(r.contains(LocalDate.parse("2024-03-01")));
        assertFalse(r.contains(LocalDate.parse("2024-03-02")));
    }
}
