"""Payment handles: saving one on a night's player or on a group member (one
audited write each), the handle each player of a night is paid at (their
own for the night, else their group member's), and the one-tap links of a
settle-up's payments.

Handles are for the scorekeeper's pages only: the share pages, the big
screen, the API and the exports never read them (a test walks them all).
The handles and links themselves are :mod:`scorekeeper.ledger.pay`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.db.models import GameTable, Group, Member, Player
from scorekeeper.ledger.pay import HandleError, PayHandle, PayLink, pay_link, pay_note
from scorekeeper.ledger.settle import Transfer
from scorekeeper.limits import QUOTED
from scorekeeper.names import find_name
from scorekeeper.policy.acl import Action
from scorekeeper.services import Code, Conflict, ServiceError
from scorekeeper.services.registry import owner_of
from scorekeeper.services.writes import audit_group, audit_night, begin_group, begin_night, unit


@dataclass(frozen=True)
class Handles:
    """A player's handle for a night: their own, and their group member's
    (which they are paid at unless they have their own)."""

    own: PayHandle | None
    member: PayHandle | None

    @property
    def used(self) -> PayHandle | None:
        return self.own or self.member


def _of(row: Player | Member | None) -> PayHandle | None:
    return None if row is None else PayHandle.stored(row.pay_service, row.pay_handle)


def _members(table: GameTable) -> list[Member]:
    return owner_of(table).members()


def _member(members: Sequence[Member], name: str) -> Member | None:
    found = find_name(name, [m.name for m in members])
    return next((m for m in members if m.name == found), None)


def night_handles(table: GameTable) -> dict[str, Handles]:
    """Each player's handles for the night, by name."""
    members = _members(table)
    return {p.name: Handles(_of(p), _of(_member(members, p.name))) for p in table.players}


def night_day(table: GameTable) -> date:
    """The night's date: the day a group played it, else the day it started."""
    return table.played_on or table.created_at.date()


def pay_links(table: GameTable, transfers: Sequence[Transfer]) -> list[PayLink | None]:
    """Each payment's one-tap link (None where the payee has no handle), in order."""
    if not transfers:
        return []
    handles = night_handles(table)
    note = pay_note(night_day(table))
    links: list[PayLink | None] = []
    for t in transfers:
        found = handles.get(t.payee)
        handle = found.used if found is not None else None
        links.append(None if handle is None else pay_link(handle, t.payee, t.cents, note))
    return links


def _parse(service: str, text: str) -> PayHandle | None:
    try:
        return PayHandle.parse(service, text)
    except HandleError as error:
        raise ServiceError(error.message, error.field) from None


def _put(row: Player | Member, handle: PayHandle | None) -> None:
    """Keep ``handle`` on the row; the one it has already is refused as unchanged."""
    if (row.pay_service, row.pay_handle) == ((handle.service.value, handle.handle)
                                             if handle else (None, None)):
        raise Conflict(f"{row.name} is paid at {handle.label} {handle.shown} already"
                       if handle else f"{row.name} has no payment handle of their own already",
                       "handle", code=Code.UNCHANGED)
    row.pay_service = None if handle is None else handle.service.value
    row.pay_handle = None if handle is None else handle.handle


def set_player_handle(table: GameTable, name: str, service: str, text: str) -> str:
    """Save (or, with an empty box, remove) ``name``'s handle for this night;
    returns what to tell the scorekeeper.  A closed night takes one too:
    players pay once the night is over."""
    handle = _parse(service, text)  # refuse before waiting for the write lock
    with unit():
        begin_night(table, Action.PAYMENTS)
        player = next((p for p in table.players if p.name == name), None)
        if player is None:
            raise ServiceError(f"{name[:QUOTED] or 'That player'} isn't at this table", "name")
        _put(player, handle)
        audit_night(table, "pay", f"{name}'s payment handle "
                    + ("saved" if handle else "removed"))
    if handle is not None:
        return f"{name} is paid at {handle.label} {handle.shown}."
    member = night_handles(table)[name].member
    return (f"{name} is paid at the group's {member.label} {member.shown} again."
            if member else f"{name} has no payment handle now.")


def member_handle(group: Group, name: str) -> tuple[str, PayHandle | None]:
    """The member called ``name`` as the group spells it, and their handle."""
    member = _member(group.members, name[:QUOTED * 5])
    if member is None:
        raise ServiceError(f"{name[:QUOTED]} isn't one of {group.name}'s players", "name")
    return member.name, _of(member)


def set_member_handle(group: Group, name: str, service: str, text: str) -> str:
    """Save (or remove) a group member's handle, used at every night of the
    group where they have none of their own; returns what to say."""
    handle = _parse(service, text)
    found, _ = member_handle(group, name)
    with unit():
        begin_group(group.id)
        member = _member(group.members, found)
        assert member is not None  # members are never removed
        _put(member, handle)
        audit_group(group.id, "pay",
                    f"{found}'s payment handle " + ("saved" if handle else "removed"))
    return (f"{found} is paid at {handle.label} {handle.shown}." if handle
            else f"{found} has no payment handle now.")
