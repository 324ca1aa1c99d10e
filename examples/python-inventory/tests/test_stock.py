import pytest

from inventory.stock import Item, needs_restock, restock_list, take


def test_plenty_in_stock_needs_no_restock():
    assert not needs_restock(Item("apple", 50, 10))


def test_below_reorder_level_needs_restock():
    assert needs_restock(Item("apple", 3, 10))


def test_at_reorder_level_needs_restock():
    item = Item("pear", 10, 10)
    assert needs_restock(item)


def test_take_reduces_quantity():
    assert take(Item("fig", 5, 1), 2).quantity == 3


def test_take_too_many_is_refused():
    with pytest.raises(ValueError):
        take(Item("fig", 1, 1), 2)


def test_restock_list_keeps_shelf_order():
    items = [Item("a", 0, 1), Item("b", 9, 1), Item("c", 1, 2)]
    assert restock_list(items) == ["a", "c"]
