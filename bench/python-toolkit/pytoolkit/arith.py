"""Integer arithmetic: money in cents, percentages, gcd/lcm, averages, clamping."""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation


def to_cents(amount):
    """Parse a decimal amount such as ``"12.345"`` into integer cents, rounding half up."""
    try:
        value = Decimal(amount.strip())
    except InvalidOperation:
        raise ValueError(f"not an amount: {amount!r}") from None
    if not value.is_finite():
        raise ValueError(f"not an amount: {amount!r}")
    return int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def format_cents(cents, thousands=","):
    """Integer cents as text with two decimals and grouped thousands: ``-123456`` is ``"-1,234.56"``."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    digits = str(units)
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return f"{sign}{thousands.join(groups)}.{rest:02d}"


def split_cents(total, parts):
    """Split ``total`` cents into ``parts`` shares differing by at most one cent, summing to ``total``.

    The larger shares come first.
    """
    if parts < 1:
        raise ValueError("parts must be at least 1")
    share, remainder = divmod(total, parts)
    return [share + 1 if i < remainder else share for i in range(parts)]


def percent_of(cents, percent):
    """``percent`` per cent of ``cents``, rounded half up to whole cents (``percent`` may be a string)."""
    value = Decimal(cents) * Decimal(str(percent)) / 100
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def percentage(part, whole, places=1):
    """What per cent ``part`` is of ``whole``, rounded to ``places`` decimals."""
    if whole == 0:
        raise ZeroDivisionError("whole is zero")
    return round(part * 100 / whole, places)


def gcd(a, b):
    """Greatest common divisor, always non-negative; ``gcd(0, 0)`` is 0."""
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a


def lcm(a, b):
    """Least common multiple, always non-negative; 0 if either argument is 0."""
    if a == 0 or b == 0:
        return 0
    return abs(a * b) // gcd(a, b)


def mean(values):
    """Arithmetic mean of a non-empty sequence."""
    values = list(values)
    if not values:
        raise ValueError("mean of no values")
    return sum(values) / len(values)


def median(values):
    """Median of a non-empty sequence: the mean of the two middle values for an even count."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("median of no values")
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def clamp(value, low, high):
    """``value`` limited to the closed range [``low``, ``high``]."""
    if low > high:
        raise ValueError("low is greater than high")
    return max(low, min(value, high))
