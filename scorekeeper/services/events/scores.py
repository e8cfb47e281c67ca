"""An event's scores: a table's paper ticket, a table accepted as done or
opened again (penalties to one player are :mod:`.penalties`').  The
standings they make are :mod:`.standings`' (also read from here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.db.models import (
    Event,
    EventTable,
    EventTicket,
    GameTable,
    db,
    utcnow,
)
from scorekeeper.limits import (
    MAX_TICKET_POINTS,
)
from scorekeeper.moments import said_at
from scorekeeper.names import find_name
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, checks, writes
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events import signatures
from scorekeeper.services.events.standings import EventStandings as EventStandings
from scorekeeper.services.events.standings import standings as standings
from scorekeeper.services.made_on import as_shown
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once

# --- tickets ------------------------------------------------------------------------

def check_totals(totals: object, names: Sequence[str], table_number: int) -> dict[str, int]:
    """A paper ticket's totals as :func:`ticket` and an imported file give
    them: every player at the table (however their names are typed), whole
    points, summing to zero; returns them by the names the table keeps."""
    if not isinstance(totals, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in totals.values()):
        raise ServiceError("totals must be each player's whole points", "totals")
    kept = {}
    for typed, points in totals.items():
        name = find_name(str(typed), names)
        if name is None:
            raise ServiceError(f"{str(typed)[:40]} isn't at table {table_number}", "totals")
        if not -MAX_TICKET_POINTS <= points <= MAX_TICKET_POINTS:
            raise ServiceError(f"A ticket's points are {MAX_TICKET_POINTS:,} at most either "
                               f"way ({name}'s are more)", "totals")
        kept[name] = points
    if sorted(kept) != sorted(names):
        raise ServiceError(f"Give the points of everyone at table {table_number}: "
                           + ", ".join(names), "totals")
    if sum(kept.values()) != 0:
        raise ServiceError(f"A ticket's points add up to zero (these add up to "
                           f"{sum(kept.values())})", "totals")
    return kept


def ticket(event: Event, session: int, table_number: int, totals: object,
           by: str | None = None, once: Once | None = None,
           seen: int | None = None, shown: int | None = None,
           signed: object = False, with_phone: object = False,
           source: Source | None = None) -> EventTicket:
    """A table's session totals from its paper ticket (each of its players,
    whole points, summing to zero): they stand instead of its hands as the
    page showed them (``shown``: the night's version).  The table's night
    changes too (it is done), so its phone and share page learn of it.
    ``signed``: every player signed the paper, so the table's result is
    signed in the same write (an event whose tables sign).  ``with_phone``:
    the phone died and the table finished on paper, so ``totals`` are what
    the paper adds to the hands the phone recorded (the ticket is both).
    ``source``: where the totals were read (a photo), said in the history and
    told of the ticket in the same write."""
    row = db.session.scalar(select(EventTable).filter_by(
        event_id=event.id, session=session, number=table_number))
    if row is None:
        raise NotFound(f"No table {table_number} in session {session}")
    night = db.session.get_one(GameTable, row.night_id)
    kept = check_totals(totals, [p.name for p in night.players], table_number)
    on_paper = signatures.check_signed(signed, event)
    if not isinstance(with_phone, bool):
        raise ServiceError("with_phone must be true (the totals add to the phone's hands) "
                           "or false", "with_phone")
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        if db.session.scalar(select(EventTicket).filter_by(event_table_id=row.id)) is not None:
            raise Conflict(f"Table {table_number} already has a ticket", "totals")
        writes.begin_night(night, EventWrite.SCORE, seen=shown,
                           stale=event_progress.table_changed(night, table_number, shown))
        joined = _with_phone(night, table_number, kept) if with_phone else ""
        made = EventTicket(event_table_id=row.id, totals=kept, by=by[:80] if by else None)
        db.session.add(made)
        row.done, row.opened = True, False
        said = (f"Paper ticket for session {session}, table {table_number}"
                + (f" ({source.words})" if source else "") + ": "
                + ", ".join(f"{n} {p:+d}" for n, p in kept.items()) + joined)
        if on_paper:
            db.session.flush()
            said += signatures.sign_on_paper(row, event, night, by)
        if source:
            db.session.flush()
            source.became(made)
        writes.audit_event(event.id, "ticket", said, by,
                           after={"photo": source.photo} if source else None)
        writes.audit_night(night, "ticket", said, by=by)
        work.remember(event, 201, {"session": session, "table": table_number, "totals": kept})
    return made


def _with_phone(night: GameTable, table_number: int, rest: dict[str, int]) -> str:
    """``rest`` (what the paper adds) turned into the table's totals with the
    hands its phone recorded, in place; the words the history adds."""
    state = TableState.load(night)
    hands = event_progress.deals_passed(state.night)
    if hands == 0:
        raise ServiceError(f"Table {table_number}'s phone recorded no hand: enter the "
                           "paper's totals", "totals")
    for name in rest:
        rest[name] += int(state.night.balances.get(name, 0))
    return f" (the phone's {hands} hand{'s' if hands != 1 else ''} and the paper's rest)"


def correction_reason(reason: object) -> str:
    """Why a ticket is corrected or withdrawn, as the history keeps it."""
    return checks.reason(reason) or ""


def _ticketed(event: Event, session: int, table_number: int
              ) -> tuple[EventTable, GameTable, EventTicket]:
    """The table, its night and the ticket that stands for it (inside the write)."""
    row = db.session.scalar(select(EventTable).filter_by(
        event_id=event.id, session=session, number=table_number))
    if row is None:
        raise NotFound(f"No table {table_number} in session {session}")
    found = db.session.scalar(select(EventTicket).filter_by(event_table_id=row.id))
    if found is None:
        raise NotFound(f"Table {table_number} of session {session} has no paper ticket: "
                       "enter one instead")
    return row, db.session.get_one(GameTable, row.night_id), found


@dataclass(frozen=True)
class Source:
    """Where a ticket's totals were read: the words the history says
    ("read from a photo, IMG_2041.jpg"), the photo's id it links, and what
    is told of the ticket inside the same write (the photo marked as it)."""

    words: str
    photo: int
    became: Callable[[EventTicket], None]


@dataclass(frozen=True)
class TicketShown:
    """A paper ticket as a page shows it: its totals, and the version its
    Correct and Withdraw forms name."""

    totals: dict[str, int]
    version: int


def session_tickets(event: Event, session: int) -> dict[int, TicketShown]:
    """The paper tickets standing for the session's tables, by table number."""
    return {number: TicketShown(dict(totals), version)
            for number, totals, version in db.session.execute(
        select(EventTable.number, EventTicket.totals, EventTicket.version)
        .join(EventTicket, EventTicket.event_table_id == EventTable.id)
        .where(EventTable.event_id == event.id, EventTable.session == session))}


def _said(totals: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {p:+d}" for n, p in totals.items())


def _as_shown(kept: EventTicket, table_number: int, shown: int | None) -> None:
    """A correction or withdrawal made on a page names the ticket's version it
    showed: one made before the ticket changed is refused, saying what it says now."""
    as_shown(kept.version, shown, lambda: (
        f"Table {table_number}'s ticket changed since this page showed it: it now says "
        f"{_said(kept.totals)}" + (f" ({kept.by}, {said_at(kept.at)})" if kept.by else "")
        + ". Check it and try again"), "totals")


def correct_ticket(event: Event, session: int, table_number: int, totals: object,
                   reason: object, by: str | None = None, once: Once | None = None,
                   seen: int | None = None, shown: int | None = None,
                   source: Source | None = None) -> EventTicket:
    """Replace a table's paper ticket (one misread, miscounted or entered at
    the wrong table) with ``totals``, saying why: the standings count the new
    totals at once, and the history keeps both, before and after.  Totals
    the same as the ticket's change nothing and are refused."""
    why = correction_reason(reason)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        row, night, kept = _ticketed(event, session, table_number)
        _as_shown(kept, table_number, shown)
        new = check_totals(totals, [p.name for p in night.players], table_number)
        before = dict(kept.totals)
        if new == before:
            raise Conflict(f"Table {table_number}'s ticket already says that ({_said(new)}): "
                           "nothing to correct", "totals", code=Code.UNCHANGED)
        writes.begin_night(night, EventWrite.SCORE)
        kept.totals, kept.by, kept.at = new, by[:80] if by else None, utcnow()
        kept.version += 1
        said = (f"Paper ticket for session {session}, table {table_number} corrected "
                f"({why}" + (f", {source.words}" if source else "")
                + f"): {_said(before)} → {_said(new)}")
        if source:
            source.became(kept)
        writes.audit_event(event.id, "ticket", said, by,
                           after={"before": before, "after": new, "reason": why,
                                  **({"photo": source.photo} if source else {})})
        writes.audit_night(night, "ticket", said, before={"totals": before},
                           after={"totals": new}, by=by)
        work.remember(event, 200, {"session": session, "table": table_number, "totals": new})
    return kept


def withdraw_ticket(event: Event, session: int, table_number: int, reason: object,
                    by: str | None = None, once: Once | None = None,
                    seen: int | None = None, shown: int | None = None) -> dict[str, int]:
    """Take a table's paper ticket back, saying why: its recorded hands count
    again and it is open for its phone until they are all in (the history
    keeps the ticket's totals).  Returns the totals withdrawn."""
    why = correction_reason(reason)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        row, night, kept = _ticketed(event, session, table_number)
        _as_shown(kept, table_number, shown)
        before = dict(kept.totals)
        writes.begin_night(night, EventWrite.SCORE)
        db.session.delete(kept)
        row.done = row.opened = False
        said = (f"Paper ticket for session {session}, table {table_number} withdrawn "
                f"({why}): its hands count again")
        writes.audit_event(event.id, "ticket", said, by,
                           after={"before": before, "after": None, "reason": why,
                                  "session": session, "table": table_number})
        writes.audit_night(night, "ticket", said, before={"totals": before}, by=by)
        work.remember(event, 200, {"session": session, "table": table_number,
                                  "withdrawn": before})
    return before


def mark_done(event: Event, session: int, table_number: int, done: object,
              by: str | None = None, once: Once | None = None,
              seen: int | None = None, shown: int | None = None) -> bool:
    """The director accepts a table's result for the session (``done``) or
    opens it again: its phone may score and correct its hands again, even
    a table that played them all (a hand past them is recorded only as an
    extra hand), until he says it is done.  A table with a paper ticket
    stays done (its totals stand: withdraw the ticket instead), and asking
    for what the table already is changes nothing and is refused; a page's
    form names the night's version it showed (``shown``).  The night
    changes too, so its phone and share page learn of it at once."""
    if not isinstance(done, bool):
        raise ServiceError("done must be true or false", "done")
    row = db.session.scalar(select(EventTable).filter_by(
        event_id=event.id, session=session, number=table_number))
    if row is None:
        raise NotFound(f"No table {table_number} in session {session}")
    night = db.session.get_one(GameTable, row.night_id)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        if not done and db.session.scalar(
                select(EventTicket.id).filter_by(event_table_id=row.id)) is not None:
            raise Conflict(f"Table {table_number} has a paper ticket: its totals stand "
                           "(withdraw the ticket to score its hands)", "done")
        state = TableState.load(night, cacheable=False)
        dealt = event_progress.deals_passed(state.night)
        due = event_progress.deals_due(event, len(state.players))
        if event_progress.is_done(row, dealt, due) == done:
            raise Conflict(f"Table {table_number} is already "
                           + ("done" if done else "open for its phone"), "done",
                           code=Code.UNCHANGED)
        writes.begin_night(night, EventWrite.SCORE, seen=shown,
                           stale=event_progress.table_changed(night, table_number, shown))
        row.done, row.opened = done, not done and dealt >= due
        said = (f"Table {table_number} of session {session} is "
                + ("done: its result stands" if done else "open again for its phone"))
        writes.audit_event(event.id, "done" if done else "undone", said, by)
        writes.audit_night(night, "done" if done else "undone", said, by=by)
        work.remember(event, 200, {"session": session, "table": table_number, "done": done})
    return done
