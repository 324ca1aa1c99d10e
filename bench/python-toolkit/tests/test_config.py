import pytest

from pytoolkit.config import (
    Config,
    ConfigError,
    as_bool,
    as_list,
    parse_config,
    parse_value,
    unquote,
)

SAMPLE = """
# service settings
name = demo
debug = yes

[server]
host = 0.0.0.0   # listen everywhere
port = 8080
banner = "  Welcome #1  "

; storage
[db]
url=postgres://db/main
tags = a, b, ,c
"""


def test_parse_config_sample():
    assert parse_config(SAMPLE) == {
        "name": "demo",
        "debug": "yes",
        "server.host": "0.0.0.0",
        "server.port": "8080",
        "server.banner": "  Welcome #1  ",
        "db.url": "postgres://db/main",
        "db.tags": "a, b, ,c",
    }


def test_parse_config_empty_and_comments_only():
    assert parse_config("") == {}
    assert parse_config("# a\n; b\n\n   \n") == {}


def test_parse_config_keeps_equals_signs_in_values():
    assert parse_config("query = a=1&b=2") == {"query": "a=1&b=2"}


def test_parse_config_allows_empty_value():
    assert parse_config("key =") == {"key": ""}


def test_parse_config_same_key_in_different_sections():
    assert parse_config("[a]\nx = 1\n[b]\nx = 2") == {"a.x": "1", "b.x": "2"}


@pytest.mark.parametrize(
    "text, line_no",
    [
        ("a = 1\njust words", 2),
        ("= value", 1),
        ("[section", 1),
        ("[ ]", 1),
        ("a = 1\n\na = 2", 3),
        ('a = "open', 1),
        ('a = "x" y', 1),
    ],
)
def test_parse_config_errors_name_the_line(text, line_no):
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    assert info.value.line_no == line_no
    assert str(info.value).startswith(f"line {line_no}:")


def test_config_error_is_a_value_error():
    assert issubclass(ConfigError, ValueError)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ('"plain"', "plain"),
        ('""', ""),
        ('"say \\"hi\\""', 'say "hi"'),
        ('"a\\\\b"', "a\\b"),
        ('"line\\nbreak\\ttab"', "line\nbreak\ttab"),
        ('"ends"   ', "ends"),
    ],
)
def test_unquote(raw, expected):
    assert unquote(raw) == expected


@pytest.mark.parametrize("raw", ["plain", '"open', '"bad \\q"', '"trailing\\', '"a" b'])
def test_unquote_rejects_bad_literals(raw):
    with pytest.raises(ValueError):
        unquote(raw)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("  value  ", "value"),
        ("value # comment", "value"),
        ("a#b", "a#b"),
        (' "quoted # kept" ', "quoted # kept"),
        ("", ""),
    ],
)
def test_parse_value(raw, expected):
    assert parse_value(raw) == expected


@pytest.mark.parametrize("value", ["true", "Yes", "ON", "1", " true "])
def test_as_bool_true(value):
    assert as_bool(value) is True


@pytest.mark.parametrize("value", ["false", "No", "off", "0"])
def test_as_bool_false(value):
    assert as_bool(value) is False


@pytest.mark.parametrize("value", ["", "maybe", "2"])
def test_as_bool_rejects_other_words(value):
    with pytest.raises(ValueError):
        as_bool(value)


def test_as_list():
    assert as_list("a, b, ,c") == ["a", "b", "c"]
    assert as_list("x|y", sep="|") == ["x", "y"]
    assert as_list("") == []


def test_config_typed_getters():
    config = Config.from_text(SAMPLE)
    assert config.get("name") == "demo"
    assert config.get("missing") is None
    assert config.get("missing", "fallback") == "fallback"
    assert config.get_int("server.port") == 8080
    assert config.get_int("server.workers", 4) == 4
    assert config.get_bool("debug") is True
    assert config.get_bool("verbose", False) is False
    with pytest.raises(ValueError):
        config.get_int("name")
    with pytest.raises(ValueError):
        config.get_bool("name")


def test_config_section():
    config = Config.from_text(SAMPLE)
    assert config.section("db") == {"url": "postgres://db/main", "tags": "a, b, ,c"}
    assert config.section("nothing") == {}


def test_config_section_does_not_match_prefix_of_a_longer_name():
    config = Config({"db.url": "x", "dbx.url": "y"})
    assert config.section("db") == {"url": "x"}


def test_config_copies_its_values():
    values = {"a": "1"}
    config = Config(values)
    values["a"] = "2"
    assert config.get("a") == "1"
