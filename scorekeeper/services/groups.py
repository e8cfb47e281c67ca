"""Groups of regulars: starting one, its members, its edit grants and share
token, the defaults its next night starts with, its nights' results (kept
per night version), its season, and settling its carried nights together.

A night of a group is an ordinary table with ``group_id`` and ``played_on``
set; its players are members of the group by name (a new name joins).  A
closed night is either settled at the table or carried: the group's
settle-up clears every carried night at once with the fewest payments.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, bindparam, delete, select, update

from scorekeeper.db.engine import start_write
from scorekeeper.db.models import (
    GameTable,
    Group,
    GroupEditor,
    GroupHandover,
    Member,
    db,
    utcnow,
)
from scorekeeper.ledger.season import NightResult, carried_balances
from scorekeeper.ledger.settle import Transfer, apply_transfers, settle
from scorekeeper.ledger.stats import player_stats
from scorekeeper.limits import MAX_ROW_ID
from scorekeeper.names import NameError_, clean_name, find_name
from scorekeeper.rules import PRESETS, Rules, make_rules
from scorekeeper.services import Conflict, NotFound, ServiceError, caches, tables, writes
from scorekeeper.services.once import Once, commit, earlier, remember
from scorekeeper.services.state import TableState

#: How a group's closed night was settled (``GameTable.settled``).
AT_TABLE, CARRIED, WITH_GROUP = "table", "carried", "group"
GROUP_NAME = 80
#: The most members a group keeps (a night seats at most 12 of them).
MAX_MEMBERS = 200


# --- starting a group and its grants ------------------------------------------------

def group_name(name: object) -> str:
    """A group's name as the app keeps it."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > GROUP_NAME:
        raise ServiceError(f"Give the group a name (up to {GROUP_NAME} characters)", "name")
    try:
        return clean_name(name, "The group's name")
    except NameError_ as error:
        raise ServiceError(str(error), "name") from None


def checked_rules(preset: object, options: object) -> tuple[str, Rules, dict[str, Any]]:
    """The preset, the rules it and ``options`` make, and the options that
    differ from the preset (what the group keeps for its next night)."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ServiceError(f"preset must be one of: {', '.join(PRESETS)}", "preset")
    if options is not None and not isinstance(options, Mapping):
        raise ServiceError("options must be an object of option: value", "options")
    try:
        rules = make_rules(preset, options or {})
    except ValueError as error:
        raise ServiceError(str(error), "options") from None
    return preset, rules, differences(preset, rules)


def differences(preset: str, rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` that differ from ``preset``'s."""
    base = PRESETS[preset].rules.to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def create_group(name: object, players: object = None, preset: object = "called-ace",
                 options: object = None, stake_cents: object = 25,
                 label: str = "Scorekeeper", once: Once | None = None
                 ) -> tuple[Group, str | None]:
    """Start a group; returns it and its first edit token (a request already
    carried out, ``once``: the group it made, and no token)."""
    name = group_name(name)
    names = tables.clean_players([] if players is None else players)
    preset, _, kept = checked_rules(preset, options)
    stake = tables.check_stake(stake_cents)
    start_write(db.session)
    done = earlier(once)
    if done is not None and done.group_id is not None:
        made = db.session.get(Group, done.group_id)
        if made is not None:
            return made, None
    group, token = build_group(name, names, preset, kept, stake, label)
    remember(once, None, 201, group_id=group.id)
    twin = commit(once)
    if twin is not None and twin.group_id is not None:
        return get_group(twin.group_id), None
    return group, token


def build_group(name: str, names: Sequence[str], preset: str, options: dict[str, Any],
                stake_cents: int, label: str) -> tuple[Group, str]:
    """A new group row with its members and first edit grant (not committed)."""
    token = tables.new_token()
    group = Group(name=name, preset=preset, options=options, stake_cents=stake_cents,
                  view_token=tables.new_token())
    group.members = [Member(name=n) for n in names]
    group.editors = [GroupEditor(token_hash=tables.hash_token(token), label=label[:80])]
    db.session.add(group)
    db.session.flush()
    return group, token


def get_group(group_id: int) -> Group:
    """The group, or NotFound."""
    if not 0 < group_id <= MAX_ROW_ID:
        raise NotFound("No such group")
    group = db.session.get(Group, group_id)
    if group is None:
        raise NotFound("No such group")
    return group


