from datetime import date

import pytest

from pytoolkit.dates import (
    DateRange,
    add_months,
    age,
    business_days_between,
    days_in_month,
    end_of_month,
    is_leap_year,
    iso_week,
    quarter,
)


@pytest.mark.parametrize(
    "year, expected",
    [(2024, True), (2023, False), (1900, False), (2000, True), (2100, False)],
)
def test_is_leap_year(year, expected):
    assert is_leap_year(year) is expected


@pytest.mark.parametrize(
    "year, month, expected",
    [
        (2023, 1, 31),
        (2023, 2, 28),
        (2024, 2, 29),
        (2023, 4, 30),
        (2023, 9, 30),
        (2023, 11, 30),
        (2023, 12, 31),
    ],
)
def test_days_in_month(year, month, expected):
    assert days_in_month(year, month) == expected


@pytest.mark.parametrize("month", [0, 13])
def test_days_in_month_rejects_bad_month(month):
    with pytest.raises(ValueError):
        days_in_month(2023, month)


@pytest.mark.parametrize(
    "start, months, expected",
    [
        (date(2023, 1, 15), 1, date(2023, 2, 15)),
        (date(2024, 1, 31), 1, date(2024, 2, 29)),
        (date(2023, 1, 31), 1, date(2023, 2, 28)),
        (date(2023, 3, 31), 1, date(2023, 4, 30)),
        (date(2023, 11, 30), 2, date(2024, 1, 30)),
        (date(2023, 12, 1), 1, date(2024, 1, 1)),
        (date(2023, 1, 1), -1, date(2022, 12, 1)),
        (date(2024, 3, 31), -1, date(2024, 2, 29)),
        (date(2023, 5, 10), 0, date(2023, 5, 10)),
        (date(2020, 2, 29), 12, date(2021, 2, 28)),
    ],
)
def test_add_months(start, months, expected):
    assert add_months(start, months) == expected


def test_end_of_month():
    assert end_of_month(date(2024, 2, 10)) == date(2024, 2, 29)
    assert end_of_month(date(2023, 2, 28)) == date(2023, 2, 28)
    assert end_of_month(date(2023, 12, 1)) == date(2023, 12, 31)


@pytest.mark.parametrize(
    "month, expected",
    [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 4), (12, 4)],
)
def test_quarter(month, expected):
    assert quarter(date(2023, month, 1)) == expected


@pytest.mark.parametrize(
    "day, expected",
    [
        (date(2023, 6, 15), (2023, 24)),
        (date(2023, 1, 2), (2023, 1)),
        (date(2023, 1, 1), (2022, 52)),
        (date(2021, 1, 3), (2020, 53)),
        (date(2024, 12, 30), (2025, 1)),
        (date(2026, 12, 31), (2026, 53)),
    ],
)
def test_iso_week(day, expected):
    assert iso_week(day) == expected


def test_age():
    birth = date(1990, 6, 15)
    assert age(birth, date(2020, 6, 15)) == 30
    assert age(birth, date(2020, 6, 14)) == 29
    assert age(birth, date(2020, 5, 20)) == 29
    assert age(birth, date(2020, 7, 1)) == 30
    assert age(birth, birth) == 0


def test_age_of_leap_day_birth():
    birth = date(2000, 2, 29)
    assert age(birth, date(2023, 2, 28)) == 22
    assert age(birth, date(2023, 3, 1)) == 23
    assert age(birth, date(2024, 2, 29)) == 24


def test_age_rejects_date_before_birth():
    with pytest.raises(ValueError):
        age(date(2000, 1, 2), date(2000, 1, 1))


@pytest.mark.parametrize(
    "start, end, expected",
    [
        (date(2024, 1, 1), date(2024, 1, 8), 5),  # Monday to next Monday
        (date(2024, 1, 1), date(2024, 1, 6), 5),  # Monday to Saturday
        (date(2024, 1, 5), date(2024, 1, 9), 2),  # Friday to Tuesday
        (date(2024, 1, 6), date(2024, 1, 8), 0),  # the weekend
        (date(2024, 1, 3), date(2024, 1, 24), 15),
        (date(2024, 1, 3), date(2024, 1, 3), 0),
        (date(2024, 1, 9), date(2024, 1, 3), 0),
    ],
)
def test_business_days_between(start, end, expected):
    assert business_days_between(start, end) == expected


def test_date_range_length_and_iteration():
    march = DateRange(date(2024, 2, 27), date(2024, 3, 1))
    assert len(march) == 4
    assert list(march) == [date(2024, 2, 27), date(2024, 2, 28), date(2024, 2, 29), date(2024, 3, 1)]
    single = DateRange(date(2024, 1, 1), date(2024, 1, 1))
    assert len(single) == 1
    assert list(single) == [date(2024, 1, 1)]


def test_date_range_contains_both_ends():
    week = DateRange(date(2024, 1, 1), date(2024, 1, 7))
    assert date(2024, 1, 1) in week
    assert date(2024, 1, 7) in week
    assert date(2023, 12, 31) not in week
    assert date(2024, 1, 8) not in week


def test_date_range_overlaps():
    first = DateRange(date(2024, 1, 1), date(2024, 1, 10))
    assert first.overlaps(DateRange(date(2024, 1, 10), date(2024, 1, 20)))
    assert DateRange(date(2024, 1, 10), date(2024, 1, 20)).overlaps(first)
    assert first.overlaps(DateRange(date(2024, 1, 3), date(2024, 1, 4)))
    assert not first.overlaps(DateRange(date(2024, 1, 11), date(2024, 1, 20)))
    assert not DateRange(date(2023, 12, 1), date(2023, 12, 31)).overlaps(first)


def test_date_range_rejects_end_before_start():
    with pytest.raises(ValueError):
        DateRange(date(2024, 1, 2), date(2024, 1, 1))
