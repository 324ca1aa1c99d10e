"""A small INI-like ``key = value`` config parser.

Syntax, line by line:

* blank lines and lines starting with ``#`` or ``;`` are ignored;
* ``[name]`` starts a section; keys below it are stored as ``name.key``;
* ``key = value``: the key is stripped; an unquoted value is stripped and loses an
  inline comment starting with `` #``; a double-quoted value keeps its spaces and ``#``
  and understands the escapes ``\\"``, ``\\\\``, ``\\n`` and ``\\t``;
* a key given twice in the same section is an error.
"""

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class ConfigError(ValueError):
    """A syntax error, with the 1-based number of the offending line."""

    def __init__(self, line_no, message):
        super().__init__(f"line {line_no}: {message}")
        self.line_no = line_no


def unquote(raw):
    """The value of a double-quoted string literal ``raw`` (quotes included), escapes resolved.

    Only whitespace may follow the closing quote.
    """
    if not raw.startswith('"'):
        raise ValueError("value does not start with a quote")
    chars = []
    i = 1
    while i < len(raw):
        ch = raw[i]
        if ch == "\\":
            if i + 1 >= len(raw) or raw[i + 1] not in _ESCAPES:
                raise ValueError(f"bad escape at position {i}")
            chars.append(_ESCAPES[raw[i + 1]])
            i += 2
        elif ch == '"':
            if raw[i + 1:].strip():
                raise ValueError("text after the closing quote")
            return "".join(chars)
        else:
            chars.append(ch)
            i += 1
    raise ValueError("missing closing quote")


def parse_value(raw):
    """The value written as ``raw`` on the right of ``=``: unquoted, or stripped of an inline comment."""
    raw = raw.strip()
    if raw.startswith('"'):
        return unquote(raw)
    comment = raw.find(" #")
    if comment >= 0:
        raw = raw[:comment]
    return raw.strip()


def parse_config(text):
    """Parse config ``text`` into a flat dict of ``"section.key"`` (or ``"key"``) to string values."""
    result = {}
    section = ""
    for line_no, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        if stripped.startswith("["):
            if not stripped.endswith("]") or not stripped[1:-1].strip():
                raise ConfigError(line_no, "bad section header")
            section = stripped[1:-1].strip()
            continue
        key, sep, raw = stripped.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(line_no, "expected key = value")
        full_key = f"{section}.{key}" if section else key
        if full_key in result:
            raise ConfigError(line_no, f"duplicate key {full_key!r}")
        try:
            result[full_key] = parse_value(raw)
        except ValueError as error:
            raise ConfigError(line_no, str(error)) from None
    return result


def as_bool(value):
    """``value`` read as a boolean: true/yes/on/1 or false/no/off/0, in any case."""
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ValueError(f"not a boolean: {value!r}")


def as_list(value, sep=","):
    """``value`` split on ``sep`` into stripped items, empty items dropped."""
    return [item.strip() for item in value.split(sep) if item.strip()]


class Config:
    """Typed access to the values of a parsed config."""

    def __init__(self, values):
        self._values = dict(values)

    @classmethod
    def from_text(cls, text):
        """A Config holding what ``parse_config`` reads from ``text``."""
        return cls(parse_config(text))

    def get(self, key, default=None):
        """The string value of ``key``, or ``default`` if it is absent."""
        return self._values.get(key, default)

    def get_int(self, key, default=None):
        """The value of ``key`` as an int, or ``default`` if it is absent."""
        if key not in self._values:
            return default
        return int(self._values[key])

    def get_bool(self, key, default=None):
        """The value of ``key`` as a boolean (see ``as_bool``), or ``default`` if it is absent."""
        if key not in self._values:
            return default
        return as_bool(self._values[key])

    def section(self, name):
        """The keys of section ``name``, without the ``name.`` prefix."""
        prefix = name + "."
        return {key[len(prefix):]: value for key, value in self._values.items() if key.startswith(prefix)}
