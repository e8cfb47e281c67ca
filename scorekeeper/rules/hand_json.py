"""The JSON shape of a hand at the app's edge: API bodies, the hand carried
by a confirmation page, and the hands of an export file.  Parsing checks the
shape and names the field at fault; the engine judges the rules.  (How a
hand is kept in the database is :mod:`scorekeeper.db.codec`, not this.)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.names import find_name
from scorekeeper.rules.hand import FILLED_FIELDS, NAME_FIELDS, NAMES_FIELDS, Hand, HandError
from scorekeeper.rules.night import HandResult
from scorekeeper.rules.options import Rules
from scorekeeper.rules.vocabulary import Kind, Tricks
from scorekeeper.rules.words import badges, describe

REQUEST_FIELDS = (
    "kind", "picker", "partners", "alone", "points", "tricks", "cracks", "blitzes",
    "declared_doubler", "forced", "king_of_diamonds_cut", "stolen_from",
    "no_trick_pickers", "winner", "offender", "dealer", "seated", "last_round",
    "second_winner", "payouts", "note", "losers",
)
#: What a hand result adds to the request's fields (read-only: see :func:`request_part`).
RESULT_FIELDS = ("id", "number", "doubled", "multiplier", "doubled_by", "pending_doublers",
                 "said", "badges")
_NAME_FIELDS = NAME_FIELDS
_LIST_FIELDS = tuple(f for f in NAMES_FIELDS if f not in FILLED_FIELDS)  # never sent
_BOOL_FIELDS = ("alone", "declared_doubler", "forced", "king_of_diamonds_cut", "last_round")


def parse_hand(data: object, present: tuple[str, ...] | None = None,
               players: Sequence[str] = ()) -> Hand:
    """A :class:`Hand` from a JSON object; :class:`HandError` names the bad field.
    A name that is one of ``players`` (however its case and Unicode form were
    typed) becomes that player's name as the table keeps it."""
    if not isinstance(data, Mapping):
        raise HandError("A hand must be a JSON object")
    unknown = sorted(set(data) - set(REQUEST_FIELDS))
    if unknown:
        raise HandError(f"Unknown field {unknown[0]!r}; a hand has: "
                        f"{', '.join(REQUEST_FIELDS)}", unknown[0])
    values: dict[str, Any] = {"present": present}
    for key, value in data.items():
        if value is None and key not in ("kind", "tricks", *_LIST_FIELDS):
            continue
        values[key] = _convert(key, value, players)
    return Hand(**values)


def _convert(key: str, value: object, players: Sequence[str]) -> Any:
    if key == "kind":
        return _enum(Kind, value, key, "kind")
    if key == "tricks":
        return _enum(Tricks, value, key, "tricks")
    if key in _NAME_FIELDS:
        return _name(value, key, players)
    if key in _LIST_FIELDS:
        return _names(value, key, players)
    if key in _BOOL_FIELDS:
        if not isinstance(value, bool):
            raise HandError(f"{key} must be true or false", key)
        return value
    if key == "payouts":
        return _payouts(value, key, players)
    if key == "note":
        if not isinstance(value, str) or len(value) > 1000:
            raise HandError("note must be text (up to 200 characters)", key)
        return " ".join(value.split())
    if not isinstance(value, int) or isinstance(value, bool):
        raise HandError(f"{key} must be a whole number", key)
    return value


def _names(value: object, key: str, players: Sequence[str]) -> tuple[str, ...] | None:
    if key == "seated" and value is None:
        return None
    if not isinstance(value, list):
        raise HandError(f"{key} must be a list of names", key)
    return tuple(_name(v, key, players) for v in value)


def _payouts(value: object, key: str, players: Sequence[str]) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or len(value) > 50:
        raise HandError("payouts must be an object of name: points", key)
    pairs = []
    for name, points in value.items():
        if isinstance(points, bool) or not isinstance(points, int):
            raise HandError("Each payment must be whole points", key)
        pairs.append((_name(name, key, players), points))
    return tuple(pairs)


def _enum(enum: type[Kind] | type[Tricks], value: object, key: str, label: str) -> Any:
    if value is None:
        return next(iter(enum))
    valid = ", ".join(e.value for e in enum)
    if not isinstance(value, str):
        raise HandError(f"{label} must be one of {valid}", key)
    try:
        return enum(value)
    except ValueError:
        raise HandError(f"{label} must be one of {valid}", key) from None


def _name(value: object, key: str, players: Sequence[str]) -> str:
    """A name as the app keeps names (so "José" matches however it was typed),
    and as the table spells it when it is one of ``players``."""
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise HandError(f"{key} must be a player's name", key)
    name = " ".join(unicodedata.normalize("NFKC", value).split())
    return find_name(name, players) or name


def hand_to_request(hand: Hand) -> dict[str, Any]:
    """The request fields of ``hand`` (what the API accepts back)."""
    data = hand.to_dict()
    return {key: data[key] for key in REQUEST_FIELDS}


def parse_exported(data: Mapping[str, Any]) -> Hand:
    """A hand of an export file: the request fields plus who was at the table."""
    present = data.get("present")
    body = {k: v for k, v in data.items() if k != "present"}
    return parse_hand(body, tuple(present) if present is not None else None)


def exported(hand: Hand) -> dict[str, Any]:
    """A hand as an export file keeps it: its kind, the request fields that
    differ from a new hand's (a missing field reads as its default) and who
    was at the table."""
    data = hand_to_request(hand)
    data["present"] = list(hand.present) if hand.present is not None else None
    return {key: value for key, value in data.items()
            if key == "kind" or value != _DEFAULTS.get(key)}


_DEFAULTS = {**hand_to_request(Hand()), "present": None}


def request_part(data: object) -> object:
    """A hand body with the result's read-only fields left out, so a hand read
    with GET can be edited and sent back as it is: ``id``, ``number``, the
    doubling and the words are the replay's, and so are the ``payouts`` of
    any hand but another payment (whose payouts are what was entered)."""
    if not isinstance(data, Mapping):
        return data
    kind = data.get("kind")
    return {key: value for key, value in data.items()
            if key not in RESULT_FIELDS and not (key == "payouts" and kind != "adjustment")}


def result_to_json(rules: Rules, result: HandResult, hand_id: int) -> dict[str, Any]:
    """A hand result as the API returns it, with the hand's id (it never changes)
    and the engine's words for it (the line and badges every page shows)."""
    body = hand_to_request(result.hand)
    body.update({
        "id": hand_id,
        "number": result.number,
        "dealer": result.dealer,
        "seated": list(result.seated),
        "payouts": dict(result.payouts),
        "doubled": result.doubled,
        "multiplier": result.multiplier,
        "doubled_by": list(result.doubled_by),
        "pending_doublers": len(result.pending_after),
        "said": describe(rules, result),
        "badges": [badge.text for badge in badges(rules, result)],
    })
    return body
