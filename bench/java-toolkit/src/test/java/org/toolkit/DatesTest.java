package org.toolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatesTest {
    @Test
    void leapYearsFollowTheGregorianRule() {
        assertTrue(Dates.isLeapYear(2024));
        assertFalse(Dates.isLeapYear(2023));
        assertFalse(Dates.isLeapYear(1900));
        assertTrue(Dates.isLeapYear(2000));
    }

    @Test
    void monthsHaveTheirDays() {
        assertEquals(31, Dates.daysInMonth(2023, 1));
        assertEquals(28, Dates.daysInMonth(2023, 2));
        assertEquals(29, Dates.daysInMonth(2024, 2));
        assertEquals(30, Dates.daysInMonth(2023, 4));
        assertEquals(30, Dates.daysInMonth(2023, 11));
        assertEquals(31, Dates.daysInMonth(2023, 12));
        assertThrows(IllegalArgumentException.class, () -> Dates.daysInMonth(2023, 13));
        assertThrows(IllegalArgumentException.class, () -> Dates.daysInMonth(2023, 0));
    }

    @Test
    void dayOfYearCountsThePreviousMonths() {
        assertEquals(1, Dates.dayOfYear(2023, 1, 1));
        assertEquals(32, Dates.dayOfYear(2023, 2, 1));
        assertEquals(61, Dates.dayOfYear(2024, 3, 1));
        assertEquals(365, Dates.dayOfYear(2023, 12, 31));
    }

    @Test
    void isBeforeComparesYearThenDay() {
        assertTrue(Dates.isBefore(2022, 12, 31, 2023, 1, 1));
        assertFalse(Dates.isBefore(2023, 1, 1, 2022, 12, 31));
        assertTrue(Dates.isBefore(2023, 3, 1, 2023, 3, 2));
        assertFalse(Dates.isBefore(2023, 3, 2, 2023, 3, 2));
    }

    @Test
    void daysInYearDependsOnLeapYears() {
        assertEquals(366, Dates.daysInYear(2024));
        assertEquals(365, Dates.daysInYear(2023));
    }

    @Test
    void ageCountsOnlyPassedBirthdays() {
        assertEquals(30, Dates.age(1990, 6, 15, 2020, 6, 15));
        assertEquals(29, Dates.age(1990, 6, 15, 2020, 6, 14));
        assertEquals(29, Dates.age(1990, 6, 15, 2020, 5, 20));
        assertEquals(30, Dates.age(1990, 6, 15, 2020, 7, 1));
    }
}
