"""Settling up: each player's money, the payments that clear the table (with
rounding to a cash unit or through a bank), a player who settles and leaves
early, and closing the table at the end of the night.

The maths is :mod:`scorekeeper.ledger.settle`; this module turns a table's
replayed points and its recorded early payments into the cents it works on.
Early payments are stored (they are money that really moved); balances are
always replayed, so editing an old hand still settles exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.db.models import GameTable, Payment, Player, db, utcnow
from scorekeeper.ledger.leavers import Correction, corrections, leaver_warning, net_paid
from scorekeeper.ledger.settle import (
    Transfer,
    apply_transfers,
    round_balances,
    settle,
    settle_leaver,
    settle_through_bank,
)
from scorekeeper.ledger.standings import Standing
from scorekeeper.ledger.words import describe_transfer
from scorekeeper.limits import MAX_PAYMENT_CENTS, QUOTED
from scorekeeper.names import find_name
from scorekeeper.policy.acl import Action
from scorekeeper.services import ServiceError, UnknownPlayer
from scorekeeper.services.nights.payments import EarlyPayment, early_payments
from scorekeeper.services.nights.roster import short_handed
from scorekeeper.services.nights.state import TableState, begin_state
from scorekeeper.services.once import Once
from scorekeeper.services.registry import owner_of
from scorekeeper.services.writes import audit_night, begin_night, unit

#: Cash units a table can round to: query value → (cents, label).
UNITS: dict[str, tuple[int, str]] = {
    "none": (1, "Exact"),
    "quarters": (25, "Quarters"),
    "dollars": (100, "Dollars"),
}


@dataclass(frozen=True)
class Settlement:
    """What the settle-up page shows: the standings (seat order), what is left
    to settle once early payments count (exact and rounded, by name), the
    early payments, the leavers whose balance moved since they settled (the
    payments count their correction), the payments that clear the rest, and
    who can be the bank (everyone but a player who settled and went home)."""

    standings: tuple[Standing, ...]
    remaining: dict[str, int]
    rounded: dict[str, int]
    early: tuple[EarlyPayment, ...]
    transfers: tuple[Transfer, ...]
    unit: str
    bank: str | None
    corrections: tuple[Correction, ...] = ()
    banks: tuple[str, ...] = ()


def remaining_balances(state: TableState) -> dict[str, int]:
    """What is still owed, in cents, once the early payments are counted."""
    return apply_transfers(state.standings.cents,
                           [p.transfer for p in early_payments(state.table)])


def settlement(state: TableState, unit: str = "none", bank: str | None = None) -> Settlement:
    """The payments that settle what is left, optionally rounded or through a bank."""
    if unit not in UNITS:
        raise ServiceError("Round to none, quarters or dollars", "round")
    early = early_payments(state.table)
    remaining = apply_transfers(state.standings.cents, [p.transfer for p in early])
    rounded = round_balances(remaining, UNITS[unit][0])
    home = settled_and_gone(state, remaining, early)
    if bank is not None:
        found = find_name(bank, rounded)
        if found is None:
            raise UnknownPlayer(f"{bank[:QUOTED]} isn't a player at this table", "bank")
        if found in home:
            raise ServiceError(f"{found} settled and went home: choose someone still at "
                               "the table as the bank", "bank")
        bank = found
    transfers = settle_through_bank(rounded, bank) if bank else settle(rounded)
    gone = [s.name for s in state.standings.by_seat if not s.present]
    moved = corrections(state.standings.cents, [p.transfer for p in early], gone)
    banks = tuple(s.name for s in state.standings.by_seat if s.name not in home)
    return Settlement(state.standings.by_seat, remaining, rounded, tuple(early),
                      tuple(transfers), unit, bank, tuple(moved), banks)


def settled_and_gone(state: TableState, remaining: dict[str, int],
                     early: list[EarlyPayment]) -> set[str]:
    """The players who left and are done with the night: square when they
    went, or paid (or were paid) on their way out."""
    moved = [p.transfer for p in early]
    return {s.name for s in state.standings.by_seat if not s.present  # no row read again
            and (remaining[s.name] == 0 or any(s.name in (t.payer, t.payee) for t in moved))}


def leaver_warnings(state: TableState, changes: dict[str, tuple[int, int]]) -> list[str]:
    """Before an edit, insert or delete is saved: a warning for each player who
    settled and left (took part in an early payment, or left square) whose
    total it changes (``changes``: name → points now, after)."""
    payments = early_payments(state.table)
    early = [p.transfer for p in payments]
    remaining = apply_transfers(state.standings.cents, early)
    settled = settled_and_gone(state, remaining, payments)
    return [leaver_warning(name, net_paid(early, name), moved, state.table.stake_cents)
            for name, moved in changes.items() if name in settled]


def find_player(table: GameTable, name: str) -> Player:
    """The player called ``name`` at this table, or a clear refusal."""
    player = next((p for p in table.players if p.name == name), None)
    if player is None:
        raise UnknownPlayer(f"{name or 'That player'} isn't at this table", "name")
    return player


def leaver_payments(state: TableState, name: str) -> list[Transfer]:
    """What ``name`` would pay or be paid to leave square now (nothing is saved)."""
    table = state.table
    player = find_player(table, name)
    remaining = remaining_balances(state)
    if not player.present and remaining[name] == 0:
        raise ServiceError(f"{name} has already left and is square", "name")
    if player.present and sum(p.present for p in table.players) == 1:
        raise ServiceError(f"{name} is the last one at the table: close the table instead",
                           "name")
    return settle_leaver(remaining, name)


def settle_and_leave(state: TableState, name: str, version: int | None = None,
                     once: Once | None = None) -> tuple[list[Transfer], str]:
    """Record the leaver's payments and take them off the table, in one commit.

    ``version`` is the table's version when the confirmation was shown: if a
    hand changed since, the amounts on screen are stale and nothing is saved.
    """
    player = find_player(state.table, name)
    with unit(once) as work:
        begin_night(state.table, Action.PAY_EARLY, seen=version,
                    stale="The scores changed since this page was opened; check the payments again")
        state = begin_state(state, Action.PAY_EARLY)
        table = state.table
        transfers = leaver_payments(state, name)
        for t in transfers:
            if t.cents > MAX_PAYMENT_CENTS:
                raise ServiceError(f"{name} can't settle alone: a payment of more than "
                                   f"{MAX_PAYMENT_CENTS:,} cents is more than a night "
                                   "records; settle up with everyone instead", "name")
        now = utcnow()
        for t in transfers:
            db.session.add(Payment(table_id=table.id, payer=t.payer, payee=t.payee,
                                   cents=t.cents, at=now))
        was_present, player.present = player.present, False
        said = "; ".join(describe_transfer(t) for t in transfers) or "square, nothing to pay"
        audit_night(table, "settle",
                    f"{name} settled{' and left' if was_present else ''}: {said}")
        message = _left_message(state, name, was_present)
        work.remember(table, 200, {"said": message, "payments": [
            {"payer": t.payer, "payee": t.payee, "cents": t.cents} for t in transfers]})
    return transfers, message


def _left_message(state: TableState, name: str, was_present: bool) -> str:
    if not was_present:
        return f"{name} is settled."
    return short_handed(state.table, state.rules.seats, f"{name} settled and left") or \
        f"{name} settled and left; the others play on."


def close_table(table: GameTable, carry: bool = False, once: Once | None = None,
                seen: int | None = None) -> None:
    """End the night: from now on every write is refused (checked by
    :func:`~scorekeeper.services.writes.begin_night`).
    A group's night is settled at the table, or with ``carry`` owed until the
    group settles its carried nights together.  ``once``: the request, kept
    with its answer (``{"id", "closed", "settled"}``) so a retry gets it again;
    ``seen``: the version the caller closes on (refused if the night moved on)."""
    with unit(once) as work:
        begin_night(table, Action.CLOSE, seen=seen)
        table.closed_at = utcnow()
        owner_of(table).settle(table, carry)
        audit_night(table, "close", "Closed the table: the night is over"
                    + ("; carried to the group's tab" if carry else ""))
        work.remember(table, 200, {"id": table.id, "closed": True,
                                      "settled": table.settled})
