"""Money that moved during a night: the early payments of players who
settled and left (stored, because the money really changed hands; balances
are always replayed).  The table's settle-up and the group's both take
them off what is owed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.db.models import GameTable, Payment, db
from scorekeeper.ledger.settle import Transfer


@dataclass(frozen=True)
class EarlyPayment:
    """A payment made during the night, with when it was made."""

    transfer: Transfer
    at: datetime


def early_payments(table: GameTable) -> list[EarlyPayment]:
    """The table's early payments, oldest first."""
    rows = db.session.scalars(db.select(Payment).filter_by(table_id=table.id)
                              .order_by(Payment.at, Payment.id)).all()
    return [EarlyPayment(Transfer(r.payer, r.payee, r.cents), r.at) for r in rows]
