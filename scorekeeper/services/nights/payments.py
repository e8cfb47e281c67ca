"""Money that moved during a night: the early payments of players who
settled and left, or paid something on account (stored, because the money
really changed hands; balances are always replayed).  The table's settle-up
and the group's both take them off what is owed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.db.models import GameTable, Payment, db, utcnow
from scorekeeper.ledger.settle import Transfer
from scorekeeper.ledger.words import describe_transfer
from scorekeeper.limits import MAX_PAYMENTS
from scorekeeper.moments import iso
from scorekeeper.names import find_name
from scorekeeper.policy.acl import Action
from scorekeeper.services import ServiceError, UnknownPlayer
from scorekeeper.services.checks import check_payment_cents
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.once import Once
from scorekeeper.services.writes import audit_night, begin_night, unit


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


def record_payment(state: TableState, payer: object, payee: object, cents: object, *,
                   seen: int | None = None, once: Once | None = None,
                   by: str | None = None) -> EarlyPayment:
    """Money that changed hands during the night (Bob pays Ann $5 now): kept,
    and taken off what the end-of-night settle-up asks of them.  Both must be
    players of the night, and the amount whole cents within bounds."""
    table = state.table
    names = state.players
    for who, field in ((payer, "payer"), (payee, "payee")):
        if not isinstance(who, str):
            raise ServiceError(f"The {field} must be a player at this table", field)
        if find_name(who, names) is None:
            raise UnknownPlayer(f"The {field} must be a player at this table", field)
    assert isinstance(payer, str) and isinstance(payee, str)
    payer, payee = find_name(payer, names) or payer, find_name(payee, names) or payee
    if payer == payee:
        raise ServiceError("A player can't pay himself", "payee")
    cents = check_payment_cents(cents)
    with unit(once) as work:
        begin_night(table, Action.PAY_EARLY, seen=seen)
        if len(early_payments(table)) >= MAX_PAYMENTS:
            raise ServiceError(f"A night keeps at most {MAX_PAYMENTS} early payments", "cents")
        paid = EarlyPayment(Transfer(payer, payee, cents), utcnow())
        db.session.add(Payment(table_id=table.id, payer=payer, payee=payee, cents=cents,
                               at=paid.at))
        audit_night(table, "paid", f"Paid early: {describe_transfer(paid.transfer)}", by=by)
        work.remember(table, 201, payment_json(paid))
    return paid


def payment_json(paid: EarlyPayment) -> dict[str, object]:
    """An early payment as the API shows it."""
    return {"payer": paid.transfer.payer, "payee": paid.transfer.payee,
            "cents": paid.transfer.cents, "at": iso(paid.at)}
