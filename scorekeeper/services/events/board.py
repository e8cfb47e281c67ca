"""What the event's public pages read (behind its view token): the event's
head (its version, one indexed read, so a poll that finds nothing changed
reads nothing more), the seat board of the latest drawn session and
whether the event is final.  The seat board is worked out once per event
version with one query, as the standings are
(:func:`scorekeeper.services.events.scores.standings`).  Names and numbers
only: contact details never leave :mod:`scorekeeper.services.events.event`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.db.engine import writing
from scorekeeper.db.models import Event, EventPlayer, EventSession, EventTable, Owner, Player, db
from scorekeeper.ledger.event_draw import seat_number
from scorekeeper.limits import MAX_EVENT_PLAYERS
from scorekeeper.name_match import Roster
from scorekeeper.services import NotFound, caches, lazy


@dataclass(frozen=True)
class EventHead:
    """What a watcher's poll needs: which event, at which version."""

    id: int
    name: str
    view_token: str
    version: int
    finished: bool


def head(token: str) -> EventHead:
    """The event behind this view token, or NotFound."""
    row = db.session.execute(select(Event.id, Event.name, Owner.version, Event.finished_at)
                             .join(Event.owner).where(Owner.view_token == token)).first()
    if row is None:
        raise NotFound("No event has this link (it may have been replaced)")
    return EventHead(row.id, row.name, token, row.version, row.finished_at is not None)


@dataclass(frozen=True)
class Seat:
    """One player's seat in a drawn session (seat 1 deals first)."""

    number: int
    name: str
    table: int
    seat: int


@dataclass(frozen=True)
class SeatBoard:
    """The latest drawn session: every seat by table, and who has a bye."""

    session: int | None
    seats: tuple[Seat, ...]
    byes: tuple[tuple[int, str], ...]

    def tables(self) -> list[tuple[int, list[Seat]]]:
        """The seats grouped by table, in table order."""
        found: dict[int, list[Seat]] = {}
        for seat in self.seats:
            found.setdefault(seat.table, []).append(seat)
        return sorted(found.items())

    @lazy
    def roster(self) -> Roster:
        """Everyone of the session (seated or with a bye), found by what
        people type; worked out once for the board, kept per event version."""
        return Roster([(s.number, s.name) for s in self.seats] + list(self.byes))

    def find(self, asked: str) -> list[Seat | tuple[int, str]]:
        """Every seat (or bye, as (number, name)) of the players ``asked``
        may mean (:meth:`scorekeeper.name_match.Roster.find`: a number,
        ``#7``, a whole name or the start of its words), in name order."""
        seats = {s.number: s for s in self.seats}
        byes = dict(self.byes)
        return [seats.get(number) or (number, byes[number])
                for number, _ in self.roster.find(asked)]


#: Seat boards by (view token, version).
KEPT: caches.Recent[tuple[str, int], SeatBoard] = caches.register(
    "event_seats", caches.Recent(256))


def seat_board(event: EventHead) -> SeatBoard:
    """The seats of the event's latest drawn session, kept per version."""
    key = (event.view_token, event.version)
    found = KEPT.get(key)
    if found is None:
        found = _seats(event.id)
        if not writing(db.session):
            KEPT.put(key, found)
    return found


def _seats(event_id: int) -> SeatBoard:
    drawn = db.session.scalar(select(EventSession).where(EventSession.event_id == event_id)
                              .order_by(EventSession.number.desc()).limit(1))
    if drawn is None:
        return SeatBoard(None, (), ())
    numbers: dict[str, int] = {name: number for name, number in db.session.execute(
        select(EventPlayer.name, EventPlayer.number).where(EventPlayer.event_id == event_id))}
    rows = db.session.execute(
        select(EventTable.number, Player.name, Player.seat)
        .join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.event_id == event_id, EventTable.session == drawn.number)
        .order_by(EventTable.number, Player.seat)).all()
    seats: list[Seat] = []
    for table, name, _ in rows:
        at = seats[-1].seat + 1 if seats and seats[-1].table == table else 1
        seats.append(Seat(seat_number(name, numbers), name, table, at))
    by_number = {n: name for name, n in numbers.items()}
    return SeatBoard(drawn.number, tuple(seats),
                     tuple((n, by_number.get(n, "")) for n in drawn.byes))


#: Standings rows on a page of the phone's leaderboard, and on a screen of the big one.
PAGE_ROWS = 100
SCREEN_ROWS = 20
#: The standings screens the big screen turns through (the top hundred);
#: everyone else finds themselves on their phone.
MOST_SCREENS = 5
#: Seconds each screen of the big one shows before it turns to the next.
TURN_SECONDS = 15
#: The pages of the largest event's standings.
MOST_PAGES = -(-MAX_EVENT_PLAYERS // PAGE_ROWS)


@dataclass(frozen=True)
class Shown:
    """Which ranks a page of the leaderboard shows: ``first`` to ``last`` of
    ``count`` players, page ``page`` of ``pages``."""

    page: int
    pages: int
    first: int
    last: int
    count: int

    def starts(self) -> list[tuple[int, int, int]]:
        """Every page as (page, first rank, last rank), for the pager."""
        return [(k, (k - 1) * PAGE_ROWS + 1, min(k * PAGE_ROWS, self.count))
                for k in range(1, self.pages + 1)]


def ranks_shown(count: int, page: int) -> Shown:
    """The rows a phone's page holds: a hundred at a time (a page past the
    end shows the last), so a crowd's polls of a thousand players stay small."""
    pages = max(1, -(-count // PAGE_ROWS))
    page = min(max(page, 1), pages)
    return Shown(page, pages, (page - 1) * PAGE_ROWS + 1, min(page * PAGE_ROWS, count), count)


def screens(count: int) -> list[Shown]:
    """The big screen's standings, a screen of ``SCREEN_ROWS`` at a time, up
    to ``MOST_SCREENS`` of them (one, empty, for an event with nobody yet)."""
    shown = min(count, SCREEN_ROWS * MOST_SCREENS)
    pages = max(1, -(-shown // SCREEN_ROWS))
    return [Shown(k, pages, (k - 1) * SCREEN_ROWS + 1, min(k * SCREEN_ROWS, shown), count)
            for k in range(1, pages + 1)]
