"""A tournament table signs its result: when its session is done, each
player at it taps their name on the table's phone to agree to the table's
totals, or to dispute them, which sends the table to the director (the
opponents confirming the score, as a bridge club's table terminal asks).

An event asks for it or not (``event.signatures``).  Each tap is a row kept
with the totals as they stood, in seat order; the latest of each seat
counts while the totals are still those, so a correction since (a hand
the director mended, a paper ticket corrected) asks the table again
without anything being cleared.  Signing changes no score: it is recorded
through the night's write path like any write to it (its version, its one
history entry, its retry under an Idempotency-Key).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from scorekeeper.db.models import Event, EventTable, EventTicket, GameTable, TableSignature, db
from scorekeeper.limits import MAX_SIGNATURES, PENALTY_REASON
from scorekeeper.moments import iso
from scorekeeper.names import find_name
from scorekeeper.policy.acl import ONLY_TOURNAMENTS_SIGN, Action
from scorekeeper.services import Code, Conflict, ServiceError, checks, writes
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once, earlier


@dataclass(frozen=True)
class SeatSigned:
    """One seat of the table: its player, their points for the session and
    what they said of the totals as they stand now (``agrees`` None: not
    yet, or only of totals corrected since: ``before_correction``)."""

    seat: int
    name: str
    points: int
    agrees: bool | None
    note: str | None = None
    at: datetime | None = None
    before_correction: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "points": self.points,
                "agrees": self.agrees, "note": self.note,
                "at": iso(self.at) if self.at else None,
                "before_correction": self.before_correction}


#: A table's signing in one word (:attr:`Signing.status`): the event doesn't
#: ask for it, the table still plays, a player disputes, everyone agreed,
#: or someone hasn't signed yet.
STATUSES = ("not asked", "playing", "disputed", "signed", "unsigned")


@dataclass(frozen=True)
class Signing:
    """Where a tournament table stands in signing its result: whether its
    event asks it to (``asked``), whether it may now (``ready``: its session
    is done), and each seat."""

    session: int
    number: int
    asked: bool
    ready: bool
    seats: tuple[SeatSigned, ...]

    @property
    def complete(self) -> bool:
        """Everyone at the table agreed to the totals as they stand."""
        return self.ready and bool(self.seats) and all(s.agrees for s in self.seats)

    @property
    def disputes(self) -> tuple[SeatSigned, ...]:
        """The seats that disputed the totals as they stand."""
        return tuple(s for s in self.seats if s.agrees is False)

    @property
    def unsigned(self) -> tuple[SeatSigned, ...]:
        return tuple(s for s in self.seats if s.agrees is None)

    @property
    def status(self) -> str:
        """The table's signing in one word of :data:`STATUSES` (the API's
        and the pages' one vocabulary)."""
        if not self.asked:
            return "not asked"
        if not self.ready:
            return "playing"
        if self.disputes:
            return "disputed"
        return "signed" if self.complete else "unsigned"

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "table": self.number, "asked": self.asked,
                "ready": self.ready, "status": self.status, "complete": self.complete,
                "seats": [s.to_json() for s in self.seats]}


def _row(table: GameTable) -> tuple[EventTable, Event] | None:
    found = db.session.execute(
        select(EventTable, Event).join(Event, Event.id == EventTable.event_id)
        .where(EventTable.night_id == table.id)).first()
    return None if found is None else (found[0], found[1])


def _totals(row: EventTable, event: Event, table: GameTable,
            tickets: dict[int, dict[str, int]]) -> tuple[list[tuple[str, int]], bool]:
    """The table's session totals in seat order and whether it is done
    (``tickets``: the paper tickets of its session's tables, by table row)."""
    points, progress = event_progress.table_points(row, tickets, event, table)
    names = TableState.load(table).players
    return [(name, int(points.get(name, 0))) for name in names], progress.done


