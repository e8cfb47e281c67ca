"""Seating a player who arrives after a session is drawn (a walk-in, or a
bye), without drawing again: at a table still playing one short, or with
enough others waiting at a new table of their own; and who of a session is
seated nowhere yet.  The draw itself is :mod:`.draws`'.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from scorekeeper.db.models import (
    Event,
    EventPlayer,
    EventSession,
    EventTable,
    EventTicket,
    GameTable,
    HandRow,
    Player,
    db,
)
from scorekeeper.policy.acl import EventWrite
from scorekeeper.rules import Rules
from scorekeeper.services import Conflict, writes
from scorekeeper.services.events.draws import (
    DrawnSession,
    DrawnTable,
    open_table,
    seats_changed,
    session_tables,
)
from scorekeeper.services.events.event import player, plays_in
from scorekeeper.services.nights import roster
from scorekeeper.services.once import Once


@dataclass(frozen=True)
class Seated:
    """Where a walk-in was seated: the table and his seat there (1-based);
    a table opened for walk-ins comes with its phone's token and code
    (shown once, as a draw's)."""

    table: int
    seat: int
    opened: DrawnTable | None = None


def unseated(event: Event, session: int) -> list[EventPlayer]:
    """The players of ``session`` (checked in, arrived, not withdrawn) seated
    at none of its tables: walk-ins since the draw, and its byes."""
    seated = set(db.session.scalars(
        select(Player.name).join(EventTable, EventTable.night_id == Player.table_id)
        .where(EventTable.event_id == event.id, EventTable.session == session)))
    return [p for p in event.players if plays_in(p, session) and p.name not in seated]


def seat_walk_in(event: Event, session: int, number: object, by: str | None = None,
                 once: Once | None = None, seen: int | None = None,
                 director_id: int | None = None, shown: str | None = None) -> Seated:
    """Seat player ``number``, checked in but seated nowhere in the drawn
    ``session`` (a walk-in, or a bye), leaving every other seat and card as
    it is: at a table still playing (:func:`_still_playing`) one short of the
    largest a game takes (five-handed: a table of five becomes six, its
    dealer sitting out), the one that has dealt the fewest hands; when every
    such table is full, with enough players waiting for a table of their
    own, at a new table with them (its phone's code shown once); else
    refused, saying how many more it takes.  A page sends the seats it
    showed (``shown``: :func:`~.draws.seats_changed`)."""
    rules = Rules.from_dict(event.rules)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.DRAW, seen=seen)
        drawn = session_tables(event, session)
        seats_changed(event, drawn, shown)
        waiting = {p.number: p for p in unseated(event, session)}
        walk_in = player(event, number)
        if walk_in.number not in waiting:
            raise Conflict(_why_not(walk_in, session), "number")
        row = db.session.scalar(select(EventSession).filter_by(event_id=event.id,
                                                               number=session))
        assert row is not None
        row.byes = [n for n in row.byes if n != walk_in.number]
        short = _short(event, drawn, rules.seats)
        if short:
            found = min(short, key=lambda t: (_dealt(t.night), t.number))
            night = db.session.get_one(GameTable, found.night)
            writes.audit_event(event.id, "seat", f"#{walk_in.number} {walk_in.name} seated at "
                               f"table {found.number} of session {session}", by)
            writes.begin_night(night, EventWrite.DRAW)
            roster.add_player(night, walk_in.name)
            seated = Seated(found.number, len(found.players) + 1)
        else:
            together = [walk_in] + [p for n, p in sorted(waiting.items()) if n != walk_in.number]
            if len(together) < rules.seats:
                raise Conflict(f"Every table of session {session} is full: {rules.seats} "
                               f"players waiting make a new table ({len(together)} waiting "
                               "now)", "number")
            number_new = max((t.number for t in drawn.tables), default=0) + 1
            group = together[:rules.seats]
            writes.audit_event(event.id, "seat", f"Table {number_new} of session {session} "
                               "opened for " + ", ".join(f"#{p.number} {p.name}"
                                                         for p in group), by)
            opened = open_table(event, session, number_new, [p.number for p in group],
                                 {p.number: p.name for p in group}, rules, director_id)
            seated = Seated(number_new, 1, opened)
        work.remember(event, 200, {"table": seated.table, "seat": seated.seat})
    return seated


def _short(event: Event, drawn: DrawnSession, seats: int) -> list[DrawnTable]:
    """The tables of the drawn session a walk-in may join: still playing
    (:func:`_still_playing`) and one short of ``seats`` or more; a session
    whose every table has stopped playing is refused."""
    playing = _still_playing(event, drawn.session)
    if drawn.tables and not playing:
        raise Conflict(f"No table of session {drawn.session} is still playing (each is done, "
                       "on a paper ticket or closed): nobody joins it now (mark a table "
                       "not done to seat a walk-in there)", "number")
    return [t for t in drawn.tables if len(t.players) <= seats and t.number in playing]


def _still_playing(event: Event, session: int) -> set[int]:
    """The numbers of the tables of ``session`` still scoring their hands: not
    done, not scored on a paper ticket, their night not closed (a walk-in
    seated anywhere else could never score)."""
    return set(db.session.scalars(
        select(EventTable.number).join(GameTable, GameTable.id == EventTable.night_id)
        .outerjoin(EventTicket, EventTicket.event_table_id == EventTable.id)
        .where(EventTable.event_id == event.id, EventTable.session == session,
               EventTable.done.is_(False), EventTicket.id.is_(None),
               GameTable.closed_at.is_(None))))


def _dealt(night_id: int) -> int:
    return int(db.session.scalar(select(func.count()).select_from(HandRow)
                                 .where(HandRow.table_id == night_id)) or 0)


def _why_not(p: EventPlayer, session: int) -> str:
    if not p.checked_in:
        return f"#{p.number} {p.name} isn't checked in: check them in first"
    if not plays_in(p, session):
        return f"#{p.number} {p.name} doesn't play session {session}"
    return f"#{p.number} {p.name} is seated in session {session} already"
