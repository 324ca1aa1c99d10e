"""Items on the shelf and when to order more."""

from dataclasses import dataclass


@dataclass
class Item:
    sku: str
    quantity: int
    reorder_level: int


def needs_restock(item: Item) -> bool:
    """An item is reordered once its quantity falls to the reorder level or below."""
    return item.quantity < item.reorder_level


def take(item: Item, count: int) -> Item:
    """Removes count units from the shelf; refuses to go below zero."""
    if count <= 0:
        raise ValueError("count must be positive")
    if count > item.quantity:
        raise ValueError(f"only {item.quantity} of {item.sku} left")
    return Item(item.sku, item.quantity - count, item.reorder_level)


def restock_list(items: list[Item]) -> list[str]:
    """SKUs to reorder, in shelf order."""
    return [i.sku for i in items if needs_restock(i)]
