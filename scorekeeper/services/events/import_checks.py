"""Checking an exported event before it is imported.

Nothing in the file is trusted: its settings are checked as a new event's
(:mod:`scorekeeper.services.events.plan`), its rules as a night export's
frozen rules, its players as registration checks them, every table's night
as a night's import checks it (every hand replayed by the engine under the
event's rules), each paper ticket as the director's (every player at the
table, summing to zero) and each penalty as a new one.  Then the whole
holds together: a table seats registered players only, nobody sits twice
in a session or at a table and on a bye.  The first problem is refused
saying where it is; nothing is written until all is well.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.ledger import prize_data
from scorekeeper.ledger.event_draw import is_filler_name
from scorekeeper.limits import (
    AUDIT_BY,
    MAX_EVENT_PENALTIES,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_TABLES,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_SESSIONS,
    MAX_SIGNATURES,
    MAX_TICKET_POINTS,
    PENALTY_REASON,
    PLAYER_NAME,
    QUOTED,
)
from scorekeeper.names import LookAlikes, looks_like, name_key
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.services import ServiceError, checks
from scorekeeper.services.events.event import clean_entry
from scorekeeper.services.events.penalties import Withdrawal, check_penalty, withdrawal_reason
from scorekeeper.services.events.plan import PLAN_FIELDS, Plan, check_plan
from scorekeeper.services.events.scores import check_totals
from scorekeeper.services.events.side_draws import checked_draws
from scorekeeper.services.nights.import_checks import (
    Checked,
    check_export,
    frozen_rules,
    history_entries,
    only,
    reason_of,
    refuse,
    when,
)

FORMAT = "sheepshead-scorekeeper-event/1"
#: An event's settings in its file (a file from before ``hands`` existed has
#: ``rounds`` only, and still imports).
PLAN_KEYS = ("name", *PLAN_FIELDS)
EVENT_KEYS = ("format", *PLAN_KEYS, "preset", "rules", "created_at", "finished_at",
              "players", "draws", "penalties", "history", "side_draws")
PLAYER_KEYS = ("number", "name", "contact", "checked_in", "from_session", "withdrawn_after",
               "side_pots", "duplicate_of")
DRAW_KEYS = ("session", "seed", "repeated_pairs", "byes", "tables")
TABLE_KEYS = ("number", "done", "opened", "ticket", "signatures", "night")
TICKET_KEYS = ("totals", "by", "at")
SIGNATURE_KEYS = ("seat", "name", "agrees", "totals", "note", "by", "at")
PENALTY_KEYS = ("number", "session", "points", "reason", "by", "at", "withdrawn")
WITHDRAWN_KEYS = ("by", "at", "why")


@dataclass(frozen=True)
class CheckedPlayer:
    number: int
    name: str
    contact: str | None
    checked_in: bool
    from_session: int
    withdrawn_after: int | None
    side_pots: tuple[str, ...] = ()
    duplicate_of: int | None = None


@dataclass(frozen=True)
class CheckedTicket:
    totals: dict[str, int]
    by: str | None
    at: datetime | None


@dataclass(frozen=True)
class CheckedSignature:
    seat: int
    name: str
    agrees: bool
    totals: list[int]
    note: str | None
    by: str | None
    at: datetime | None


@dataclass(frozen=True)
class CheckedTable:
    number: int
    done: bool
    ticket: CheckedTicket | None
    night: Checked
    opened: bool = False
    signatures: tuple[CheckedSignature, ...] = ()


@dataclass(frozen=True)
class CheckedDraw:
    session: int
    seed: int
    repeated_pairs: int
    byes: list[int]
    tables: list[CheckedTable]


@dataclass(frozen=True)
class CheckedPenalty:
    number: int
    session: int
    points: int
    reason: str
    by: str | None
    at: datetime | None
    withdrawn: Withdrawal | None = None


@dataclass(frozen=True)
class CheckedEvent:
    """An event file that passed every check, ready to write."""

    plan: Plan
    preset: str
    rules: Rules
    created_at: datetime | None
    finished_at: datetime | None
    players: list[CheckedPlayer]
    draws: list[CheckedDraw]
    penalties: list[CheckedPenalty]
    #: The event's own history, oldest first (a file from before it was kept: none).
    history: tuple[dict[str, Any], ...] = ()
    #: Each drawing side pot's draw, as the event keeps it.
    side_draws: Mapping[str, Any] = field(default_factory=dict)


def _list(raw: object, what: str, most: int | None, field: str) -> list[Any]:
    if not isinstance(raw, list) or (most is not None and len(raw) > most) \
            or not all(isinstance(item, Mapping) for item in raw):
        bound = f"at most {most:,} " if most is not None else ""
        raise refuse(f"{field} must be a list of {bound}{what}", field)
    return raw


def _number(value: object, numbers: set[int]) -> bool:
    """True for one of the registered players' numbers (never true or false)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in numbers