def group_by_view_token(token: str) -> Group:
    """The group a share link points to, or NotFound."""
    group = db.session.scalar(db.select(Group).filter_by(view_token=token))
    if group is None:
        raise NotFound("This group's share link doesn't exist")
    return group


_GROUP_AS = (select(Group, GroupEditor)
             .outerjoin(GroupEditor, and_(GroupEditor.group_id == Group.id,
                                          GroupEditor.token_hash == bindparam("hash"),
                                          GroupEditor.revoked_at.is_(None)))
             .where(Group.id == bindparam("id")).limit(1))


def load_group_as(group_id: int, token: str | None) -> tuple[Group, GroupEditor | None]:
    """The group and the live edit grant ``token`` proves (if any), in one query."""
    if not 0 < group_id <= MAX_ROW_ID:
        raise NotFound("No such group")
    row = db.session.execute(_GROUP_AS, {"id": group_id,
                                         "hash": tables.hash_token(token or "")}).first()
    if row is None:
        raise NotFound("No such group")
    return row[0], row[1] if token else None


@dataclass(frozen=True)
class GroupHead:
    """What a season page needs of its group before it knows whether the page
    is kept already: read with plain columns, no ORM objects."""

    id: int
    name: str
    version: int
    view_token: str


_HEAD = select(Group.id, Group.name, Group.version, Group.view_token)
_HEAD_AS = (_HEAD.add_columns(GroupEditor.id.label("editor"))
            .outerjoin(GroupEditor, and_(GroupEditor.group_id == Group.id,
                                         GroupEditor.token_hash == bindparam("hash"),
                                         GroupEditor.revoked_at.is_(None)))
            .where(Group.id == bindparam("id")).limit(1))
_HEAD_BY_VIEW = _HEAD.where(Group.view_token == bindparam("token")).limit(1)


def group_head_as(group_id: int, token: str | None) -> tuple[GroupHead, bool]:
    """The group's head and whether ``token`` is one of its live edit grants."""
    if not 0 < group_id <= MAX_ROW_ID:
        raise NotFound("No such group")
    row = db.session.execute(_HEAD_AS, {"id": group_id,
                                        "hash": tables.hash_token(token or "")}).first()
    if row is None:
        raise NotFound("No such group")
    return GroupHead(row.id, row.name, row.version, row.view_token), \
        bool(token) and row.editor is not None


def group_head_by_view_token(token: str) -> GroupHead:
    """The head of the group a share link points to, or NotFound."""
    row = db.session.execute(_HEAD_BY_VIEW, {"token": token}).first()
    if row is None:
        raise NotFound("This group's share link doesn't exist")
    return GroupHead(row.id, row.name, row.version, row.view_token)


def add_group_editor(group: Group, label: str) -> str:
    """Let one more device or client run the group; returns its token."""
    writes.begin_group(group.id)
    token = tables.new_token()
    db.session.add(GroupEditor(group_id=group.id, token_hash=tables.hash_token(token),
                               label=label[:80]))
    writes.audit_group(group.id, "editor", f"{label[:80]} can now run the group")
    db.session.commit()
    return token


# --- members and the next night ---------------------------------------------------

def members(group: Group) -> list[str]:
    """The group's members, in the order they joined."""
    return [m.name for m in group.members]


def join(group: Group, names: Sequence[str]) -> list[str]:
    """``names`` as the group spells them; those it doesn't know join it
    (in the caller's transaction).  Returns the names as kept."""
    known = members(group)
    kept = []
    for name in names:
        found = find_name(name, known)
        if found is None:
            if len(known) >= MAX_MEMBERS:
                raise ServiceError(f"A group keeps at most {MAX_MEMBERS} players", "players")
            group.members.append(Member(name=name))
            known.append(name)
            found = name
        kept.append(found)
    return kept


@dataclass(frozen=True)
class NextNight:
    """What a group's next night starts with: the regulars who were still at
    the table at the end of the last night (in their seats), the rest of the
    members, the rules and the stake."""

    players: tuple[str, ...]
    others: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    stake_cents: int


