import pytest

from pytoolkit.arith import (
    clamp,
    format_cents,
    gcd,
    lcm,
    mean,
    median,
    percent_of,
    percentage,
    split_cents,
    to_cents,
)


@pytest.mark.parametrize(
    "amount, expected",
    [
        ("12.34", 1234),
        ("3", 300),
        ("0.5", 50),
        (" 7.10 ", 710),
        ("-2.25", -225),
        ("1.005", 101),
        ("1.004", 100),
        ("-1.005", -101),
    ],
)
def test_to_cents(amount, expected):
    assert to_cents(amount) == expected


@pytest.mark.parametrize("amount", ["", "abc", "1,50", "NaN", "Infinity"])
def test_to_cents_rejects_non_amounts(amount):
    with pytest.raises(ValueError):
        to_cents(amount)


@pytest.mark.parametrize(
    "cents, expected",
    [
        (0, "0.00"),
        (5, "0.05"),
        (1234, "12.34"),
        (100000, "1,000.00"),
        (99999, "999.99"),
        (-123456, "-1,234.56"),
        (123456789, "1,234,567.89"),
    ],
)
def test_format_cents(cents, expected):
    assert format_cents(cents) == expected


def test_format_cents_custom_separator():
    assert format_cents(123456, thousands=" ") == "1 234.56"


def test_split_cents_preserves_total():
    assert split_cents(100, 3) == [34, 33, 33]
    assert split_cents(101, 3) == [34, 34, 33]
    assert split_cents(99, 3) == [33, 33, 33]
    assert split_cents(2, 4) == [1, 1, 0, 0]
    assert split_cents(500, 1) == [500]


def test_split_cents_rejects_no_parts():
    with pytest.raises(ValueError):
        split_cents(100, 0)


def test_percent_of_rounds_half_up():
    assert percent_of(10000, 15) == 1500
    assert percent_of(1999, 10) == 200
    assert percent_of(1234, "7.5") == 93
    assert percent_of(1000, 0) == 0


def test_percentage():
    assert percentage(1, 3) == 33.3
    assert percentage(2, 3, places=2) == 66.67
    assert percentage(50, 200) == 25.0
    with pytest.raises(ZeroDivisionError):
        percentage(1, 0)


@pytest.mark.parametrize(
    "a, b, expected",
    [(12, 18, 6), (18, 12, 6), (7, 13, 1), (0, 5, 5), (0, 0, 0), (-12, 18, 6)],
)
def test_gcd(a, b, expected):
    assert gcd(a, b) == expected


@pytest.mark.parametrize(
    "a, b, expected",
    [(4, 6, 12), (3, 5, 15), (6, 6, 6), (0, 5, 0), (-4, 6, 12)],
)
def test_lcm(a, b, expected):
    assert lcm(a, b) == expected


def test_mean():
    assert mean([1, 2, 3, 4]) == 2.5
    assert mean([7]) == 7
    assert mean(iter([2, 4])) == 3
    with pytest.raises(ValueError):
        mean([])


def test_median():
    assert median([3, 1, 2]) == 2
    assert median([4, 1, 3, 2]) == 2.5
    assert median([5]) == 5
    with pytest.raises(ValueError):
        median([])


@pytest.mark.parametrize(
    "value, expected",
    [(-5, 0), (0, 0), (5, 5), (10, 10), (15, 10)],
)
def test_clamp(value, expected):
    assert clamp(value, 0, 10) == expected


def test_clamp_rejects_inverted_range():
    with pytest.raises(ValueError):
        clamp(1, 10, 0)
