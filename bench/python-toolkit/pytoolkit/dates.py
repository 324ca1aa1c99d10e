"""Calendar logic on ``datetime.date``: leap years, month arithmetic, ISO weeks, ages, ranges."""

from datetime import date, timedelta


def is_leap_year(year):
    """Whether ``year`` has a 29 February in the Gregorian calendar."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year, month):
    """Number of days in ``month`` (1-12) of ``year``."""
    if not 1 <= month <= 12:
        raise ValueError(f"month out of range: {month}")
    if month == 2:
        return 29 if is_leap_year(year) else 28
    if month in (4, 6, 9, 11):
        return 30
    return 31


def add_months(day, months):
    """``day`` moved by ``months`` (may be negative), clamped to the end of a shorter month.

    ``add_months(date(2024, 1, 31), 1)`` is 29 February 2024.
    """
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, days_in_month(year, month)))


def end_of_month(day):
    """The last day of ``day``'s month."""
    return day.replace(day=days_in_month(day.year, day.month))


def quarter(day):
    """The calendar quarter (1-4) ``day`` falls in."""
    return (day.month - 1) // 3 + 1


def iso_week(day):
    """The ISO 8601 (year, week) of ``day``: weeks start on Monday, week 1 holds the first Thursday."""
    thursday = day + timedelta(days=3 - day.weekday())
    week = (thursday - date(thursday.year, 1, 1)).days // 7 + 1
    return thursday.year, week


def age(birth, on):
    """Whole years from ``birth`` to ``on``; someone born on 29 February ages on 1 March in common years."""
    if on < birth:
        raise ValueError("date is before the birth date")
    years = on.year - birth.year
    if (on.month, on.day) < (birth.month, birth.day):
        years -= 1
    return years


def business_days_between(start, end):
    """Number of Mondays to Fridays from ``start`` (included) to ``end`` (excluded); 0 if ``end <= start``."""
    total = (end - start).days
    if total <= 0:
        return 0
    full_weeks, extra = divmod(total, 7)
    count = full_weeks * 5
    for offset in range(extra):
        if (start.weekday() + offset) % 7 < 5:
            count += 1
    return count


class DateRange:
    """The days from ``start`` to ``end``, both included."""

    def __init__(self, start, end):
        if end < start:
            raise ValueError("end is before start")
        self.start = start
        self.end = end

    def __len__(self):
        return (self.end - self.start).days + 1

    def __contains__(self, day):
        return self.start <= day <= self.end

    def __iter__(self):
        for offset in range(len(self)):
            yield self.start + timedelta(days=offset)

    def overlaps(self, other):
        """Whether the two ranges share at least one day."""
        return self.start <= other.end and other.start <= self.end
