"""An event's seat draws: drawing a session (one ordinary night per table,
each with its own edit grant and one-time code, handed to the director
once), re-drawing it before any hand is recorded, swapping two players, and
reading a session's tables.  The draw itself is the engine's
(:mod:`scorekeeper.ledger.events`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select

from scorekeeper.db.models import (
    EVENT,
    AuditEntry,
    Event,
    EventSession,
    EventTable,
    EventTicket,
    GameTable,
    HandRow,
    Player,
    TableSignature,
    db,
)
from scorekeeper.ledger import events as engine
from scorekeeper.ledger.event_draw import filler_name, is_filler, repeated_pair_list, seat_number
from scorekeeper.limits import MAX_EVENT_TABLES, MAX_SEED
from scorekeeper.policy.acl import Action, EventWrite
from scorekeeper.rules import Rules
from scorekeeper.services import Conflict, NotFound, ServiceError, Stale, writes
from scorekeeper.services.events.event import plays_in
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.nights import tables
from scorekeeper.services.nights.tables import forget_tables
from scorekeeper.services.once import Once

#: How long a table card's code works: the whole day of the event.
CODE_LIFETIME = timedelta(hours=24)


@dataclass(frozen=True)
class DrawnTable:
    """One table of a session: its number, its players by name in seat order
    and by number, its night; the edit token and one-time code only in the
    answer to the draw itself (None when read afterwards)."""

    number: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    night: int
    edit_token: str | None = None
    code: str | None = None


@dataclass(frozen=True)
class DrawnSession:
    """A drawn session: its seed, byes and tables, and ``met_again``, the
    pairs at its tables who already shared a table in an earlier session
    (player numbers, lower first, in order; a filler's seat meets nobody)."""

    session: int
    seed: int
    met_again: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]
    tables: tuple[DrawnTable, ...]

    @property
    def repeated_pairs(self) -> int:
        """How many pairs meet again."""
        return len(self.met_again)

    @property
    def tag(self) -> str:
        """A short name of who sits where now: a page's swap and seat forms
        send the one they showed (:func:`seats_changed`)."""
        seats = repr(tuple(t.numbers for t in self.tables)).encode()
        return hashlib.sha256(seats).hexdigest()[:12]

    @property
    def fillers(self) -> int:
        """The filler seats at its tables."""
        return sum(1 for t in self.tables for n in t.numbers if is_filler(n))


def _session_number(event: Event, session: object) -> int:
    if isinstance(session, bool) or not isinstance(session, int) \
            or not 1 <= session <= event.sessions:
        raise NotFound(f"This event has sessions 1 to {event.sessions}")
    return session


def _rows(event: Event, session: int) -> list[EventTable]:
    return list(db.session.scalars(select(EventTable).filter_by(
        event_id=event.id, session=session).order_by(EventTable.number)))


def played(event: Event) -> bool:
    """True once any table of the event has a hand or a paper ticket."""
    return _started(list(db.session.scalars(select(EventTable).filter_by(event_id=event.id))))


def session_started(event: Event, session: int) -> bool:
    """True once any table of ``session`` has a hand or a paper ticket: its
    tables are no longer drawn again (:data:`STARTED`)."""
    return _started(_rows(event, session))


#: Why a session that has started is not drawn again.
STARTED = "Session {session} has started: its tables can't be drawn again"

#: Why drawing a drawn session again from a page needs the director's word.
REDRAW_WORDS = ("Drawing again seats everyone anew: the table cards, seat lists and tickets "
                "already printed stop working. Tick the box to draw again.")

#: What a page's draw form says it showed of a session not drawn yet (its
#: ``seats``; a drawn one's is :attr:`DrawnSession.tag`).
UNDRAWN = "none"


def _started(rows: Sequence[EventTable]) -> bool:
    """True once any table of the session has a hand or a paper ticket."""
    ids = [r.night_id for r in rows]
    if not ids:
        return False
    hands = db.session.scalar(select(func.count()).select_from(HandRow)
                              .where(HandRow.table_id.in_(ids)))
    tickets = db.session.scalar(select(func.count()).select_from(EventTicket).where(
        EventTicket.event_table_id.in_([r.id for r in rows])))
    return bool(hands or tickets)


