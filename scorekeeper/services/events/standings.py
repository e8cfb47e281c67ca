"""An event's standings (ranks, session highs, prizes, each table's
progress), worked out once per event version with the engine
(:mod:`scorekeeper.ledger.event_standings`) from the event's rows read once."""

from __future__ import annotations

from dataclasses import dataclass, fields

from sqlalchemy import select
from sqlalchemy.orm import defer

from scorekeeper.db.engine import writing
from scorekeeper.db.models import (
    Event,
    EventPenalty,
    EventPlayer,
    EventTable,
    EventTicket,
    GameTable,
    db,
)
from scorekeeper.ledger import event_standings as standing
from scorekeeper.services import caches
from scorekeeper.services.events import progress as event_progress
from scorekeeper.services.events.plan import prize_plan_of
from scorekeeper.services.events.progress import Progress
from scorekeeper.services.nights.state import TableState


@dataclass(frozen=True)
class EventStandings(standing.Standings):
    """The event at one version: the pure standings (ranked, highs, prizes,
    plan, ``started``, ``seats``) with the version they were worked out at,
    each table's progress and the event's tie-breaks.  ``prizes`` are who
    would win what if the event ended now (final once the director finishes it)."""

    version: int
    tables: tuple[Progress, ...]
    tie_breaks: tuple[str, ...]

    @property
    def all_done(self) -> bool:
        """Every table drawn so far is done (and at least one is drawn)."""
        return bool(self.tables) and all(t.done for t in self.tables)


#: Standings by (view token, version): worked out once per event version.
KEPT: caches.Recent[tuple[str, int], EventStandings] = caches.register(
    "event_standings", caches.Recent(256))


def standings(event: Event) -> EventStandings:
    """The event's standings at its version, kept for the requests that follow."""
    key = (event.view_token, event.version)
    found = KEPT.get(key)
    if found is None:
        found = _work_out(event)
        if not writing(db.session):
            KEPT.put(key, found)
    return found


def _work_out(event: Event) -> EventStandings:
    """Read the event's rows once and hand them to the pure standings."""
    rows = list(db.session.scalars(select(EventTable).filter_by(event_id=event.id)
                                   .order_by(EventTable.session, EventTable.number)))
    tickets = {t.event_table_id: t.totals for t in db.session.scalars(
        select(EventTicket).where(EventTicket.event_table_id.in_([r.id for r in rows])))}
    # A table's rules are read only when its roster isn't kept (TableState.load).
    nights = {n.id: n for n in db.session.scalars(
        select(GameTable).where(GameTable.event_id == event.id)
        .options(defer(GameTable.rules)))}
    points: dict[tuple[str, int], int] = {}
    first_seat: dict[str, tuple[int, int, int]] = {}
    progress = []
    for row in rows:
        night = nights[row.night_id]
        got, shown = event_progress.table_points(row, tickets, event, night)
        progress.append(shown)
        for name, p in got.items():
            points[name, row.session] = p
        for seat, name in enumerate(TableState.load(night).players, start=1):
            first_seat.setdefault(name, (row.session, row.number, seat))
    fined: dict[int, int] = {}
    fined_in: dict[tuple[int, int], int] = {}
    for pen in db.session.scalars(select(EventPenalty).filter_by(event_id=event.id,
                                                                 withdrawn_at=None)):
        fined[pen.player_id] = fined.get(pen.player_id, 0) + pen.points
        key = (pen.player_id, pen.session)
        fined_in[key] = fined_in.get(key, 0) + pen.points
    # plain tuples (id, number, name, checked in): a thousand players are read
    # by position, not by a result row's names
    rows_read = list(db.session.execute(
        select(EventPlayer.id, EventPlayer.number, EventPlayer.name, EventPlayer.checked_in,
               EventPlayer.withdrawn_after, EventPlayer.from_session, EventPlayer.side_pots)
        .where(EventPlayer.event_id == event.id, EventPlayer.duplicate_of.is_(None))
        .order_by(EventPlayer.number)))
    registered = tuple((row[0], row[1], row[2], row[3]) for row in rows_read)
    plan = prize_plan_of(event)
    field = standing.Field(
        event.sessions, tuple(event.tie_breaks), event.entry_cents, tuple(event.places),
        event.session_high, event.share, registered, points, first_seat, fined,
        frozenset(t.session for t in progress if t.ticket or t.hands > 0),
        plan, frozenset(row[1] for row in rows_read if row[4] is not None),
        frozenset(row[1] for row in rows_read if row[5] > 1), fined_in,
        {pot.key: frozenset(row[1] for row in rows_read if pot.key in (row[6] or ()))
         for pot in plan.side_pots},
        {key: tuple(drawn["order"]) for key, drawn in (event.side_draws or {}).items()})
    done = standing.work_out(field)
    return EventStandings(**{f.name: getattr(done, f.name) for f in fields(done)},
                          version=event.version, tables=tuple(progress),
                          tie_breaks=field.tie_breaks)
