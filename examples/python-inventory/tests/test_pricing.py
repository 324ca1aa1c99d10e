import pytest

from inventory.pricing import apply_discount, bulk_price


def test_discount_rounds_down():
    assert apply_discount(999, 10) == 899


def test_bulk_price_from_ten_units():
    assert bulk_price(100, 10) == 950


def test_no_bulk_price_below_ten():
    assert bulk_price(100, 9) == 900


def test_discount_out_of_range():
    with pytest.raises(ValueError):
        apply_discount(100, 101)
