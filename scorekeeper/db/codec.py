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

from scorekeeper.rules import Hand, Kind, Tricks

VERSION = 1
_FIELDS = tuple(f.name for f in fields(Hand))


def encode(hand: Hand) -> dict[str, Any]:
    """The stored JSON of ``hand``."""
    data: dict[str, Any] = {"v": VERSION}
    for name in _FIELDS:
        value = getattr(hand, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    data["kind"], data["tricks"] = str(hand.kind), str(hand.tricks)
    data["payouts"] = dict(hand.payouts)
    return data


def compact(data: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored hand without the fields that hold their default (the version
    key stays): :func:`decode` reads it as the same hand.  Exports keep the
    history's hands this way."""
    if data is None:
        return None
    return {key: value for key, value in data.items()
            if key not in _STORED_DEFAULTS or value != _STORED_DEFAULTS[key]}


def decode(data: Mapping[str, Any]) -> Hand:
    """The hand stored as ``data`` (version 1, with or without its version key).

    A stored hand was checked before it was written, so it is rebuilt without
    the constructor's conversions (this runs for every hand of a night)."""
    version = data.get("v", VERSION)
    if version != VERSION:
        raise ValueError(f"A stored hand is in format {version!r}; this app reads {VERSION}")
    values = dict(_DEFAULTS)
    for name in _FIELDS:
        if name in data:
            value = data[name]
            values[name] = tuple(value) if isinstance(value, list) else value
    if isinstance(values["payouts"], dict):
        values["payouts"] = tuple(values["payouts"].items())
    values["kind"], values["tricks"] = _KINDS[values["kind"]], _TRICKS[values["tricks"]]
    hand = object.__new__(Hand)
    hand.__dict__.update(values)
    return hand


_DEFAULTS = {f.name: getattr(Hand(), f.name) for f in fields(Hand)}
_KINDS = {str(kind): kind for kind in Kind} | {kind: kind for kind in Kind}
_TRICKS = {str(tricks): tricks for tricks in Tricks} | {t: t for t in Tricks}
_STORED_DEFAULTS = {key: value for key, value in encode(Hand()).items()
                    if key not in ("v", "kind")}