def next_night(group: Group) -> NextNight:
    """The defaults of the group's next night."""
    last = db.session.scalars(db.select(GameTable).where(GameTable.group_id == group.id)
                              .order_by(GameTable.played_on.desc(), GameTable.id.desc())
                              .limit(1)).first()
    players = tuple(p.name for p in last.players if p.present) if last is not None else ()
    present = set(players)
    others = tuple(n for n in members(group) if n not in present)
    return NextNight(players, others, group.preset, dict(group.options), group.stake_cents)


def check_played_on(value: object, today: date | None = None) -> date:
    """A night's date: a ``date`` or ``YYYY-MM-DD``, from 2000 to tomorrow
    (a phone a time zone ahead of the server is already in tomorrow)."""
    if isinstance(value, date) and not isinstance(value, datetime):
        day = value
    elif isinstance(value, str) and len(value) == 10 and value.isascii():
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise ServiceError("played_on must be a date as YYYY-MM-DD", "played_on") from None
    else:
        raise ServiceError("played_on must be a date as YYYY-MM-DD", "played_on")
    latest = (today or date.today()) + timedelta(days=1)
    if not date(2000, 1, 1) <= day <= latest:
        raise ServiceError("A night's date must be from 2000 to today", "played_on")
    return day


def attach(table: GameTable, group: Group, played_on: date, rules: Rules) -> None:
    """Make the new ``table`` the group's night of ``played_on`` (its players
    join the group) and remember its rules and stake for the next night.
    Part of the caller's write, which raises the group's version (the caller
    writes its entry)."""
    table.group_id = group.id
    table.played_on = played_on
    join(group, [p.name for p in table.players])
    group.preset = table.preset
    group.options = differences(table.preset, rules) if table.preset in PRESETS else {}
    group.stake_cents = table.stake_cents
    writes.begin_group(group.id)


# --- the nights' results, kept per night version -------------------------------------

class NightResults:
    """Each night's :class:`NightResult` at its latest version read, by share
    token; bounded, the least recently kept go first; thread-safe."""

    def __init__(self, size: int = 8192) -> None:
        self.size = size
        self._kept: dict[str, tuple[int, NightResult]] = {}
        self._lock = threading.Lock()

    def get(self, key: str, version: int) -> NightResult | None:
        kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == version else None

    def put(self, key: str, version: int, result: NightResult) -> None:
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = (version, result)
            while len(self._kept) > self.size:
                self._kept.pop(next(iter(self._kept)))

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


RESULTS = caches.register("night results", NightResults())


@dataclass(frozen=True)
class NightRow:
    """What the group's pages read of each night without loading it."""

    id: int
    name: str
    view_token: str
    version: int
    played_on: date
    closed: bool
    settled: str | None


_NIGHTS = (select(GameTable.id, GameTable.name, GameTable.view_token, GameTable.version,
                  GameTable.played_on, GameTable.created_at, GameTable.closed_at,
                  GameTable.settled)
           .where(GameTable.group_id == bindparam("group"))
           .order_by(GameTable.played_on, GameTable.id))


def night_rows(group_id: int) -> list[NightRow]:
    """The group's nights, oldest first, in one query."""
    return [NightRow(r.id, r.name, r.view_token, r.version,
                     r.played_on or _day(r.created_at), r.closed_at is not None, r.settled)
            for r in db.session.execute(_NIGHTS, {"group": group_id})]


def _day(moment: datetime) -> date:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).date()


def night_result(row: NightRow) -> NightResult:
    """The night's result for the season: kept per version, else replayed
    (through the nights kept in memory) and kept."""
    known = RESULTS.get(row.view_token, row.version)
    if known is not None and (known.closed, known.settled) == (row.closed, row.settled):
        return known
    table = db.session.get(GameTable, row.id)
    if table is None:
        raise NotFound("No such night")
    state = TableState.load(table)
    result = result_of(state, row)
    if state.cacheable and state.version == row.version:
        RESULTS.put(row.view_token, row.version, result)
    return result


def result_of(state: TableState, row: NightRow) -> NightResult:
    """A loaded night as the season reads it: who played at least one hand
    played the night (a player who only sat out, or came too late, did not)."""
    night = state.night
    standings = state.standings
    played = tuple(n for n in state.players if any(n in r.seated for r in night.results))
    return NightResult(
        table_id=row.id, name=row.name, played_on=row.played_on, hands=len(night.results),
        players=played, points={n: night.balances[n] for n in played},
        cents={n: standings.cents[n] for n in played},
        stats={n: player_stats(night, n) for n in played},
        closed=row.closed, settled=row.settled, roster=state.players, version=row.version,
        token=row.view_token)


