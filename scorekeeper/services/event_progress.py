"""A tournament table's progress in its session: how many hands it plays,
how far it is, whether it is done and why, and who may join it mid-session.
Asked by the night's owner hooks (:mod:`scorekeeper.services.owners`) and by
the standings (:mod:`scorekeeper.services.event_scores`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.db.models import Event, EventTable, EventTicket, GameTable, Player, db
from scorekeeper.services import ServiceError
from scorekeeper.services.events import plays_in
from scorekeeper.services.state import TableState


def hands_due(table: GameTable) -> int | None:
    """The hands a table of an event plays in its session: rounds of the
    deal × players at it (at 4 rounds, 20 at five, 24 at six); None for a
    night that isn't an event's (no event has it)."""
    rounds = db.session.scalar(select(Event.rounds).where(Event.id == table.event_id))
    return None if rounds is None else rounds * len(table.players)


def table_stage(state: TableState) -> tuple[bool, str | None]:
    """Whether the night's event is finished, and why the table is done for
    its session (None: not done).  One query, asked on every request that
    touches a tournament table's night (a night of no event: not done)."""
    row = db.session.execute(
        select(EventTable.number, EventTable.done, Event.rounds, Event.finished_at,
               select(EventTicket.id).where(EventTicket.event_table_id == EventTable.id)
               .exists().label("ticket"))
        .join(Event, Event.id == EventTable.event_id)
        .where(EventTable.night_id == state.table.id)).first()
    if row is None:
        return False, None
    finished = row.finished_at is not None
    if row.done or row.ticket or len(state.hand_ids) >= row.rounds * len(state.players):
        return finished, (f"Table {row.number} is done for this session: "
                          "corrections are the director's")
    return finished, None


def check_joiner(night: GameTable, name: str) -> None:
    """Refuse a player joining a tournament table mid-session unless they are
    registered, play this session and sit at no other of its tables: the
    standings key a session's points by name, so an outsider or a player
    seated twice would take or overwrite someone's result."""
    row = db.session.scalar(select(EventTable).filter_by(night_id=night.id))
    if row is None:
        return
    event = db.session.get_one(Event, row.event_id)
    player = next((p for p in event.players if p.name == name), None)
    if player is None or not plays_in(player, row.session):
        raise ServiceError(f"{name} isn't a player of {event.name} in session {row.session}: "
                           "register and check them in first", "name")
    others = select(EventTable.night_id).where(EventTable.event_id == event.id,
                                               EventTable.session == row.session,
                                               EventTable.night_id != night.id)
    elsewhere = db.session.scalar(
        select(EventTable.number).join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.night_id.in_(others), Player.name == name).limit(1))
    if elsewhere is not None:
        raise ServiceError(f"{name} already sits at table {elsewhere} in session "
                           f"{row.session}: move them with a swap", "name")



@dataclass(frozen=True)
class Progress:
    """One table of a session: hands recorded of hands due, and done."""

    session: int
    number: int
    night: int
    hands: int
    due: int
    done: bool
    ticket: bool



def table_points(row: EventTable, tickets: Mapping[int, dict[str, int]], rounds: int,
                  night: GameTable) -> tuple[dict[str, int], Progress]:
    # The roster and the night come from what is kept per night version, so
    # a table that didn't change since the last work-out reads nothing more.
    state = TableState.load(night)
    due = rounds * len(state.players)
    if row.id in tickets:
        return tickets[row.id], Progress(row.session, row.number, row.night_id, due, due,
                                         True, True)
    hands = len(state.hand_ids)
    return dict(state.night.balances), Progress(row.session, row.number, row.night_id,
                                                hands, due, row.done or hands >= due, False)


