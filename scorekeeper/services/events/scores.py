"""An event's scores: penalties to one player, a table's paper ticket, a
table accepted as done or opened again.  The standings they make are
:mod:`.standings`' (also read from here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from scorekeeper.db.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventTable,
    EventTicket,
    GameTable,
    Player,
    db,
    utcnow,
)
from scorekeeper.ledger.words import plural
from scorekeeper.limits import (
    MAX_EVENT_PENALTIES,
    MAX_EVENT_PENALTY,
    MAX_TICKET_POINTS,
)
from scorekeeper.moments import iso, said_at
from scorekeeper.names import find_name
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, checks, writes
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events.event import player
from scorekeeper.services.events.standings import EventStandings as EventStandings
from scorekeeper.services.events.standings import standings as standings
from scorekeeper.services.made_on import as_shown
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once

# --- penalties and tickets -----------------------------------------------------------

def penalty_points(points: object) -> int:
    """A penalty's points as the form, the API and an imported file give them."""
    if isinstance(points, bool) or not isinstance(points, int) \
            or not 0 < points <= MAX_EVENT_PENALTY:
        raise ServiceError(f"A penalty is 1 to {MAX_EVENT_PENALTY} points", "points")
    return points


def check_penalty(sessions: int, session: object, points: object, reason: object
                  ) -> tuple[int, str]:
    """A penalty's session (of an event of ``sessions``), points and reason
    as :func:`penalty` and an imported file give them; returns the points
    and the reason as kept."""
    points = penalty_points(points)
    said = checks.reason(reason) or ""
    if isinstance(session, bool) or not isinstance(session, int) \
            or not 1 <= session <= sessions:
        raise ServiceError(f"The session must be 1 to {sessions}", "session")
    return points, said


def seated_in(event: Event, session: int) -> set[str]:
    """The names seated at the session's tables (its players, not its byes)."""
    return set(db.session.scalars(
        select(Player.name).join(EventTable, EventTable.night_id == Player.table_id)
        .where(EventTable.event_id == event.id, EventTable.session == session)))


@dataclass(frozen=True)
class Withdrawal:
    """Who took a penalty back, when and why (``why`` may be unsaid)."""

    by: str | None
    at: datetime
    why: str | None

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "at": iso(self.at), "why": self.why}


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty as the director's page and the API list it: standing, or
    withdrawn (then it counts for nothing, and says who withdrew it)."""

    id: int
    number: int
    name: str
    session: int
    points: int
    reason: str
    by: str | None
    at: datetime
    withdrawn: Withdrawal | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "number": self.number, "name": self.name,
                "session": self.session, "points": self.points, "reason": self.reason,
                "by": self.by, "at": iso(self.at),
                "withdrawn": self.withdrawn.to_json() if self.withdrawn else None}


def withdrawal(row: EventPenalty) -> Withdrawal | None:
    """A penalty's withdrawal as it is kept, if it was withdrawn."""
    if row.withdrawn_at is None:
        return None
    return Withdrawal(row.withdrawn_by, row.withdrawn_at, row.withdrawn_why)


def _line(row: EventPenalty, who: EventPlayer) -> PenaltyLine:
    return PenaltyLine(row.id, who.number, who.name, row.session, row.points, row.reason,
                       row.by, row.at, withdrawal(row))


def penalties(event: Event) -> list[PenaltyLine]:
    """The event's penalties, oldest first, each with its player (the
    withdrawn ones too, saying so)."""
    return [_line(row, who) for row, who in db.session.execute(
        select(EventPenalty, EventPlayer).join(EventPlayer,
                                               EventPlayer.id == EventPenalty.player_id)
        .where(EventPenalty.event_id == event.id).order_by(EventPenalty.id)).all()]


