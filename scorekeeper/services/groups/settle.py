"""Settling a group's carried nights together: what each player still owes
or is owed over them (early payments taken off), the fewest payments that
clear it, and marking them paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.db.models import GROUP, GameTable, Group, db, utcnow
from scorekeeper.ledger.season import carried_balances
from scorekeeper.ledger.settle import Transfer, apply_transfers, settle
from scorekeeper.policy.acl import Action
from scorekeeper.services import Conflict, writes
from scorekeeper.services.groups.group import CARRIED, WITH_GROUP
from scorekeeper.services.groups.seasons import NightRow, night_rows
from scorekeeper.services.nights.payments import early_payments
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once, earlier


@dataclass(frozen=True)
class GroupSettlement:
    """The carried nights, what each player still owes or is owed over them
    (cents, early payments taken off), and the fewest payments that clear it."""

    nights: tuple[NightRow, ...]
    owed: dict[str, int]
    transfers: tuple[Transfer, ...]


def carried_settlement(group_id: int) -> GroupSettlement:
    """The group's carried nights settled together."""
    carried = [r for r in night_rows(group_id) if r.settled == CARRIED]
    remaining = []
    for row in carried:
        table = db.session.get(GameTable, row.id)
        if table is None:
            continue
        remaining.append(apply_transfers(state_cents(table),
                                         [p.transfer for p in early_payments(table)]))
    owed = carried_balances(remaining)
    return GroupSettlement(tuple(carried), owed, tuple(settle(owed)))


def state_cents(table: GameTable) -> dict[str, int]:
    """What each player finished the night with, in cents (a night of
    totals: its totals at its stake)."""
    return dict(TableState.load(table).standings.cents)


def mark_paid(group: Group, shown: Sequence[int] | None, once: Once | None = None) -> int:
    """The group's settle-up was paid: every carried night is cleared (they
    are settled "with the group" now).  ``shown`` are the carried nights the
    payments were worked out for: if the tab holds other nights now (one was
    carried since), nothing is saved.  Returns how many nights were cleared
    (a request already carried out, ``once``: the number it cleared then)."""
    group_id = group.id
    with writes.unit(once) as work:
        writes.begin_group(group_id)
        done = earlier(once)
        if done is not None:
            work.cancel()
            return int((done.response or {}).get("cleared", 0))
        nights = db.session.scalars(db.select(GameTable).where(
            GameTable.group_id == group_id, GameTable.settled == CARRIED)
            .order_by(GameTable.id)).all()
        if not nights:
            raise Conflict("No night is on the tab: there is nothing to settle", "nights")
        if shown is not None and sorted(set(shown)) != [t.id for t in nights]:
            raise Conflict("The nights on the tab changed since these payments were shown; "
                           "check them again", "nights")
        writes.audit_group(group_id, "paid", f"Paid: {len(nights)} carried night"
                           f"{'' if len(nights) == 1 else 's'} settled with the group")
        now = utcnow()
        for table in nights:
            writes.begin_night(table, Action.PAYMENTS)
            table.settled, table.settled_at = WITH_GROUP, now
            writes.audit_night(table, "paid", "Paid with the group's settle-up")
        work.remember((GROUP, group_id), 200, {"cleared": len(nights)})
    if work.twin is not None:
        return int((work.twin.response or {}).get("cleared", 0))
    return len(nights)