def earlier_draws(event: Event, session: int) -> list[list[tuple[int, ...]]]:
    """The tables of every session before ``session``, by player number."""
    by_name = {p.name: p.number for p in event.players}
    found: dict[int, list[tuple[int, ...]]] = {}
    rows = db.session.execute(
        select(EventTable.session, EventTable.number, Player.name)
        .join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.event_id == event.id, EventTable.session < session)
        .order_by(EventTable.session, EventTable.number, Player.seat)).all()
    tables_at: dict[tuple[int, int], list[int]] = {}
    for s, number, name in rows:
        tables_at.setdefault((s, number), []).append(seat_number(name, by_name))
    for (s, _), numbers in tables_at.items():
        found.setdefault(s, []).append(tuple(numbers))
    return [found[s] for s in sorted(found)]


def _drop(rows: Sequence[EventTable]) -> None:
    """Forget a session's tables and their nights (nothing was recorded at them)."""
    ids = [r.night_id for r in rows]
    db.session.execute(delete(TableSignature).where(
        TableSignature.event_table_id.in_([r.id for r in rows])))
    db.session.execute(delete(EventTable).where(EventTable.id.in_([r.id for r in rows])))
    forget_tables(list(db.session.scalars(select(GameTable).where(GameTable.id.in_(ids)))))


def draw(event: Event, session: int, seed: int | None = None, by: str | None = None,
         once: Once | None = None, seen: int | None = None,
         director_id: int | None = None, shown: str | None = None,
         again: bool | None = None) -> DrawnSession:
    """Draw ``session``'s seats among the players who play it (checked in,
    arrived, not withdrawn), avoiding earlier sessions' tablemates; each
    table becomes a night under the event's rules (stake 0) with an edit
    grant and a one-time code, returned here only.  Drawing a session again
    before any hand of it is recorded replaces its tables (the same seed
    and players: the same tables).  ``once`` keeps the seed (never the
    tokens) for an API retry, which draws again with it.  The tables'
    grants and codes are ``director_id``'s: revoking him ends them.  A
    page's form names the seats it showed (``shown``: :func:`seats_changed`,
    or :data:`UNDRAWN`) and draws a drawn session again only when the
    director ticked that he means it (``again``)."""
    session = _session_number(event, session)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED) + 1
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ServiceError(f"The seed must be a whole number from 0 to {MAX_SEED}", "seed")
    rules = Rules.from_dict(event.rules)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.DRAW, seen=seen)
        old = _rows(event, session)
        _may_draw(event, session, old, shown, again)
        playing = [p for p in event.players if plays_in(p, session)]
        if len(playing) < rules.seats:
            raise ServiceError(f"At least {rules.seats} players must be checked in for "
                               f"session {session}", "session")
        result = engine.draw([p.number for p in playing], rules.seats, seed,
                             earlier_draws(event, session), event.odd)
        if len(result.tables) > MAX_EVENT_TABLES:
            raise ServiceError(f"At most {MAX_EVENT_TABLES} tables a session", "session")
        if old:
            _drop(old)
        row = db.session.scalar(select(EventSession).filter_by(event_id=event.id,
                                                               number=session))
        if row is None:
            row = EventSession(event_id=event.id, number=session, seed=seed, byes=[])
            db.session.add(row)
        row.seed, row.repeated_pairs, row.byes = seed, result.repeated_pairs, list(result.byes)
        names = {p.number: p.name for p in event.players}
        drawn = tuple(open_table(event, session, number, seats, names, rules, director_id)
                      for number, seats in enumerate(result.tables, start=1))
        writes.audit_event(event.id, "draw", f"{'Re-drew' if old else 'Drew'} session "
                           f"{session} (seed {seed}): {len(drawn)} tables", by)
        work.remember(event, 200, {"seed": seed})
    return DrawnSession(session, seed, result.met_again, result.byes, drawn)


def _may_draw(event: Event, session: int, old: Sequence[EventTable], shown: str | None,
              again: bool | None) -> None:
    """Refuse a draw sent from a page that showed the session otherwise
    (other seats than it has now, or drawn when it isn't, or not when it
    is), of a session started, or again without the director's word."""
    if shown is not None and old:
        seats_changed(event, session_tables(event, session), shown)
    elif shown is not None and shown != UNDRAWN:
        raise Stale(f"Session {session} has no seats now, unlike on this page: check the "
                    "board and try again", "seats")
    if _started(old):
        raise Conflict(STARTED.format(session=session), "session")
    if old and again is False:
        raise ServiceError(REDRAW_WORDS, "draw")