def penalty(event: Event, number: int, session: int, points: object, reason: object,
            by: str | None = None, once: Once | None = None,
            seen: int | None = None) -> PenaltyLine:
    """Take ``points`` off one player seated in ``session`` (nobody else gains
    them): a player not drawn to a table in it (a bye, a withdrawal, a later
    walk-in, a session not drawn) takes none."""
    points, kept = check_penalty(event.sessions, session, points, reason)
    who = player(event, number)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        if who.name not in seated_in(event, session):
            raise ServiceError(f"#{who.number} {who.name} has no seat in session {session}: "
                               "a penalty goes to a player at one of its tables", "number")
        # the withdrawn ones too: the event keeps them
        if (db.session.scalar(select(func.count()).select_from(EventPenalty)
                              .filter_by(event_id=event.id)) or 0) >= MAX_EVENT_PENALTIES:
            raise ServiceError(f"An event keeps at most {MAX_EVENT_PENALTIES:,} penalties",
                               "points")
        row = EventPenalty(event_id=event.id, player_id=who.id, session=session,
                           points=points, reason=kept, by=by[:80] if by else None)
        db.session.add(row)
        db.session.flush()
        writes.audit_event(event.id, "penalty", f"Penalty: {plural(points, 'point')} off "
                           f"#{who.number} {who.name} in session {session} ({row.reason})", by)
        made = _line(row, who)
        work.remember(event, 201, made.to_json())
    return made


def withdrawal_reason(why: object) -> str | None:
    """Why a penalty is withdrawn, as it is kept (it may go unsaid)."""
    return checks.reason(why, said=False)


def withdraw_penalty(event: Event, penalty_id: int, by: str | None = None,
                     once: Once | None = None, seen: int | None = None,
                     why: object = None) -> PenaltyLine:
    """Take a penalty back (its points count again): it stays listed as
    withdrawn, by whom, when and why.  One already withdrawn is refused,
    saying so: a stale page or a repeated request changes nothing."""
    said_why = withdrawal_reason(why)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        row = db.session.scalar(select(EventPenalty).filter_by(id=penalty_id,
                                                               event_id=event.id))
        if row is None:
            raise NotFound(f"No penalty {penalty_id} in this event")
        who = db.session.get_one(EventPlayer, row.player_id)
        if (done := withdrawal(row)) is not None:
            raise Conflict(f"The penalty to #{who.number} {who.name} ({row.reason}) was "
                           f"already withdrawn{f' by {done.by}' if done.by else ''}, "
                           f"{said_at(done.at)}: nothing to withdraw", "penalty",
                           code=Code.UNCHANGED)
        row.withdrawn_at, row.withdrawn_by = utcnow(), by[:80] if by else None
        row.withdrawn_why = said_why
        gone = _line(row, who)
        writes.audit_event(event.id, "unpenalty", "Penalty withdrawn: "
                           f"{plural(gone.points, 'point')} back to #{gone.number} {gone.name} "
                           f"in session {gone.session} "
                           f"({gone.reason})" + (f": {said_why}" if said_why else ""), by)
        work.remember(event, 200, gone.to_json())
    return gone


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
           seen: int | None = None, shown: int | None = None) -> EventTicket:
    """A table's session totals from its paper ticket (each of its players,
    whole points, summing to zero): they stand instead of its hands as the
    page showed them (``shown``: the night's version).  The table's night
    changes too (it is done), so its phone and share page learn of it."""
    row = db.session.scalar(select(EventTable).filter_by(
        event_id=event.id, session=session, number=table_number))
    if row is None:
        raise NotFound(f"No table {table_number} in session {session}")
    night = db.session.get_one(GameTable, row.night_id)
    kept = check_totals(totals, [p.name for p in night.players], table_number)
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.SCORE, seen=seen)
        if db.session.scalar(select(EventTicket).filter_by(event_table_id=row.id)) is not None:
            raise Conflict(f"Table {table_number} already has a ticket", "totals")
        writes.begin_night(night, EventWrite.SCORE, seen=shown,
                           stale=event_progress.table_changed(night, table_number, shown))
        made = EventTicket(event_table_id=row.id, totals=kept, by=by[:80] if by else None)
        db.session.add(made)
        row.done, row.opened = True, False
        said = (f"Paper ticket for session {session}, table {table_number}: "
                + ", ".join(f"{n} {p:+d}" for n, p in kept.items()))
        writes.audit_event(event.id, "ticket", said, by)
        writes.audit_night(night, "ticket", said, by=by)
        work.remember(event, 201, {"session": session, "table": table_number, "totals": kept})
    return made


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
                   seen: int | None = None, shown: int | None = None) -> EventTicket:
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
                f"({why}): {_said(before)} → {_said(new)}")
        writes.audit_event(event.id, "ticket", said, by,
                           after={"before": before, "after": new, "reason": why})
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
