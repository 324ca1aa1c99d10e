"""String helpers: slugs, case conversion, wrapping, truncating, padding."""

import re
import unicodedata

_WORD_BOUNDARY = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def slugify(text, sep="-"):
    """A lowercase ASCII slug: accents dropped, runs of other characters become one ``sep``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    return sep.join(words)


def split_words(name):
    """The words of an identifier in any of camelCase, PascalCase, snake_case or kebab-case."""
    return _WORD_BOUNDARY.findall(name)


def snake_case(name):
    """``name`` as snake_case: ``"HTTPServerError"`` becomes ``"http_server_error"``."""
    return "_".join(word.lower() for word in split_words(name))


def camel_case(name):
    """``name`` as camelCase: ``"user_id_list"`` becomes ``"userIdList"``."""
    words = split_words(name)
    if not words:
        return ""
    return words[0].lower() + "".join(word.capitalize() for word in words[1:])


def wrap(text, width):
    """Greedy word wrap into lines of at most ``width`` characters.

    A word longer than ``width`` gets a line of its own; whitespace runs count as one space.
    """
    if width < 1:
        raise ValueError("width must be at least 1")
    lines = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def truncate(text, length, ellipsis="..."):
    """``text`` cut to at most ``length`` characters, ending in ``ellipsis`` when cut."""
    if length < len(ellipsis):
        raise ValueError("length is shorter than the ellipsis")
    if len(text) <= length:
        return text
    return text[:length - len(ellipsis)] + ellipsis


def pad(text, width, align="left", fill=" "):
    """``text`` padded with ``fill`` to ``width`` characters.

    ``align`` is ``"left"``, ``"right"`` or ``"center"`` (extra fill goes to the right).
    Text already at least ``width`` long is returned unchanged.
    """
    if len(fill) != 1:
        raise ValueError("fill must be a single character")
    missing = width - len(text)
    if missing <= 0:
        return text
    if align == "left":
        return text + fill * missing
    if align == "right":
        return fill * missing + text
    if align == "center":
        left = missing // 2
        return fill * left + text + fill * (missing - left)
    raise ValueError(f"unknown alignment: {align!r}")