def open_table(event: Event, session: int, number: int, seats: Sequence[int],
                names: dict[int, str], rules: Rules, director_id: int | None) -> DrawnTable:
    """Table ``number`` of the session as a new night, its grant and its code."""
    players = [filler_name(n) if is_filler(n) else names[n] for n in seats]
    night, token = tables.build_table(f"Session {session} · Table {number}",
                                      [(n, True) for n in players], event.preset, rules, 0,
                                      f"Table {number}", director_id, event.id)
    night.played_on = event.played_on
    db.session.add(EventTable(event_id=event.id, session=session, number=number,
                              night_id=night.id))
    code = handovers.add_code(grants.TABLE, night.id, CODE_LIFETIME, director_id)
    writes.audit_created(night, "create", f"Drawn: table {number} of session {session} of "
                         f"{event.name}")
    return DrawnTable(number, tuple(players), tuple(seats), night.id, token, code)


def session_tables(event: Event, session: int) -> DrawnSession:
    """A drawn session as anyone may read it (no tokens, no codes)."""
    session = _session_number(event, session)
    row = db.session.scalar(select(EventSession).filter_by(event_id=event.id, number=session))
    if row is None:
        raise NotFound(f"Session {session} isn't drawn yet")
    numbers = {p.name: p.number for p in event.players}
    drawn = []
    for t in _rows(event, session):
        night = db.session.get_one(GameTable, t.night_id)
        players = tuple(p.name for p in night.players)
        drawn.append(DrawnTable(t.number, players, tuple(seat_number(n, numbers) for n in players),
                                t.night_id))
    met_again = repeated_pair_list([t.numbers for t in drawn], earlier_draws(event, session))
    return DrawnSession(session, row.seed, met_again, tuple(row.byes), tuple(drawn))


def seats_changed(event: Event, drawn: DrawnSession, shown: str | None) -> None:
    """Refuse a change of seats made on a page that showed other seats than
    the session has now (``shown``: the :attr:`DrawnSession.tag` it showed;
    None: no page, nothing to compare), saying what moved them last."""
    if shown is None or shown == drawn.tag:
        return
    last = db.session.scalar(select(AuditEntry).where(
        AuditEntry.of(EVENT, event.id), AuditEntry.action.in_(("draw", "seat", "swap")))
        .order_by(AuditEntry.id.desc()).limit(1))
    said = f" (last: {last.summary}, {last.by or 'another device'})" if last else ""
    raise Stale(f"The seats of session {drawn.session} changed since this page showed "
                f"them{said}: check the board and try again", "seats")


def swap(event: Event, session: int, a: int, b: int, by: str | None = None,
         shown: str | None = None) -> DrawnSession:
    """Players ``a`` and ``b`` change seats before any hand of the session is
    recorded (their tables' grants and codes stay as they are), on the seats
    the page showed (``shown``: :func:`seats_changed`, so a double tap
    never swaps them back)."""
    with writes.unit():
        writes.begin_event(event.id, EventWrite.DRAW)
        drawn = session_tables(event, session)
        seats_changed(event, drawn, shown)
        seats = {n: (t, i) for t in drawn.tables for i, n in enumerate(t.numbers)}
        if a not in seats or b not in seats or a == b:
            raise ServiceError(f"Swap two players who are seated in session {session}",
                               "players")
        if _started(_rows(event, session)):
            raise Conflict(f"Session {session} has started: no more swaps. If they sat at "
                           "each other's tables, say so (\"They sat at each other's tables\"): "
                           "the recorded hands follow them", "session")
        (ta, sa), (tb, sb) = seats[a], seats[b]
        nights = {t.night: db.session.get_one(GameTable, t.night) for t in (ta, tb)}
        for night in nights.values():
            writes.begin_night(night, Action.ROSTER)  # seats move: not at a closed table
        pa, pb = nights[ta.night].players[sa], nights[tb.night].players[sb]
        if ta.night == tb.night:
            pa.seat, pb.seat = pb.seat, pa.seat
        else:
            pa.name, pb.name = pb.name, pa.name
        row = db.session.scalars(select(EventSession).filter_by(event_id=event.id,
                                                                number=session)).one()
        row.repeated_pairs = engine.repeated_pairs(  # kept beside the seed for the export
            engine.swap(tuple(t.numbers for t in drawn.tables), a, b),
            earlier_draws(event, session))
        said = f"Swapped #{a} and #{b} in session {session}"
        writes.audit_event(event.id, "swap", said, by)
        for night in nights.values():
            writes.audit_night(night, "swap", said, by=by)
    return session_tables(event, session)
