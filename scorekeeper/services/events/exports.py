"""A whole event as one JSON file, and importing that file: its settings and
frozen rules, its players (numbers, contacts, check-in, late arrival,
withdrawal), each drawn session (seed, byes) with its tables, each table's
night as a night's own export (:func:`scorekeeper.services.nights.exports.export_table`:
its seats and every hand in the export's hand encoding, its history), its
paper ticket, the penalties, whether the event is finished and its history
(:mod:`scorekeeper.services.events.history`).  No token
and no code: an import gets new ones.

An import is checked in full first (:mod:`scorekeeper.services.events.import_checks`:
every hand replayed under the event's rules), so a bad file creates nothing;
then the event, its players, sessions, nights, tickets and penalties are
written in one commit.  Its standings are those of the file's event: they
are worked out from the same hands, tickets and penalties.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventSession,
    EventTable,
    EventTicket,
    GameTable,
    TableSignature,
    db,
)
from scorekeeper.moments import iso
from scorekeeper.services.events import history
from scorekeeper.services.events.event import build_event
from scorekeeper.services.events.import_checks import (
    FORMAT,
    CheckedDraw,
    CheckedEvent,
    check_event,
)
from scorekeeper.services.events.penalties import withdrawal
from scorekeeper.services.nights import exports
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import build_table
from scorekeeper.services.once import Once, earlier, made
from scorekeeper.services.writes import audit_created, unit


def export_event(event: Event) -> dict[str, Any]:
    """The event as JSON-ready data; :func:`import_event` reads it back."""
    numbers = {p.id: p.number for p in event.players}
    return {
        "format": FORMAT, "name": event.name, "played_on": event.played_on.isoformat(),
        "preset": event.preset, "rules": dict(event.rules), "sessions": event.sessions,
        "rounds": event.rounds, "hands": event.hands, "entry_cents": event.entry_cents,
        "places": list(event.places), "session_high": event.session_high,
        "share": event.share, "tie_breaks": list(event.tie_breaks), "odd": event.odd,
        "signatures": event.signatures, "prize_plan": event.prize_plan,
        **({"side_draws": event.side_draws} if event.side_draws else {}),
        "created_at": iso(event.created_at), "finished_at": iso(event.finished_at),
        "players": [{"number": p.number, "name": p.name, "contact": p.contact,
                     "checked_in": p.checked_in, "from_session": p.from_session,
                     "withdrawn_after": p.withdrawn_after,
                     **({"side_pots": list(p.side_pots)} if p.side_pots else {}),
                     **({"duplicate_of": p.duplicate_of} if p.duplicate_of else {})}
                    for p in event.players],
        "draws": _draws(event),
        "penalties": [{"number": numbers[p.player_id], "session": p.session,
                       "points": p.points, "reason": p.reason, "by": p.by, "at": iso(p.at),
                       "withdrawn": gone.to_json() if (gone := withdrawal(p)) else None}
                      for p in db.session.scalars(select(EventPenalty).filter_by(
                          event_id=event.id).order_by(EventPenalty.id))],
        "history": history.exported(event),
    }


def _draws(event: Event) -> list[dict[str, Any]]:
    """Each drawn session with its tables, each table's night exported whole."""
    rows = list(db.session.scalars(select(EventTable).filter_by(event_id=event.id)
                                   .order_by(EventTable.session, EventTable.number)))
    tickets = {t.event_table_id: t for t in db.session.scalars(
        select(EventTicket).where(EventTicket.event_table_id.in_([r.id for r in rows])))}
    nights = {n.id: n for n in db.session.scalars(
        select(GameTable).where(GameTable.event_id == event.id))}
    signed: dict[int, list[dict[str, Any]]] = {}
    for s in db.session.scalars(select(TableSignature).where(
            TableSignature.event_table_id.in_([r.id for r in rows]))
            .order_by(TableSignature.id)):
        signed.setdefault(s.event_table_id, []).append({
            "seat": s.seat, "name": s.name, "agrees": s.agrees, "totals": list(s.totals),
            "note": s.note, "by": s.by, "at": iso(s.at)})
    found = []
    for drawn in db.session.scalars(select(EventSession).filter_by(event_id=event.id)
                                    .order_by(EventSession.number)):
        tables = []
        for row in (r for r in rows if r.session == drawn.number):
            ticket = tickets.get(row.id)
            tables.append({
                "number": row.number, "done": row.done, "opened": row.opened,
                "ticket": None if ticket is None else {
                    "totals": dict(ticket.totals), "by": ticket.by, "at": iso(ticket.at)},
                "signatures": signed.get(row.id, []),
                "night": exports.export_table(TableState.load(nights[row.night_id]))})
        found.append({"session": drawn.number, "seed": drawn.seed,
                      "repeated_pairs": drawn.repeated_pairs, "byes": list(drawn.byes),
                      "tables": tables})
    return found


