"""Checking an exported table before it is imported.

A file may be hand-edited, truncated or from somewhere else, so nothing in
it is trusted: every field is checked for shape, the rules are re-resolved,
every hand is replayed by the engine, and the file's own balances (when
present) must match the replay.  A night of totals (``totals``: each
player's points, no hands) is closed, and its balances are its totals.  The
first problem is refused with a message that says where it is; nothing is
written until all is well.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime
from typing import Any

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.ledger.settle import Transfer
from scorekeeper.limits import (
    AUDIT_BY,
    AUDIT_SUMMARY,
    EARLIEST,
    LATEST,
    MAX_AUDIT,
    MAX_HANDS,
    MAX_IMPORT_BYTES,
    MAX_PAYMENTS,
    QUOTED,
    within_lifetime,
)
from scorekeeper.rules import PRESETS, Hand, HandError, Rules, replay
from scorekeeper.rules.hand_json import parse_exported
from scorekeeper.rules.option_list import LATER, with_later_options
from scorekeeper.rules.options import resolve
from scorekeeper.services import Code, ServiceError
from scorekeeper.services.checks import (
    check_payment_cents,
    check_played_on,
    check_stake,
    clean_players,
    free_text,
    table_name,
)
from scorekeeper.services.nights.paper import check_totals

FORMAT = "sheepshead-scorekeeper/1"
_RULE_KEYS = frozenset(f.name for f in fields(Rules))
#: What an export holds, at each level; anything else is refused, at any level.
TABLE_KEYS = ("format", "name", "created_at", "closed", "closed_at", "played_on", "preset",
              "rules", "stake_cents", "players", "hands", "early_payments", "audit",
              "balances", "totals")
PLAYER_KEYS = ("name", "seat", "present")
PAYMENT_KEYS = ("payer", "payee", "cents", "at")
AUDIT_KEYS = ("at", "action", "hand_number", "summary", "before", "after", "by")


@dataclass(frozen=True)
class Checked:
    """An export that passed every check, ready to write."""

    name: str
    players: list[tuple[str, bool]]
    preset: str
    rules: Rules
    stake_cents: int
    hands: list[Hand]
    payments: list[tuple[Transfer, datetime]]
    audit: list[dict[str, Any]]
    created_at: datetime | None
    closed_at: datetime | None
    played_on: date | None = None
    #: A night of totals' points by player (None: a night of hands).
    totals: dict[str, int] | None = None


class ImportRefused(ServiceError):
    """An import refused: ``reason`` is the problem alone, so a group file can
    say which of its nights it is in without saying "Not imported" twice."""

    code = Code.IMPORT_REFUSED

    def __init__(self, reason: str, field: str) -> None:
        super().__init__(f"Not imported: {reason}. Nothing was created.", field)
        self.reason = reason


def refuse(message: str, field: str = "file") -> ImportRefused:
    """An import refusal; ``field`` is where the problem is, for the API."""
    return ImportRefused(message, field)


def reason_of(error: ServiceError) -> str:
    """What was wrong, without the words a refusal wraps it in."""
    return error.reason if isinstance(error, ImportRefused) else error.message


def parse_json(raw: bytes | str) -> object:
    """The file's JSON, or a clear refusal (too big, not text, not JSON)."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise refuse(f"the file is over {MAX_IMPORT_BYTES // 1_000_000} MB")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise refuse("the file isn't text (expected a .json export)") from None
    if not raw.strip():
        raise refuse("the file is empty")
    try:
        return read_json(raw)
    except JsonRefused as error:
        raise refuse(error.message[0].lower() + error.message[1:], error.field or "file") from None


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``data[key]`` if it has the right type (bool is never taken for int)."""
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _types(kind)):
        raise refuse(f"{key} must be {what}", key)
    return value


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def when(value: object, where: str) -> datetime:
    """An ISO 8601 timestamp, in UTC."""
    if not isinstance(value, str):
        raise refuse(f"{where} must be a date and time (ISO 8601)", where)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise refuse(f"{where} isn't a date and time: {value[:QUOTED]!r}", where) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    if not within_lifetime(moment):
        raise refuse(f"{where} must be a date between {EARLIEST.year} and {LATEST.year}, "
                     f"not {value[:QUOTED]!r}", where)
    return moment.astimezone(UTC)


def check_export(data: object) -> Checked:
    """Every check an import needs, in the order a person would fix them."""
    if not isinstance(data, Mapping):
        raise refuse("the file must hold one JSON object (a table export)")
    if data.get("format") != FORMAT:
        raise refuse(f'this isn\'t a scorekeeper export (expected "format": "{FORMAT}")',
                     "format")
    only(data, TABLE_KEYS, "the file")
    name = _get(data, "name", str, "the table's name")
    try:
        name = table_name(name)
    except ServiceError as error:
        raise refuse(error.message[0].lower() + error.message[1:], "name") from None
    players = _players(data.get("players"))
    preset = data.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise refuse(f"unknown preset {preset!r}; this app knows {', '.join(PRESETS)}",
                     "preset")
    rules = frozen_rules(data.get("rules"))
    if len(players) < rules.seats:
        raise refuse(f"these rules need at least {rules.seats} players", "players")
    try:
        stake = check_stake(data.get("stake_cents"))
    except ServiceError as error:
        raise refuse(error.message, "stake_cents") from None
    names = [n for n, _ in players]
    if not any(here for _, here in players):
        raise refuse("at least one player must still be at the table", "players")
    paper = data.get("totals") is not None
    hands = _hands(data.get("hands"), rules, names, [n for n, here in players if here],
                   None if paper else data.get("balances"))
    closed = _closed(data)
    return Checked(name, players, preset, rules, stake, hands,
                   _payments(data.get("early_payments", []), names),
                   history_entries(data.get("audit", [])),
                   when(data["created_at"], "created_at") if data.get("created_at") else None,
                   closed, _played_on(data.get("played_on")),
                   _totals(data, names, len(hands), closed) if paper else None)


def _totals(data: Mapping[str, Any], names: list[str], hands: int,
            closed: datetime | None) -> dict[str, int]:
    """A night of totals' points (:mod:`scorekeeper.services.nights.paper`):
    its players', summing to zero, on a closed night without hands; the
    file's balances, when present, are these totals."""
    try:
        totals = check_totals(data.get("totals"), names, hands)
    except ServiceError as error:
        raise refuse(error.message, "totals") from None
    assert totals is not None
    if closed is None:
        raise refuse("a night of totals is a closed night (its result came from paper: it "
                     "takes no hands)", "closed")
    balances = data.get("balances")
    if balances is not None and balances != {n: totals.get(n, 0) for n in names}:
        raise refuse("the file's balances aren't its totals (was it edited?)", "balances")
    return totals