def results(group_id: int) -> tuple[list[NightRow], list[NightResult]]:
    """Every night of the group and its result, oldest first."""
    rows = night_rows(group_id)
    return rows, [night_result(r) for r in rows]


# --- seasons ------------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    """The dates a season page or answer covers (None: open at that end)."""

    start: date | None
    end: date | None
    label: str
    #: The query string that asks for it again (``season=2026``, ``season=all``…).
    query: dict[str, str]

    def key(self) -> tuple[object, ...]:
        """Everything a page of this span shows of it: what a kept page is
        kept under (``?season=2026`` and ``?from=2026-01-01&to=2026-12-31``
        cover the same dates but say them differently)."""
        return self.start, self.end, self.label, tuple(sorted(self.query.items()))


def span(season: str | None, start: str | None, end: str | None,
         today: date | None = None) -> Span:
    """The range a request asks for: ``from``/``to`` dates, else ``season=YYYY``
    or ``season=all``, else this calendar year."""
    if start or end:
        first = check_played_on(start, date(2100, 1, 1)) if start else None
        last = check_played_on(end, date(2100, 1, 1)) if end else None
        if first and last and first > last:
            raise ServiceError("'from' must not be after 'to'", "from")
        words = f"{first or 'the start'} to {last or 'now'}"
        query = {k: v for k, v in (("from", start), ("to", end)) if v}
        return Span(first, last, words, query)
    if season == "all":
        return Span(None, None, "All time", {"season": "all"})
    year = (today or date.today()).year
    if season not in (None, ""):
        if not (isinstance(season, str) and season.isascii() and season.isdigit()
                and len(season) == 4 and 2000 <= int(season) <= 2100):
            raise ServiceError("season must be a year (YYYY) or 'all'", "season")
        year = int(season)
    return Span(date(year, 1, 1), date(year, 12, 31), str(year), {"season": str(year)})


# --- settling the carried nights -----------------------------------------------------

@dataclass(frozen=True)
class GroupSettlement:
    """The carried nights, what each player still owes or is owed over them
    (cents, early payments taken off), and the fewest payments that clear it."""

    nights: tuple[NightRow, ...]
    owed: dict[str, int]
    transfers: tuple[Transfer, ...]


def settlement(group_id: int) -> GroupSettlement:
    """The group's carried nights settled together."""
    from scorekeeper.services.settle import early_payments  # it imports this module

    carried = [r for r in night_rows(group_id) if r.settled == CARRIED]
    remaining = []
    for row in carried:
        table = db.session.get(GameTable, row.id)
        if table is None:
            continue
        state = TableState.load(table)
        remaining.append(apply_transfers(state.standings.cents,
                                         [p.transfer for p in early_payments(table)]))
    owed = {k: v for k, v in carried_balances(remaining).items()}
    return GroupSettlement(tuple(carried), owed, tuple(settle(owed)))


def mark_paid(group: Group, shown: Sequence[int] | None, once: Once | None = None) -> int:
    """The group's settle-up was paid: every carried night is cleared (they
    are settled "with the group" now).  ``shown`` are the carried nights the
    payments were worked out for: if the tab holds other nights now (one was
    carried since), nothing is saved.  Returns how many nights were cleared
    (a request already carried out, ``once``: the number it cleared then)."""
    group_id = group.id
    writes.begin_group(group_id)
    done = earlier(once)
    if done is not None:
        db.session.rollback()
        return int((done.response or {}).get("cleared", 0))
    nights = db.session.scalars(db.select(GameTable).where(
        GameTable.group_id == group_id, GameTable.settled == CARRIED)
        .order_by(GameTable.id)).all()
    if not nights:
        db.session.rollback()
        raise Conflict("No night is on the tab: there is nothing to settle", "nights")
    if shown is not None and sorted(set(shown)) != [t.id for t in nights]:
        db.session.rollback()
        raise Conflict("The nights on the tab changed since these payments were shown; "
                       "check them again", "nights")
    writes.audit_group(group_id, "paid", f"Paid: {len(nights)} carried night"
                       f"{'' if len(nights) == 1 else 's'} settled with the group")
    now = utcnow()
    for table in nights:
        writes.begin_night(table, closed_ok=True)
        table.settled, table.settled_at = WITH_GROUP, now
        writes.audit_night(table, "paid", "Paid with the group's settle-up")
    remember(once, None, 200, {"cleared": len(nights)}, group_id=group_id)
    twin = commit(once)
    if twin is not None:
        return int((twin.response or {}).get("cleared", 0))
    return len(nights)


