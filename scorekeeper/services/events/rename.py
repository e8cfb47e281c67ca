"""A registered player renamed (a name misspelled at registration): his
number stays, and every place the event keeps his name follows in one
write: his seat at each of his tables, the hands and paper tickets that
name him, so the seat lists, the big screen, the standings, the prints,
the seat finder and the export all say the new name.  The history keeps
the old name and the new.
"""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.db.models import (
    Event,
    EventPlayer,
    EventTable,
    EventTicket,
    GameTable,
    Player,
    db,
)
from scorekeeper.names import LookAlikes, Namesakes, looks_like, name_key
from scorekeeper.policy.acl import EventWrite
from scorekeeper.services import Code, Conflict, ServiceError, writes
from scorekeeper.services.events.event import LikelySame, clean_entry, player, player_as_shown
from scorekeeper.services.nights.roster import rename_in_night
from scorekeeper.services.once import Once


def rename_player(event: Event, number: object, name: object, *, same_name_ok: bool = False,
                  by: str | None = None, once: Once | None = None,
                  seen: int | None = None, shown: int | None = None) -> EventPlayer:
    """Call player ``number`` ``name`` from now on, everywhere the event
    keeps it.  A name another player has (however it is typed) or one that
    looks just like another's is refused; one that may be another registered
    player's under another spelling is :class:`LikelySame` unless
    ``same_name_ok``; the name he has already changes nothing and is refused.
    A page's form names his version it showed (``shown``)."""
    if not isinstance(name, str):
        raise ServiceError("Give the player's new name", "name")
    new, _ = clean_entry(name, None, "name")
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REGISTER, seen=seen)
        renamed = player(event, number)
        player_as_shown(renamed, shown)
        old = renamed.name
        if new == old:
            raise Conflict(f"#{renamed.number} is called {old} already", "name",
                           code=Code.UNCHANGED)
        others = [p for p in event.players if p.number != renamed.number]
        _check_free(others, new, renamed.number, same_name_ok)
        nights = db.session.scalars(
            select(GameTable).join(Player, Player.table_id == GameTable.id)
            .where(GameTable.event_id == event.id, Player.name == old)
            .order_by(GameTable.id)).all()
        said = f"#{renamed.number} {old} is called {new} from now on"
        # the event's entry first: each night's entry would stand for it otherwise
        writes.audit_event(event.id, "rename", said, by,
                           after={"number": renamed.number, "before": old, "after": new})
        for night in nights:
            writes.begin_night(night, EventWrite.REGISTER)
            rename_in_night(night, old, new)
            writes.audit_night(night, "rename", said, before={"name": old},
                               after={"name": new}, by=by)
        for ticket in db.session.scalars(
                select(EventTicket).join(EventTable, EventTable.id == EventTicket.event_table_id)
                .where(EventTable.event_id == event.id)):
            if old in ticket.totals:
                ticket.totals = {new if n == old else n: v for n, v in ticket.totals.items()}
        renamed.name = new
        renamed.version += 1
        work.remember(event, 200, {"number": renamed.number, "name": new, "was": old})
    return renamed


def _check_free(others: list[EventPlayer], new: str, number: int, same_name_ok: bool) -> None:
    """Refuse ``new`` when another player has it, or a name that looks just
    like it; ask when it may be another player's under another spelling."""
    looks = LookAlikes()
    met = Namesakes()
    for p in others:
        if name_key(p.name) == name_key(new):
            raise Conflict(f"#{p.number} is called {p.name}: give #{number} another name "
                           "(add an initial)", "name")
        looks.add(p.name)
        met.add(p.name, f"#{p.number} {p.name}")
    twin = looks.twin(new)
    if twin is not None:
        raise Conflict(looks_like(new, twin), "name")
    same = met.twin(new)
    if same is not None and not same_name_ok:
        raise LikelySame([(new, same)])
