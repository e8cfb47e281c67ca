"""JSON from outside the app, read one way: API bodies, imports (posted,
uploaded or pasted) and the hand a confirmation page carries.

Besides what :func:`json.loads` refuses, it refuses NaN and Infinity (not
JSON, and in no export), a key given twice in one object (which value would
count? ``json.loads`` silently keeps the last), nesting deeper than
:data:`~scorekeeper.limits.MAX_JSON_DEPTH`, and text that isn't Unicode:
a lone surrogate (``"\\ud800"``) parses, but no page, export or database
can write it as UTF-8, so once kept it would break every page that shows
it.  Refused here, it never gets that far.

Standard library only: the services use it as well as the views.
"""

from __future__ import annotations

import json
import re

from scorekeeper.limits import MAX_JSON_DEPTH, QUOTED

_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonRefused(ValueError):
    """JSON the app won't read, with the reason as a sentence and, when the
    problem is inside an object's field, that (top-level) field's name."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def read_json(raw: bytes | str) -> object:
    """The JSON value of ``raw``, or :class:`JsonRefused` saying what is wrong."""
    try:
        data = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_once_each)
    except RecursionError:
        raise JsonRefused("The JSON is nested too deeply") from None
    except _Twice as twice:
        key = str(twice)
        raise JsonRefused(f"The JSON gives {key[:QUOTED]!r} twice in one object: send each "
                          "field once", key if len(key) <= QUOTED else None) from None
    except ValueError as error:
        raise JsonRefused(f"This isn't valid JSON ({str(error)[:120]})") from None
    _check(data)
    return data


class _Twice(ValueError):
    """A key given twice in one object."""


def _once_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
    kept: dict[str, object] = {}
    for key, value in pairs:
        if key in kept:
            raise _Twice(key)
        kept[key] = value
    return kept


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not allowed")


def _check(value: object) -> None:
    """Refuse parsed JSON nested too deeply or holding text that isn't Unicode."""
    stack: list[tuple[object, int, str | None]] = [(value, 1, None)]
    while stack:
        item, depth, field = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise JsonRefused(f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep")
        if isinstance(item, str):
            _unicode(item, field)
        elif isinstance(item, dict):
            for key, inner in item.items():
                _unicode(key, field)
                stack.append((inner, depth + 1, key if depth == 1 else field))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1, field) for inner in item)


def _unicode(text: str, field: str | None) -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        where = f"{field[:40]!r} has" if field and not _SURROGATE.search(field) \
            else "The JSON has"
        raise JsonRefused(f"{where} text that isn't valid Unicode (a lone surrogate, "
                          f"U+{ord(found.group()):04X})", field)