def settle_night(table: GameTable, carry: bool) -> None:
    """How a group's night is settled as it closes (part of the close's write):
    paid at the table, or carried to the group's settle-up."""
    if table.group_id is None:
        if carry:
            raise ServiceError("Only a group's night can be carried", "carry")
        return
    table.settled = CARRIED if carry else AT_TABLE
    table.settled_at = None if carry else utcnow()


def groups_of(ids: Sequence[int]) -> list[Group]:
    """These groups, newest first."""
    if not ids:
        return []
    return list(db.session.scalars(db.select(Group).where(Group.id.in_(ids))
                                   .order_by(Group.created_at.desc())))


# --- more phones running the group ----------------------------------------------------

HANDOVER_LIFETIME = timedelta(minutes=15)
CODE_GONE = ("This code was already used, replaced or has expired. Ask whoever runs the "
             "group to show a new one.")


def start_handover(group: Group) -> str:
    """A fresh one-time code that lets one more phone run the group (any unused
    code of the group stops working); returns the code."""
    writes.begin_group(group.id)
    db.session.execute(delete(GroupHandover).where(GroupHandover.group_id == group.id,
                                                   GroupHandover.used_at.is_(None)))
    code = tables.new_token()
    db.session.add(GroupHandover(group_id=group.id, token_hash=tables.hash_token(code),
                                 expires_at=utcnow() + HANDOVER_LIFETIME))
    writes.audit_group(group.id, "handover", "Showed a code to run the group "
                       "(works once, for 15 minutes)")
    db.session.commit()
    return code


def live_handover(code: str | None) -> GroupHandover | None:
    """The unused, unexpired code ``code`` proves, if any."""
    if not code:
        return None
    return db.session.scalar(db.select(GroupHandover).where(
        GroupHandover.token_hash == tables.hash_token(code), GroupHandover.used_at.is_(None),
        GroupHandover.expires_at > utcnow()))


def claim_handover(code: str, label: str) -> tuple[Group, str]:
    """Use a code once: a new edit grant for this phone; returns the group and
    its token.  Two phones racing for one code can't both win."""
    start_write(db.session)
    handover = live_handover(code)
    if handover is None:
        raise NotFound(CODE_GONE)
    group = get_group(handover.group_id)
    name = " ".join((label or "").split())
    if len(name) > 40:
        raise ServiceError("Keep the name to 40 characters", "label")
    claimed = db.session.execute(update(GroupHandover).where(
        GroupHandover.id == handover.id, GroupHandover.used_at.is_(None))
        .values(used_at=utcnow()))
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise NotFound(CODE_GONE)
    writes.begin_group(group.id)
    token = tables.new_token()
    label = name or f"Phone {len(active_editors(group)) + 1}"
    db.session.add(GroupEditor(group_id=group.id, token_hash=tables.hash_token(token),
                               label=label))
    writes.audit_group(group.id, "handover", f"Handed over: {label} can now run the group")
    db.session.commit()
    return group, token


def active_editors(group: Group) -> list[GroupEditor]:
    """The phones and clients that can run the group now, oldest first."""
    return list(db.session.scalars(db.select(GroupEditor).filter_by(
        group_id=group.id, revoked_at=None).order_by(GroupEditor.id)))


def revoke_editor(group: Group, editor_id: int) -> GroupEditor:
    """Stop one phone running the group, at once (never the last one)."""
    writes.begin_group(group.id)
    editors = active_editors(group)
    editor = next((e for e in editors if e.id == editor_id), None)
    if editor is None:
        raise NotFound("That phone can't run this group (already revoked?)")
    if len(editors) == 1:
        raise Conflict("This is the only phone that can run the group. Add another "
                       "phone first, then revoke this one.")
    editor.revoked_at = utcnow()
    writes.audit_group(group.id, "revoke", f"{editor.label} can no longer run the group")
    db.session.commit()
    return editor
