"""Prices in cents."""


def apply_discount(price: int, percent: int) -> int:
    """Price after a percentage discount, rounded down to the cent."""
    if not 0 <= percent <= 100:
        raise ValueError("percent must be between 0 and 100")
    return price * (100 - percent) // 100


def bulk_price(unit_price: int, count: int) -> int:
    """Ten or more units get 5% off."""
    total = unit_price * count
    if count >= 10:
        return apply_discount(total, 5)
    return total