def export_json(event: Event) -> str:
    """:func:`export_event` as a compact UTF-8 file."""
    return json.dumps(export_event(event), ensure_ascii=False, separators=(",", ":"))


def import_event(data: object, label: str = "Director", once: Once | None = None
                 ) -> tuple[Event, str | None]:
    """Recreate an exported event, in one commit; returns it and the new
    director token (a repeated request, ``once``: the event it made and no
    token).  Each table gets a new night with a new edit grant; its codes
    are made when the director prints its card or asks for a new one."""
    checked = check_event(data)
    with unit(once) as work:
        before = made(earlier(once), Event)
        if before is not None:
            return before, None
        event, token = build_event(checked.plan, checked.preset, checked.rules, label)
        _fill(event, checked)
        work.remember(event, 201)
    twin = made(work.twin, Event)
    return (twin, None) if twin is not None else (event, token)


def _fill(event: Event, checked: CheckedEvent) -> None:
    """Write the checked players, draws and penalties onto a new event."""
    if checked.created_at is not None:
        event.owner.created_at = checked.created_at
    history.bring_back(event, checked.history)
    event.finished_at = checked.finished_at
    event.side_draws = dict(checked.side_draws) or None
    players = {p.number: EventPlayer(number=p.number, name=p.name, contact=p.contact,
                                     checked_in=p.checked_in, from_session=p.from_session,
                                     withdrawn_after=p.withdrawn_after,
                                     side_pots=list(p.side_pots) or None,
                                     duplicate_of=p.duplicate_of)
               for p in checked.players}
    event.players.extend(sorted(players.values(), key=lambda p: p.number))
    for draw in checked.draws:
        _write_draw(event, checked, draw)
    db.session.flush()
    for pen in checked.penalties:
        gone = pen.withdrawn
        db.session.add(EventPenalty(event_id=event.id, player_id=players[pen.number].id,
                                    session=pen.session, points=pen.points,
                                    reason=pen.reason, by=pen.by,
                                    **({"at": pen.at} if pen.at else {}),
                                    withdrawn_at=gone.at if gone else None,
                                    withdrawn_by=gone.by if gone else None,
                                    withdrawn_why=gone.why if gone else None))


def _write_draw(event: Event, checked: CheckedEvent, draw: CheckedDraw) -> None:
    """One drawn session: its row, and each table as a new night of the event."""
    db.session.add(EventSession(event_id=event.id, number=draw.session, seed=draw.seed,
                                repeated_pairs=draw.repeated_pairs, byes=draw.byes))
    for table in draw.tables:
        night_file = table.night
        night, _ = build_table(night_file.name, night_file.players, checked.preset,
                               checked.rules, 0, f"Table {table.number}", event_id=event.id)
        exports.fill(night, night_file)
        night.played_on = night_file.played_on or event.played_on
        row = EventTable(event_id=event.id, session=draw.session, number=table.number,
                         night_id=night.id, done=table.done, opened=table.opened)
        db.session.add(row)
        db.session.flush()
        for s in table.signatures:
            db.session.add(TableSignature(event_table_id=row.id, seat=s.seat, name=s.name,
                                          agrees=s.agrees, totals=s.totals, note=s.note,
                                          by=s.by, **({"at": s.at} if s.at else {})))
        if table.ticket is not None:
            db.session.add(EventTicket(event_table_id=row.id, totals=table.ticket.totals,
                                       by=table.ticket.by,
                                       **({"at": table.ticket.at} if table.ticket.at else {})))
        audit_created(night, "import", f"Imported with the event {event.name} "
                      f"({len(night_file.hands)} hands)")