def _whole(raw: Mapping[str, Any], key: str, lowest: int, highest: int, where: str) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
        raise refuse(f"{where}: {key} must be a whole number from {lowest} to {highest}", key)
    return value


def _flag(raw: Mapping[str, Any], key: str, where: str) -> bool:
    value = raw.get(key)
    if not isinstance(value, bool):
        raise refuse(f"{where}: {key} must be true or false", key)
    return value


def _by(raw: Mapping[str, Any], where: str) -> str | None:
    by = raw.get("by")
    if by is not None and (not isinstance(by, str) or len(by) > AUDIT_BY):
        raise refuse(f"{where}: by must be a device's name of up to {AUDIT_BY} characters",
                     "by")
    return by and _within(where, checks.free_text, by, "The device's name", "by")


def _at(raw: Mapping[str, Any], where: str) -> datetime | None:
    return when(raw["at"], f"{where}: at") if raw.get("at") is not None else None


def _within(where: str, check: Any, *args: Any) -> Any:
    """``check(*args)``, its refusal said with where it is in the file."""
    try:
        return check(*args)
    except ServiceError as error:
        raise refuse(f"{where}: {reason_of(error)}", error.field or "file") from None


def check_event(data: object) -> CheckedEvent:
    """Every check an event's import needs, in the order a person would fix them."""
    if not isinstance(data, Mapping):
        raise refuse("the file must hold one JSON object (an event's export)")
    if data.get("format") != FORMAT:
        raise refuse(f'this isn\'t an event file from this app (expected "format": '
                     f'"{FORMAT}")', "format")
    only(data, EVENT_KEYS, "the file")
    plan = _within("the event", lambda: check_plan(
        data.get("name"), **{k: data[k] for k in PLAN_KEYS[1:] if k in data}))
    preset = data.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise refuse(f"unknown preset {str(preset)[:QUOTED]!r}; this app knows "
                     f"{', '.join(PRESETS)}", "preset")
    rules = frozen_rules(data.get("rules"))
    side = prize_data.from_dict(plan.prize_plan).side_pots if plan.prize_plan else ()
    players = _players(data.get("players"), plan.sessions, {pot.key for pot in side})
    draws = _draws(data.get("draws"), plan.sessions, preset, rules, players)
    penalties = _penalties(data.get("penalties"), plan.sessions,
                           {p.number for p in players})
    created = when(data["created_at"], "created_at") if data.get("created_at") else None
    finished = when(data["finished_at"], "finished_at") if data.get("finished_at") else None
    history = tuple(history_entries(data.get("history", []), "history"))
    return CheckedEvent(plan, preset, rules, created, finished, players, draws, penalties,
                        history, checked_draws(data.get("side_draws", {}),
                                             {pot.key for pot in side if pot.drawing},
                                             {p.number for p in players}))



