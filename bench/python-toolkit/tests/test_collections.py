import pytest

from pytoolkit.collections import (
    LRUCache,
    chunk,
    dedupe,
    deep_merge,
    flatten,
    group_by,
    partition,
    sliding_window,
)


@pytest.mark.parametrize(
    "items, size, expected",
    [
        ([1, 2, 3, 4, 5], 2, [[1, 2], [3, 4], [5]]),
        ([1, 2, 3, 4], 2, [[1, 2], [3, 4]]),
        ([1, 2], 5, [[1, 2]]),
        ([], 3, []),
    ],
)
def test_chunk(items, size, expected):
    assert chunk(items, size) == expected


def test_chunk_accepts_any_iterable():
    assert chunk(range(3), 1) == [[0], [1], [2]]


def test_chunk_rejects_non_positive_size():
    with pytest.raises(ValueError):
        chunk([1, 2], 0)


def test_sliding_window():
    assert sliding_window([1, 2, 3, 4], 2) == [(1, 2), (2, 3), (3, 4)]
    assert sliding_window([1, 2, 3], 3) == [(1, 2, 3)]
    assert sliding_window([1, 2], 3) == []
    with pytest.raises(ValueError):
        sliding_window([1], 0)


def test_group_by_keeps_first_seen_key_order_and_item_order():
    words = ["pear", "fig", "plum", "kiwi", "apple"]
    groups = group_by(words, len)
    assert groups == {4: ["pear", "plum", "kiwi"], 3: ["fig"], 5: ["apple"]}
    assert list(groups) == [4, 3, 5]


def test_group_by_empty():
    assert group_by([], len) == {}


def test_partition():
    evens, odds = partition(range(7), lambda n: n % 2 == 0)
    assert evens == [0, 2, 4, 6]
    assert odds == [1, 3, 5]
    assert partition([], bool) == ([], [])


def test_dedupe_keeps_first_occurrence():
    assert dedupe([3, 1, 3, 2, 1]) == [3, 1, 2]
    assert dedupe([]) == []


def test_dedupe_by_key():
    assert dedupe(["Apple", "apple", "Banana", "APPLE"], key=str.lower) == ["Apple", "Banana"]


def test_flatten():
    assert flatten([1, [2, (3, [4])], [], "ab"]) == [1, 2, 3, 4, "ab"]
    assert flatten([]) == []


def test_deep_merge_merges_nested_dicts():
    base = {"db": {"host": "localhost", "port": 5432}, "debug": False}
    override = {"db": {"port": 6543}, "debug": True}
    assert deep_merge(base, override) == {
        "db": {"host": "localhost", "port": 6543},
        "debug": True,
    }


def test_deep_merge_replaces_non_dict_values_and_leaves_inputs_alone():
    base = {"a": {"x": 1}, "b": [1, 2]}
    override = {"a": 5, "b": [3], "c": {"y": 2}}
    assert deep_merge(base, override) == {"a": 5, "b": [3], "c": {"y": 2}}
    assert base == {"a": {"x": 1}, "b": [1, 2]}
    assert override == {"a": 5, "b": [3], "c": {"y": 2}}


def test_deep_merge_does_not_modify_nested_base_dict():
    base = {"a": {"x": 1}}
    deep_merge(base, {"a": {"y": 2}})
    assert base == {"a": {"x": 1}}


def test_lru_cache_get_and_put():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    assert cache.get("missing") is None
    assert cache.get("missing", 0) == 0
    assert len(cache) == 2


def test_lru_cache_evicts_least_recently_used():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert "b" not in cache
    assert "a" in cache and "c" in cache
    assert len(cache) == 2


def test_lru_cache_put_existing_key_updates_and_refreshes():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert cache.get("a") == 10
    assert "b" not in cache
    assert len(cache) == 2


def test_lru_cache_rejects_zero_capacity():
    with pytest.raises(ValueError):
        LRUCache(0)
