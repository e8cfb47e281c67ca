"""Penalties to one player of an event: given by a director (points off,
nobody else gains them), listed with who gave them, and withdrawn on the
record (who, when, why), never deleted; a penalty given from a page that
didn't show one given to the same player since is refused, saying so."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from scorekeeper.db.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventTable,
    Player,
    db,
    utcnow,
)
from scorekeeper.ledger.words import plural
from scorekeeper.limits import MAX_EVENT_PENALTIES, MAX_EVENT_PENALTY
from scorekeeper.moments import iso, said_at
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, Stale, checks, writes
from scorekeeper.services.events.event import player
from scorekeeper.services.once import Once, earlier


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


def newest(event: Event) -> int:
    """The id of the event's newest penalty (0 before its first): what a
    page showing its penalties names in its penalty form."""
    return int(db.session.scalar(select(func.max(EventPenalty.id))
                                 .filter_by(event_id=event.id)) or 0)


def penalty(event: Event, number: int, session: int, points: object, reason: object,
            by: str | None = None, once: Once | None = None,
            seen: int | None = None, shown: int | None = None) -> PenaltyLine:
    """Take ``points`` off one player seated in ``session`` (nobody else gains
    them): a player not drawn to a table in it (a bye, a withdrawal, a later
    walk-in, a session not drawn) takes none.  From a page that showed the
    penalties up to ``shown`` (:func:`newest`), one given to the same player
    in that session since is named and this one refused: two directors
    seeing one offence give one penalty, unless the second sends it again."""
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
        _none_since(event, who, session, shown, once)
        row = EventPenalty(event_id=event.id, player_id=who.id, session=session,
                           points=points, reason=kept, by=by[:80] if by else None)
        db.session.add(row)
        db.session.flush()
        writes.audit_event(event.id, "penalty", f"Penalty: {plural(points, 'point')} off "
                           f"#{who.number} {who.name} in session {session} ({row.reason})", by)
        made = _line(row, who)
        work.remember(event, 201, made.to_json())
    return made


def _none_since(event: Event, who: EventPlayer, session: int, shown: int | None,
                once: Once | None) -> None:
    """Refuse a penalty to ``who`` from a page that didn't show the one he
    was given in ``session`` since (withdrawn ones aside); a form sent twice
    is the one penalty it gave, not a stale one."""
    if shown is None or earlier(once) is not None:
        return
    since = db.session.scalar(select(EventPenalty).filter_by(
        event_id=event.id, player_id=who.id, session=session, withdrawn_at=None)
        .where(EventPenalty.id > shown).order_by(EventPenalty.id))
    if since is not None:
        raise Stale(f"Meanwhile #{who.number} {who.name} was given "
                    f"{plural(since.points, 'point')} off in session {session} ({since.reason})"
                    + (f" by {since.by}" if since.by else "")
                    + ": this penalty was not given. Send it again to give it too.", "penalties")


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