def _tickets(rows: list[EventTable]) -> dict[int, dict[str, int]]:
    """The paper tickets of these tables, by table row: one query."""
    return {t.event_table_id: t.totals for t in db.session.scalars(
        select(EventTicket).where(EventTicket.event_table_id.in_([r.id for r in rows])))}


def _latest(rows: list[EventTable]) -> dict[int, dict[int, TableSignature]]:
    """Each of these tables' latest signature of each seat, by table row and
    seat: one query."""
    latest: dict[int, dict[int, TableSignature]] = {r.id: {} for r in rows}
    for signed in db.session.scalars(select(TableSignature).where(
            TableSignature.event_table_id.in_([r.id for r in rows]))
            .order_by(TableSignature.id)):
        latest[signed.event_table_id][signed.seat] = signed
    return latest


def signing_of(table: GameTable) -> Signing | None:
    """Where the tournament table ``table`` stands in signing its result
    (None: a night of no event)."""
    found = _row(table)
    if found is None:
        return None
    row, event = found
    return _one(row, event, table)


def _one(row: EventTable, event: Event, table: GameTable) -> Signing:
    """One table's signing, read for it alone."""
    return _signing(row, event, table, _tickets([row]), _latest([row])[row.id])


def _signing(row: EventTable, event: Event, table: GameTable,
             tickets: dict[int, dict[str, int]], latest: dict[int, TableSignature]
             ) -> Signing:
    seats, done = _totals(row, event, table, tickets)
    now = [points for _, points in seats]
    shown = []
    for seat, (name, points) in enumerate(seats, start=1):
        said = latest.get(seat)
        if said is not None and list(said.totals) == now:
            shown.append(SeatSigned(seat, name, points, said.agrees, said.note, said.at))
        else:
            shown.append(SeatSigned(seat, name, points, None,
                                    before_correction=said is not None))
    return Signing(row.session, row.number, event.signatures, done, tuple(shown))


def session_signing(event: Event, session: int) -> dict[int, Signing]:
    """Each table of the session's signing, by table number (the director's
    session page and the session's API): its tickets and signatures read in
    one query each, whatever the number of tables."""
    rows = list(db.session.scalars(select(EventTable).filter_by(
        event_id=event.id, session=session).order_by(EventTable.number)))
    nights = {n.id: n for n in db.session.scalars(
        select(GameTable).where(GameTable.id.in_([r.night_id for r in rows])))}
    tickets, latest = _tickets(rows), _latest(rows)
    return {row.number: _signing(row, event, nights[row.night_id], tickets, latest[row.id])
            for row in rows}


def by_status(signing: Mapping[int, Signing]) -> dict[str, list[Signing]]:
    """A session's tables grouped by their signing's word of
    :data:`STATUSES` (every word a key, in table order within it): what the
    director's page lists first."""
    grouped: dict[str, list[Signing]] = {word: [] for word in STATUSES}
    for number in sorted(signing):
        grouped[signing[number].status].append(signing[number])
    return grouped


#: Why a table of an event that doesn't ask for signatures can't sign.
NOT_ASKED = ("This event's tables don't sign their results: the director turns it on "
             "on the event's page")


def _said(name: object, agrees: object, note: object) -> tuple[str, bool, str | None]:
    """Who signs, whether they agree, and their note as kept (or None), or
    the first of them refused."""
    if not isinstance(agrees, bool):
        raise ServiceError("agrees must be true (the totals are right) or false "
                           "(they are not: the director is asked)", "agrees")
    if not isinstance(name, str) or not name.strip():
        raise ServiceError("Say who signs: a player's name at this table", "name")
    if note is None or note == "":
        return name, agrees, None
    if not isinstance(note, str) or len(note) > PENALTY_REASON:
        raise ServiceError(f"A note is text of up to {PENALTY_REASON} characters", "note")
    return name, agrees, " ".join(checks.free_text(note, "The note", "note").split()) or None


