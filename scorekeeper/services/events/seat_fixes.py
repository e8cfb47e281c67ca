"""A seat mistake mended after play: two players drawn at two tables each
sat at the other's table.  Once the session's hands are in, a swap can't
move them for the hands to come; the director says who really sat where,
and what was recorded follows: at each table every hand, payment and total
that named the one drawn there now names the one who sat there, and so do
its paper ticket and its signatures.  No hand is entered again; the event's
history and both tables' say it, with the reason, and the standings follow
(each night's points are read by name)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified

from scorekeeper.db.models import (
    Event,
    EventSession,
    EventTable,
    EventTicket,
    GameTable,
    TableSignature,
    db,
)
from scorekeeper.ledger import events as engine
from scorekeeper.policy.acl import Action, EventWrite
from scorekeeper.services import Conflict, ServiceError, checks, writes
from scorekeeper.services.events.draws import (
    DrawnSession,
    earlier_draws,
    seats_changed,
    session_started,
    session_tables,
)
from scorekeeper.services.nights.roster import rename_in_night
from scorekeeper.services.once import Once, earlier


def sat_elsewhere(event: Event, session: int, a: int, b: int, reason: object,
                  by: str | None = None, once: Once | None = None,
                  shown: str | None = None) -> dict[str, Any]:
    """Players ``a`` and ``b``, drawn at two tables of ``session``, sat at
    each other's: the seats and everything recorded there follow (see the
    module).  ``reason`` is said in the history; ``shown`` is the seats the
    page showed.  Before the session's first hand it is a swap instead.
    Returns what was done in words and the session's tables now."""
    why = checks.reason(reason)
    if not why:
        raise ServiceError("Say what happened (e.g. \"they sat at each other's tables\")",
                           "reason")
    with writes.unit(once) as work:
        first = earlier(once)
        if first is not None:
            work.cancel()
            return dict(first.response)
        writes.begin_event(event.id, EventWrite.DRAW)
        drawn = session_tables(event, session)
        seats_changed(event, drawn, shown)
        at = {n: t for t in drawn.tables for n in t.numbers}
        if a not in at or b not in at or a == b:
            raise ServiceError(f"Name two players seated in session {session}", "players")
        if not session_started(event, session):
            raise Conflict(f"Session {session} hasn't started: swap them instead", "players")
        ta, tb = at[a], at[b]
        if ta.number == tb.number:
            raise Conflict(f"#{a} and #{b} sit at one table, table {ta.number}: the hands "
                           "name who played them, so nothing moves", "players")
        name_a, name_b = ta.players[ta.numbers.index(a)], tb.players[tb.numbers.index(b)]
        said = (f"Session {session}: #{a} {name_a} played table {tb.number}'s seat and "
                f"#{b} {name_b} table {ta.number}'s; the recorded hands follow them ({why})")
        writes.audit_event(event.id, "seat fix", said, by)
        for table, drawn_there, sat_there in ((ta, name_a, name_b), (tb, name_b, name_a)):
            _follow(event, session, table.number, drawn_there, sat_there, said, by)
        row = db.session.scalars(select(EventSession).filter_by(event_id=event.id,
                                                                number=session)).one()
        row.repeated_pairs = engine.repeated_pairs(
            engine.swap(tuple(t.numbers for t in drawn.tables), a, b),
            earlier_draws(event, session))
        db.session.flush()
        after = _answer(said, session_tables(event, session))
        work.remember(event, 200, after)
    return after


def _answer(said: str, drawn: DrawnSession) -> dict[str, Any]:
    return {"said": said, "tables": [{"number": t.number, "players": list(t.players),
                                      "numbers": list(t.numbers)} for t in drawn.tables]}


def _follow(event: Event, session: int, number: int, drawn_there: str, sat_there: str,
            said: str, by: str | None) -> None:
    """At table ``number``, what named ``drawn_there`` names ``sat_there``."""
    row = db.session.scalars(select(EventTable).filter_by(
        event_id=event.id, session=session, number=number)).one()
    night = db.session.get_one(GameTable, row.night_id)
    writes.begin_night(night, Action.ROSTER)
    if any(p.name == sat_there for p in night.players):
        raise Conflict(f"{sat_there} is at table {number} already", "players")
    rename_in_night(night, drawn_there, sat_there)
    ticket = db.session.scalar(select(EventTicket).filter_by(event_table_id=row.id))
    if ticket is not None and drawn_there in ticket.totals:
        ticket.totals = {sat_there if n == drawn_there else n: p
                         for n, p in ticket.totals.items()}
        flag_modified(ticket, "totals")
    for signed in db.session.scalars(select(TableSignature).filter_by(
            event_table_id=row.id, name=drawn_there)):
        signed.name = sat_there
    writes.audit_night(night, "seat fix", said, by=by)
