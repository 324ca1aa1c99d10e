"""Helpers for lists, iterables and dicts."""

from collections import OrderedDict


def chunk(items, size):
    """Split ``items`` into consecutive lists of ``size`` elements; the last may be shorter."""
    if size < 1:
        raise ValueError("size must be at least 1")
    items = list(items)
    return [items[i:i + size] for i in range(0, len(items), size)]


def sliding_window(items, size):
    """All runs of ``size`` consecutive elements, as tuples, in order."""
    if size < 1:
        raise ValueError("size must be at least 1")
    items = list(items)
    return [tuple(items[i:i + size]) for i in range(len(items) - size + 1)]


def group_by(items, key):
    """Map each ``key(item)`` to the list of items having it, keys in first-seen order."""
    groups = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return groups


def partition(items, predicate):
    """Split ``items`` into (those where ``predicate`` holds, the others), keeping order."""
    matching, rest = [], []
    for item in items:
        (matching if predicate(item) else rest).append(item)
    return matching, rest


def dedupe(items, key=None):
    """The items without repeats, keeping the first occurrence of each (by ``key`` if given)."""
    seen = set()
    result = []
    for item in items:
        marker = item if key is None else key(item)
        if marker not in seen:
            seen.add(marker)
            result.append(item)
    return result


def flatten(nested):
    """Flatten nested lists and tuples into one list; other values (strings too) are leaves."""
    result = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            result.extend(flatten(item))
        else:
            result.append(item)
    return result


def deep_merge(base, override):
    """A new dict: ``base`` updated by ``override``, merging nested dicts key by key.

    Neither argument is modified. A value in ``override`` replaces the one in ``base``
    unless both are dicts.
    """
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


class LRUCache:
    """A mapping holding at most ``capacity`` entries, evicting the least recently used."""

    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._entries = OrderedDict()

    def get(self, key, default=None):
        """The value for ``key`` (marking it as recently used), or ``default``."""
        if key not in self._entries:
            return default
        self._entries.move_to_end(key)
        return self._entries[key]

    def put(self, key, value):
        """Store ``value`` under ``key``, evicting the least recently used entry if full."""
        if key in self._entries:
            self._entries.move_to_end(key)
        self._entries[key] = value
        if len(self._entries) > self.capacity:
            self._entries.popitem(last=False)

    def __contains__(self, key):
        return key in self._entries

    def __len__(self):
        return len(self._entries)
