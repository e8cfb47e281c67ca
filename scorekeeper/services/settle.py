"""Settling up: each player's money, the payments that clear the table (with
rounding to a cash unit or through a bank), a player who settles and leaves
early, closing the table at the end of the night, and starting the next one.

The maths is :mod:`scorekeeper.rules.settle`; this module turns a table's
replayed points and its recorded early payments into the cents it works on.
Early payments are stored (they are money that really moved); balances are
always replayed, so editing an old hand still settles exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.models import GameTable, Payment, Player, db, utcnow
from scorekeeper.rules import Night
from scorekeeper.rules.settle import (
    Transfer,
    apply_transfers,
    round_balances,
    settle,
    settle_leaver,
    settle_through_bank,
)
from scorekeeper.services import Conflict, ServiceError
from scorekeeper.services.roster import short_handed
from scorekeeper.services.tables import audit, in_cents, lock, night_of

#: Cash units a table can round to: query value → (cents, label).
UNITS: dict[str, tuple[int, str]] = {
    "none": (1, "Exact"),
    "quarters": (25, "Quarters"),
    "dollars": (100, "Dollars"),
}


@dataclass(frozen=True)
class EarlyPayment:
    """A payment made during the night, with when it was made."""

    transfer: Transfer
    at: datetime


@dataclass(frozen=True)
class Standing:
    """One player's money: won in play, already settled, and left to settle."""

    name: str
    present: bool
    points: int
    cents: int
    remaining: int
    rounded: int


@dataclass(frozen=True)
class Settlement:
    """What the settle-up page shows."""

    standings: tuple[Standing, ...]
    early: tuple[EarlyPayment, ...]
    transfers: tuple[Transfer, ...]
    unit: str
    bank: str | None

    @property
    def is_rounded(self) -> bool:
        """True when rounding moved anyone's amount."""
        return any(s.rounded != s.remaining for s in self.standings)


def early_payments(table: GameTable) -> list[EarlyPayment]:
    """The table's early payments, oldest first."""
    rows = db.session.scalars(db.select(Payment).filter_by(table_id=table.id)
                              .order_by(Payment.at, Payment.id)).all()
    return [EarlyPayment(Transfer(r.payer, r.payee, r.cents), r.at) for r in rows]


def remaining_balances(table: GameTable) -> dict[str, int]:
    """What is still owed, in cents, once the early payments are counted."""
    return apply_transfers(in_cents(table, night_of(table).balances),
                           [p.transfer for p in early_payments(table)])


def settlement(table: GameTable, unit: str = "none", bank: str | None = None,
               night: Night | None = None) -> Settlement:
    """The payments that settle what is left, optionally rounded or through a bank.

    Pass ``night`` when the caller has already replayed the table.
    """
    if unit not in UNITS:
        raise ServiceError("Round to none, quarters or dollars", "round")
    points = (night or night_of(table)).balances
    exact = in_cents(table, points)
    early = early_payments(table)
    remaining = apply_transfers(exact, [p.transfer for p in early])
    rounded = round_balances(remaining, UNITS[unit][0])
    if bank is not None and bank not in rounded:
        raise ServiceError(f"{bank} isn't a player at this table", "bank")
    transfers = settle_through_bank(rounded, bank) if bank else settle(rounded)
    standings = tuple(
        Standing(p.name, p.present, points[p.name], exact[p.name], remaining[p.name],
                 rounded[p.name]) for p in table.players)
    return Settlement(standings, tuple(early), tuple(transfers), unit, bank)


def find_player(table: GameTable, name: str) -> Player:
    """The player called ``name`` at this table, or a clear refusal."""
    player = next((p for p in table.players if p.name == name), None)
    if player is None:
        raise ServiceError(f"{name or 'That player'} isn't at this table", "name")
    return player


def leaver_payments(table: GameTable, name: str) -> list[Transfer]:
    """What ``name`` would pay or be paid to leave square now (nothing is saved)."""
    player = find_player(table, name)
    remaining = remaining_balances(table)
    if not player.present and remaining[name] == 0:
        raise ServiceError(f"{name} has already left and is square", "name")
    if player.present and sum(p.present for p in table.players) == 1:
        raise ServiceError(f"{name} is the last one at the table: close the table instead",
                           "name")
    return settle_leaver(remaining, name)


def settle_and_leave(table: GameTable, name: str, version: int | None = None
                     ) -> tuple[list[Transfer], str]:
    """Record the leaver's payments and take them off the table, in one commit.

    ``version`` is the table's version when the confirmation was shown: if a
    hand changed since, the amounts on screen are stale and nothing is saved.
    """
    player = find_player(table, name)
    lock(table)
    if version is not None and table.version != version + 1:
        db.session.rollback()
        raise Conflict("The scores changed since this page was opened; check the payments "
                       "again", "version")
    try:
        transfers = leaver_payments(table, name)
    except ServiceError:
        db.session.rollback()
        raise
    now = utcnow()
    for t in transfers:
        db.session.add(Payment(table_id=table.id, payer=t.payer, payee=t.payee,
                               cents=t.cents, at=now))
    was_present, player.present = player.present, False
    said = "; ".join(describe_transfer(t) for t in transfers) or "square, nothing to pay"
    audit(table, "settle", f"{name} settled{' and left' if was_present else ''}: {said}")
    db.session.commit()
    return transfers, _left_message(table, name, was_present)


def _left_message(table: GameTable, name: str, was_present: bool) -> str:
    if not was_present:
        return f"{name} is settled."
    return short_handed(table, f"{name} settled and left") or \
        f"{name} settled and left; the others play on."


def describe_transfer(transfer: Transfer) -> str:
    """"Bob pays Ann $2.75": a payment as the table reads it."""
    return f"{transfer.payer} pays {transfer.payee} {dollars(transfer.cents)}"


def dollars(cents: int) -> str:
    """Integer cents as "$2.75" (the same format as the pages' ``money`` filter)."""
    sign = "−" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100}.{abs(cents) % 100:02d}"


def close_table(table: GameTable) -> None:
    """End the night: from now on every write is refused (``lock`` checks it)."""
    lock(table)
    table.closed_at = utcnow()
    audit(table, "close", "Closed the table: the night is over")
    db.session.commit()