def _players(raw: object, sessions: int, pots: set[str]) -> list[CheckedPlayer]:
    """Registered players: numbers and names each once, as registration
    keeps them; the side pots each is in (of the plan's ``pots``) and the
    player a duplicate registration is the second one of."""
    found: list[CheckedPlayer] = []
    names: dict[str, str] = {}
    looks = LookAlikes()
    for index, p in enumerate(_list(raw, "players", MAX_EVENT_PLAYERS, "players"), start=1):
        where = f"player {index}"
        only(p, PLAYER_KEYS, where)
        number = _whole(p, "number", 1, MAX_EVENT_PLAYERS, where)
        name, contact = p.get("name"), p.get("contact")
        if not isinstance(name, str) or not (contact is None or isinstance(contact, str)):
            raise refuse(f"{where}: name must be text, and contact text or null", "players")
        kept = _within(where, clean_entry, name, contact)
        if kept != (name, contact):
            raise refuse(f"{where}: the name or contact isn't written as this app keeps "
                         "them (extra spaces, or another Unicode form)", "players")
        if any(q.number == number for q in found):
            raise refuse(f"{where}: two players have number {number}", "players")
        twin = names.get(name_key(name)) or looks.twin(name)
        if twin is not None:
            raise refuse(f"{where}: " + (f"{name} is registered twice" if name_key(twin)
                         == name_key(name) else looks_like(name, twin)), "players")
        names[name_key(name)] = name
        looks.add(name)
        after, side, twin_of = (p.get("withdrawn_after"), p.get("side_pots"),
                                p.get("duplicate_of"))
        if side is not None and (not isinstance(side, list) or not set(side) <= pots
                                 or len(set(side)) != len(side)):
            raise refuse(f"{where}: side_pots lists the plan's side pots he is in, each "
                         f"once ({', '.join(sorted(pots)) or 'the plan has none'})", "players")
        found.append(CheckedPlayer(
            number, name, contact, _flag(p, "checked_in", where),
            _whole(p, "from_session", 1, sessions, where),
            None if after is None else _whole(p, "withdrawn_after", 0, sessions, where),
            tuple(side or ()),
            None if twin_of is None else _whole(p, "duplicate_of", 1, MAX_EVENT_PLAYERS, where)))
    numbers = {p.number for p in found}
    for p in found:
        if p.duplicate_of is not None and (p.duplicate_of not in numbers
                                           or p.duplicate_of == p.number):
            raise refuse(f"player #{p.number}: duplicate_of names another player's number",
                         "players")
    return found


def _draws(raw: object, sessions: int, preset: str, rules: Rules,
           players: list[CheckedPlayer]) -> list[CheckedDraw]:
    """Each drawn session, its tables' nights under the event's rules."""
    numbers = {p.number for p in players}
    found: list[CheckedDraw] = []
    for index, d in enumerate(_list(raw, "drawn sessions", MAX_SESSIONS, "draws"), start=1):
        where = f"drawn session {index}"
        only(d, DRAW_KEYS, where)
        session = _whole(d, "session", 1, sessions, where)
        if any(f.session == session for f in found):
            raise refuse(f"{where}: session {session} is drawn twice", "draws")
        byes = d.get("byes")
        if not isinstance(byes, list) or not all(_number(n, numbers) for n in byes) \
                or len(set(byes)) != len(byes):
            raise refuse(f"session {session}: byes must list registered players' numbers",
                         "byes")
        tables = _tables(d.get("tables"), f"session {session}", preset, rules, players, byes)
        found.append(CheckedDraw(session, _whole(d, "seed", 0, MAX_SEED, where),
                                 _whole(d, "repeated_pairs", 0, MAX_EVENT_PLAYERS**2, where),
                                 list(byes),
                                 tables))
    return sorted(found, key=lambda f: f.session)


def _tables(raw: object, where: str, preset: str, rules: Rules,
            players: list[CheckedPlayer], byes: list[int]) -> list[CheckedTable]:
    """A session's tables, numbered 1, 2, 3 …, each seating registered players
    (or fillers, "Filler 1", who are in no event) nobody else seats and
    nobody has a bye."""
    registered = {p.name for p in players}
    on_bye = {p.name for p in players if p.number in byes}
    seated: set[str] = set()
    found: list[CheckedTable] = []
    for index, t in enumerate(_list(raw, "tables", MAX_EVENT_TABLES, "tables"), start=1):
        at = f"{where}, table {index}"
        only(t, TABLE_KEYS, at)
        if _whole(t, "number", 1, MAX_EVENT_TABLES, at) != index:
            raise refuse(f"{at}: tables must be numbered 1, 2, 3 … in order", "tables")
        night = _within(at, check_export, t.get("night"))
        if night.preset != preset or night.rules != rules or night.stake_cents != 0:
            raise refuse(f"{at}: a table plays the event's rules, for points only", "tables")
        names = [name for name, _ in night.players]
        strangers = [n for n in names if n in on_bye or n in seated
                     or (n not in registered and not is_filler_name(n))]
        if strangers:
            raise refuse(f"{at}: {strangers[0]} isn't a registered player free to sit "
                         "here (not registered, on a bye, or at another table)", "tables")
        seated.update(names)
        ticket = _ticket(t.get("ticket"), names, index, at)
        opened = _flag(t, "opened", at) if "opened" in t else False
        found.append(CheckedTable(index, _flag(t, "done", at) or ticket is not None,
                                  ticket, night, opened and ticket is None,
                                  _signatures(t.get("signatures", []), len(names), at)))
    return found