def only(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    """Refuse a key the export format doesn't have (a typo isn't ignored)."""
    unknown = sorted(str(key) for key in set(data) - set(known))
    if unknown:
        raise refuse(f"{where} has a field an export doesn't: {unknown[0][:QUOTED]!r} "
                     f"(expected: {', '.join(known)})", unknown[0][:QUOTED])


def _played_on(raw: object) -> date | None:
    """The night's date, when the export says it."""
    if raw is None:
        return None
    try:
        return check_played_on(raw, LATEST.date())
    except ServiceError as error:
        raise refuse(error.message, "played_on") from None


def _players(raw: object) -> list[tuple[str, bool]]:
    """(name, present) in seat order; seats must be 0..n-1, names as the app keeps them."""
    if not isinstance(raw, list) or not raw or not all(isinstance(p, Mapping) for p in raw):
        raise refuse("players must be a list of {name, seat, present}", "players")
    for p in raw:
        only(p, PLAYER_KEYS, "a player")
        _get(p, "name", str, "a name")
        _get(p, "seat", int, "a whole number")
        _get(p, "present", bool, "true or false")
    ordered = sorted(raw, key=lambda p: p["seat"])
    if [p["seat"] for p in ordered] != list(range(len(raw))):
        raise refuse("players' seats must be 0, 1, 2 … with none missing or repeated",
                     "players")
    names = [p["name"] for p in ordered]
    try:
        cleaned = clean_players(names)
    except ServiceError as error:
        raise refuse(error.message, "players") from None
    if cleaned != names:
        raise refuse("a player's name isn't written as this app keeps names (extra spaces, "
                     "or another Unicode form)", "players")
    return [(p["name"], p["present"]) for p in ordered]


def frozen_rules(raw: object) -> Rules:
    """The frozen rules, re-checked: every option present, valid, and consistent.
    An export made before an option existed lacks it: it reads with its default."""
    if isinstance(raw, Mapping) and not set(raw) - _RULE_KEYS \
            and _RULE_KEYS - set(raw) <= set(LATER):
        raw = with_later_options(raw)
    if not isinstance(raw, Mapping) or set(raw) != _RULE_KEYS:
        missing = sorted(_RULE_KEYS - set(raw)) if isinstance(raw, Mapping) else []
        extra = sorted(set(raw) - _RULE_KEYS) if isinstance(raw, Mapping) else []
        detail = (f" (missing {', '.join(missing)})" if missing else
                  f" (unknown {', '.join(extra)})" if extra else "")
        raise refuse(f"rules must list every option{detail}", "rules")
    try:
        rules = resolve(raw, {})
    except (ValueError, TypeError) as error:
        raise refuse(f"the rules don't hold together: {error}", "rules") from None
    changed = sorted(k for k, v in rules.to_dict().items()
                     if v != raw[k] or type(v) is not type(raw[k]))
    if changed:
        raise refuse(f"the rules don't hold together: check {', '.join(changed)}", "rules")
    return rules


def _hands(raw: object, rules: Rules, names: list[str], present: list[str],
           balances: object) -> list[Hand]:
    """Every hand parsed and replayed in order; the file's balances must agree.
    Returns the hands as the replay dealt them (dealer and seats filled in)."""
    if not isinstance(raw, list) or len(raw) > MAX_HANDS:
        raise refuse(f"hands must be a list of at most {MAX_HANDS} hands", "hands")
    parsed = []
    for number, data in enumerate(raw, start=1):
        if not isinstance(data, Mapping) or not isinstance(data.get("present"), list | None):
            raise refuse(f"hand {number} must be an object as exported", "hands")
        try:
            parsed.append(parse_exported(data))
        except HandError as error:
            raise refuse(f"hand {number}: {error.message}", "hands") from None
    try:
        night = replay(rules, names, parsed, present)
    except HandError as error:
        failed = getattr(error, "number", None)
        where = f"hand {failed} doesn't replay" if failed else "the hands don't replay"
        raise refuse(f"{where} under these rules: {error.message}", "hands") from None
    if balances is not None and balances != dict(night.balances):
        raise refuse("the file's balances don't match its hands (was it edited?)", "balances")
    return [result.hand for result in night.results]


def _payments(raw: object, names: list[str]) -> list[tuple[Transfer, datetime]]:
    """Early payments between players at this table, each a positive amount."""
    if not isinstance(raw, list) or len(raw) > MAX_PAYMENTS:
        raise refuse("early_payments must be a list of {payer, payee, cents, at}",
                     "early_payments")
    payments = []
    for number, p in enumerate(raw, start=1):
        if isinstance(p, Mapping):
            only(p, PAYMENT_KEYS, f"early payment {number}")
        if not isinstance(p, Mapping) or p.get("payer") not in names \
                or p.get("payee") not in names:
            raise refuse(f"early payment {number} must be between two players of this table",
                         "early_payments")
        try:
            transfer = Transfer(p["payer"], p["payee"], check_payment_cents(p.get("cents")))
        except ServiceError as error:
            raise refuse(f"early payment {number}: {error.message}", "early_payments") from None
        except (TypeError, ValueError) as error:
            raise refuse(f"early payment {number}: {error}", "early_payments") from None
        payments.append((transfer, when(p.get("at"), "early_payments")))
    return payments


def history_entries(raw: object, field: str = "audit") -> list[dict[str, Any]]:
    """The history entries of a file's ``field`` (a night's ``audit``, an
    event's ``history``), shape-checked (they are shown, never replayed)."""
    if not isinstance(raw, list) or len(raw) > MAX_AUDIT:
        raise refuse(f"{field} must be a list of history entries", field)
    entries = []
    for number, e in enumerate(raw, start=1):
        if isinstance(e, Mapping):
            only(e, AUDIT_KEYS, f"history entry {number}")
        if not _entry_ok(e):
            raise refuse(f"history entry {number} isn't shaped like an export's", field)
        for text, what in _texts(e):
            try:
                free_text(text, f"history entry {number}: {what}", field)
            except ServiceError as error:
                raise refuse(error.message, field) from None
        entries.append({"at": when(e.get("at"), field), "action": e["action"],
                        "hand_number": e.get("hand_number"), "summary": e["summary"],
                        "before": e.get("before"), "after": e.get("after"),
                        "by": e.get("by")})
    return entries


def _texts(entry: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every text a history entry shows, and what it is."""
    yield entry["action"], "its action"
    yield entry["summary"], "what it says"
    yield entry.get("by") or "", "the device's name"
    unread = [entry.get("before"), entry.get("after")]
    while unread:
        value = unread.pop()
        if isinstance(value, str):
            yield value, "its change"
        elif isinstance(value, Mapping):
            unread += [*map(str, value), *value.values()]
        elif isinstance(value, list):
            unread += value


def _entry_ok(e: object) -> bool:
    """A history entry's fields have the types and lengths the database keeps."""
    return (isinstance(e, Mapping) and isinstance(e.get("action"), str)
            and 0 < len(e["action"]) <= 20
            and isinstance(e.get("summary"), str) and len(e["summary"]) <= AUDIT_SUMMARY
            and (e.get("by") is None or (isinstance(e["by"], str) and len(e["by"]) <= AUDIT_BY))
            and (e.get("hand_number") is None
                 or (isinstance(e["hand_number"], int) and not isinstance(e["hand_number"], bool)
                     and 1 <= e["hand_number"] <= MAX_HANDS + 1))
            and all(isinstance(e.get(k), dict | None) and "\\u0000" not in json.dumps(e.get(k))
                    for k in ("before", "after")))


def _closed(data: Mapping[str, Any]) -> datetime | None:
    """When the night was closed (None: still open)."""
    closed = data.get("closed", False)
    if not isinstance(closed, bool):
        raise refuse("closed must be true or false", "closed")
    if not closed:
        return None
    at = data.get("closed_at")
    return when(at, "closed_at") if at is not None else datetime.now(UTC)
