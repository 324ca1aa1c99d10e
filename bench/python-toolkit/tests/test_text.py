import pytest

from pytoolkit.text import camel_case, pad, slugify, snake_case, split_words, truncate, wrap


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Hello, World!", "hello-world"),
        ("  Crème brûlée  ", "creme-brulee"),
        ("Release 2.0 -- notes", "release-2-0-notes"),
        ("", ""),
        ("!!!", ""),
    ],
)
def test_slugify(text, expected):
    assert slugify(text) == expected


def test_slugify_custom_separator():
    assert slugify("Hello World", sep="_") == "hello_world"


def test_split_words():
    assert split_words("parseHTTPResponse2Fast") == ["parse", "HTTP", "Response", "2", "Fast"]
    assert split_words("kebab-case_mixed") == ["kebab", "case", "mixed"]
    assert split_words("") == []


@pytest.mark.parametrize(
    "name, expected",
    [
        ("camelCase", "camel_case"),
        ("HTTPServerError", "http_server_error"),
        ("already_snake", "already_snake"),
        ("kebab-case-name", "kebab_case_name"),
        ("version2", "version_2"),
    ],
)
def test_snake_case(name, expected):
    assert snake_case(name) == expected


@pytest.mark.parametrize(
    "name, expected",
    [
        ("user_id_list", "userIdList"),
        ("PascalCase", "pascalCase"),
        ("kebab-case", "kebabCase"),
        ("word", "word"),
        ("", ""),
    ],
)
def test_camel_case(name, expected):
    assert camel_case(name) == expected


def test_wrap_fills_lines_greedily():
    assert wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"]


def test_wrap_allows_lines_of_exactly_width():
    assert wrap("abc def", 7) == ["abc def"]
    assert wrap("abc def", 6) == ["abc", "def"]


def test_wrap_long_word_and_whitespace():
    assert wrap("a  verylongword   b", 4) == ["a", "verylongword", "b"]
    assert wrap("", 5) == []
    assert wrap("   ", 5) == []


def test_wrap_rejects_zero_width():
    with pytest.raises(ValueError):
        wrap("text", 0)


def test_truncate():
    assert truncate("hello world", 8) == "hello..."
    assert truncate("hello", 5) == "hello"
    assert truncate("hello", 10) == "hello"
    assert truncate("hello world", 6, ellipsis="~") == "hello~"
    assert truncate("hello", 3) == "..."


def test_truncate_rejects_length_shorter_than_ellipsis():
    with pytest.raises(ValueError):
        truncate("hello", 2)


@pytest.mark.parametrize(
    "align, expected",
    [
        ("left", "ab..."),
        ("right", "...ab"),
        ("center", ".ab.."),
    ],
)
def test_pad(align, expected):
    assert pad("ab", 5, align=align, fill=".") == expected


def test_pad_defaults_and_long_text():
    assert pad("ab", 4) == "ab  "
    assert pad("abcdef", 4, align="right") == "abcdef"
    assert pad("abcd", 4, align="center") == "abcd"


def test_pad_rejects_bad_arguments():
    with pytest.raises(ValueError):
        pad("ab", 5, fill="--")
    with pytest.raises(ValueError):
        pad("ab", 5, align="justify")