def _check_new(row: EventTable, seat: SeatSigned, agrees: bool) -> None:
    """Refuse a signature that says again what the seat said of these
    totals, or one past the table's bound."""
    if seat.agrees is agrees:
        raise Conflict(f"{seat.name} already " + ("agreed to" if agrees else "disputed")
                       + f" table {row.number}'s totals as they stand", "agrees",
                       code=Code.UNCHANGED)
    kept = db.session.scalar(select(func.count()).select_from(TableSignature).where(
        TableSignature.event_table_id == row.id)) or 0
    if kept >= MAX_SIGNATURES:
        raise Conflict(f"Table {row.number} keeps at most {MAX_SIGNATURES} signatures: "
                       "the director settles it", "agrees")


def sign(table: GameTable, name: object, agrees: object, note: object = None,
         by: str | None = None, once: Once | None = None,
         seen: int | None = None) -> Signing:
    """Player ``name`` at the tournament table ``table`` agrees to its
    session totals as they stand (``agrees``) or disputes them, with an
    optional ``note`` (what they think is wrong).  Refused before the
    table's session is done, at a table whose event doesn't ask for
    signatures, and when it would say again what that player already said
    of these totals.  Returns the table's signing after it."""
    name, agrees, kept_note = _said(name, agrees, note)
    found = _row(table)
    if found is None:
        raise Conflict(ONLY_TOURNAMENTS_SIGN, "name")
    row, event = found
    with writes.unit(once) as work:
        if earlier(once) is not None:  # a double tap, a retry: said once already
            work.cancel()
            return _one(row, event, table)
        writes.begin_night(table, Action.SIGN, seen=seen)
        if not event.signatures:
            raise Conflict(NOT_ASKED, "name")
        now = _one(row, event, table)
        seat = next((s for s in now.seats if find_name(name, [s.name])), None)
        if seat is None:
            raise ServiceError(f"{name.strip()[:40]} doesn't sit at table {row.number} in "
                               f"session {row.session}", "name")
        _check_new(row, seat, agrees)
        totals = [s.points for s in now.seats]
        db.session.add(TableSignature(event_table_id=row.id, seat=seat.seat, name=seat.name,
                                      agrees=agrees, totals=totals, note=kept_note,
                                      by=by[:80] if by else None))
        said = ", ".join(f"{s.name} {s.points:+d}" for s in now.seats)
        summary = (f"{seat.name} agrees to table {row.number}'s result ({said})" if agrees
                   else f"{seat.name} disputes table {row.number}'s result ({said})"
                   + (f": {kept_note}" if kept_note else "") + " — the director is asked")
        writes.audit_night(table, "sign", summary, by=by,
                           after={"seat": seat.seat, "name": seat.name, "agrees": agrees,
                                  "totals": totals, "note": kept_note})
        db.session.flush()
        after = _one(row, event, table)
        work.remember(table, 201, after.to_json())
    return after


#: What a seat signed with the paper ticket says.
ON_PAPER = "signed on paper"


def check_signed(signed: object, event: Event) -> bool:
    """Whether a ticket comes signed by every player of its table (the
    paper carries their signatures), or why that can't be said."""
    if not isinstance(signed, bool):
        raise ServiceError("signed must be true (every player signed the paper ticket) "
                           "or false", "signed")
    if signed and not event.signatures:
        raise Conflict(NOT_ASKED, "signed")
    return signed


def sign_on_paper(row: EventTable, event: Event, table: GameTable, by: str | None) -> str:
    """Every seat of the table agrees to its totals as they now stand,
    signed on its paper ticket (inside the ticket's write); returns the
    words the history adds."""
    now = _signing(row, event, table, _tickets([row]), _latest([row])[row.id])
    totals = [s.points for s in now.seats]
    for seat in now.seats:
        db.session.add(TableSignature(event_table_id=row.id, seat=seat.seat, name=seat.name,
                                      agrees=True, totals=totals, note=ON_PAPER,
                                      by=by[:80] if by else None))
    return f"; every player signed it on paper ({len(now.seats)})"
