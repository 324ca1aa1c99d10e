package org.toolkit;

/** Calendar arithmetic on the proleptic Gregorian calendar, without java.time. */
public final class Dates {
    private Dates() {}

    /** Whether {@code year} has a 29 February. */
    public static boolean isLeapYear(int year) {
        return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** Days in {@code month} (1-12) of {@code year}. */
    public static int daysInMonth(int year, int month) {
        if (month < 1 || month > 12) {
            throw new IllegalArgumentException("month " + month);
        }
        if (month == 2) {
            return isLeapYear(year) ? 29 : 28;
        }
        if (month == 4 || month == 6 || month == 9 || month == 11) {
            return 30;
        }
        return 31;
    }

    /** The day's number in its year, 1 for 1 January. */
    public static int dayOfYear(int year, int month, int day) {
        int n = day;
        for (int m = 1; m < month; m++) {
            n += daysInMonth(year, m);
        }
        return n;
    }

    /** Whether the first date (y1, m1, d1) is before the second. */
    public static boolean isBefore(int y1, int m1, int d1, int y2, int m2, int d2) {
        if (y1 != y2) {
            return y1 < y2;
        }
        return dayOfYear(y1, m1, d1) < dayOfYear(y2, m2, d2);
    }

    /** Days of {@code year}. */
    public static int daysInYear(int year) {
        return isLeapYear(year) ? 366 : 365;
    }

    /** Whole years from a birth date to a date: the age on that date. */
    public static int age(int birthYear, int birthMonth, int birthDay, int year, int month, int day) {
        int years = year - birthYear;
        if (month < birthMonth || (month == birthMonth && day < birthDay)) {
            years--;
        }
        return years;
    }
}
