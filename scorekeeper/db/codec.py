"""How a hand is kept in the database: a versioned JSON object that only this
module reads and writes.  It is not the API's request shape (that contract
lives in :mod:`scorekeeper.rules.hand_json`), so either can change on its
own; a hand was checked by the engine before it was stored, so reading it
back trusts it and skips the API's parsing.

Version 1 is every field of the engine's ``Hand`` (enums as their words,
tuples as lists) plus ``"v": 1``.  Rows written before the version key
existed have exactly those fields without it, and read as version 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from scorekeeper.rules import Hand

VERSION = 1
_FIELDS = tuple(f.name for f in fields(Hand))


def encode(hand: Hand) -> dict[str, Any]:
    """The stored JSON of ``hand``."""
    data: dict[str, Any] = {"v": VERSION}
    for name in _FIELDS:
        value = getattr(hand, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    data["kind"], data["tricks"] = str(hand.kind), str(hand.tricks)
    return data


def decode(data: Mapping[str, Any]) -> Hand:
    """The hand stored as ``data`` (version 1, with or without its version key)."""
    version = data.get("v", VERSION)
    if version != VERSION:
        raise ValueError(f"A stored hand is in format {version!r}; this app reads {VERSION}")
    return Hand(**{name: data[name] for name in _FIELDS if name in data})