def _signatures(raw: object, seats: int, where: str) -> tuple[CheckedSignature, ...]:
    """A table's signatures, oldest first: each a seat of the table, the
    name signed under, agreeing or not, the totals signed (whole points in
    seat order, summing to zero) and an optional note."""
    found = []
    for index, s in enumerate(_list(raw, "signatures", MAX_SIGNATURES, "signatures"),
                              start=1):
        at = f"{where}, signature {index}"
        only(s, SIGNATURE_KEYS, at)
        seat = _whole(s, "seat", 1, seats, at)
        name = s.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > PLAYER_NAME:
            raise refuse(f"{at}: name must be the signing player's name", "signatures")
        totals = s.get("totals")
        if not isinstance(totals, list) or not 0 < len(totals) <= MAX_PLAYERS or not all(
                isinstance(p, int) and not isinstance(p, bool)
                and abs(p) <= MAX_TICKET_POINTS for p in totals) or sum(totals) != 0:
            raise refuse(f"{at}: totals must be the table's whole points in seat order, "
                         "adding up to zero", "signatures")
        note = s.get("note")
        if note is not None and (not isinstance(note, str) or len(note) > PENALTY_REASON):
            raise refuse(f"{at}: note must be text of up to {PENALTY_REASON} characters",
                         "signatures")
        found.append(CheckedSignature(
            seat, _within(at, checks.free_text, name, "The name", "signatures"),
            _flag(s, "agrees", at), list(totals),
            note and _within(at, checks.free_text, note, "The note", "signatures"),
            _by(s, at), _at(s, at)))
    return tuple(found)


def _ticket(raw: object, names: list[str], number: int, where: str) -> CheckedTicket | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise refuse(f"{where}: ticket must be null or {{totals, by, at}}", "ticket")
    only(raw, TICKET_KEYS, f"{where}'s ticket")
    totals = _within(f"{where}'s ticket", check_totals, raw.get("totals"), names, number)
    if totals != raw.get("totals"):
        raise refuse(f"{where}'s ticket: name the players as the table keeps them", "ticket")
    return CheckedTicket(totals, _by(raw, where), _at(raw, where))


def _penalties(raw: object, sessions: int, numbers: set[int]) -> list[CheckedPenalty]:
    found = []
    for index, p in enumerate(_list(raw, "penalties", MAX_EVENT_PENALTIES, "penalties"),
                              start=1):
        where = f"penalty {index}"
        only(p, PENALTY_KEYS, where)
        number = p.get("number")
        if not _number(number, numbers):
            raise refuse(f"{where}: number must be a registered player's", "penalties")
        points, reason = _within(where, check_penalty, sessions, p.get("session"),
                                 p.get("points"), p.get("reason"))
        found.append(CheckedPenalty(number, p["session"], points, reason, _by(p, where),
                                    _at(p, where), _withdrawn(p.get("withdrawn"), where)))
    return found


def _withdrawn(raw: object, where: str) -> Withdrawal | None:
    """A penalty's withdrawal as the file says it (null: it stands)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or raw.get("at") is None:
        raise refuse(f"{where}: withdrawn must be null or {{by, at, why}}", "penalties")
    only(raw, WITHDRAWN_KEYS, f"{where}'s withdrawal")
    at = _at(raw, f"{where}'s withdrawal")
    assert at is not None
    return Withdrawal(_by(raw, f"{where}'s withdrawal"), at,
                      _within(f"{where}'s withdrawal", withdrawal_reason, raw.get("why")))
