"""A player who withdraws in the middle of a session leaves his table at
once: from the next hand he is dealt out there (his points so far count),
the table's phone and history say so, and the director's page is told
in the same words.  Part of the withdrawal's write."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from scorekeeper.db.models import Event, EventPlayer, EventTable, GameTable, Player, db
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Conflict, writes
from scorekeeper.services.nights import roster
from scorekeeper.services.nights.state import TableState


@dataclass(frozen=True)
class Leaving:
    """A seat to leave: the table's row, its night and the seat."""

    row: EventTable
    night: GameTable
    seat: Player

    @property
    def words(self) -> str:
        return (f" and leaves table {self.row.number} of session {self.row.session}: dealt "
                "out from the next hand, their points so far count")

    def leave(self) -> str:
        """Deal him out (after the event's own history entry: the night's
        comes second); what the table is told."""
        writes.begin_night(self.night, EventWrite.REGISTER)
        return roster.leave(self.night, self.seat, TableState.load(self.night).rules.seats)


def seat_to_leave(event: Event, p: EventPlayer, session: int,
                  field: str = "after") -> Leaving | None:
    """``p``'s seat at his table of ``session`` in play, to leave from the
    next hand (None when he sits at no table of it in play: not drawn
    there, or his table is done; a table whose hands are all in has no
    next hand to deal him out of, and loses nothing)."""
    found = db.session.execute(
        select(EventTable, Player)
        .join(Player, Player.table_id == EventTable.night_id)
        .where(EventTable.event_id == event.id, EventTable.session == session,
               Player.name == p.name)).first()
    if found is None or found[0].done:
        return None
    row, seat = found
    if not seat.present:
        if field != "after":  # he left already: nothing more to leave
            return None
        raise Conflict(f"#{p.number} {p.name} has left table {row.number} already", field)
    return Leaving(row, db.session.get_one(GameTable, row.night_id), seat)
