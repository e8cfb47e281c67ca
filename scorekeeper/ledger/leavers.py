"""A player who settled early and left, once a hand changes after they went.

Their payments are money that really moved, but their balance is replayed, so
an edit, insert or delete can move it again.  What was paid stays paid; the
difference becomes a correction between them and the others at settle-up.
This module owns that difference and the words the table reads it in: the
warning before the change is saved, and the line the settle-up shows after.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.ledger.money import money, signed, to_cents
from scorekeeper.ledger.settle import Transfer


def net_paid(transfers: Iterable[Transfer], name: str) -> int:
    """What ``name`` was paid, in cents, less what they paid (negative: they paid)."""
    return sum(t.cents if t.payee == name else -t.cents if t.payer == name else 0
               for t in transfers)


@dataclass(frozen=True)
class Correction:
    """A leaver whose balance moved since they settled: ``paid`` is what their
    early payments gave them (negative: what they paid), ``balance`` what they
    have won now, both in cents."""

    name: str
    paid: int
    balance: int

    @property
    def owed(self) -> int:
        """What the table owes them now (negative: what they owe the table)."""
        return self.balance - self.paid

    def __str__(self) -> str:
        """"Dan left with $3.00 paid; a hand changed since, so Dan owes $0.50 back"."""
        return f"{_left(self.name, self.paid)}; a hand changed since, so {_owing(self)}"


def corrections(balances: Mapping[str, int], early: Iterable[Transfer],
                gone: Iterable[str]) -> list[Correction]:
    """The leavers (``gone``, seat order kept) who took part in an early payment
    and whose balance no longer matches what they were paid."""
    early = list(early)
    found = []
    for name in gone:
        if not any(name in (t.payer, t.payee) for t in early):
            continue
        correction = Correction(name, net_paid(early, name), balances[name])
        if correction.owed:
            found.append(correction)
    return found


def leaver_warning(name: str, paid: int, points: tuple[int, int], stake_cents: int) -> str:
    """The warning before a change to a leaver's total (``points``: now, after)
    is saved: what they left with, and what it would leave between them and
    the table."""
    now, after = points
    if to_cents(now, stake_cents) == paid:
        left = f"{name} settled up and left with {signed(now)} ({_paid(paid)})."
    else:
        left = f"{name} settled up and left ({_paid(paid)}) and is at {signed(now)} now."
    will = f"After this change {name} would be at {signed(after)}"
    if stake_cents == 0:
        return f"{left} {will}: points only, no money changes hands."
    correction = Correction(name, paid, to_cents(after, stake_cents))
    if not correction.owed:
        return f"{left} {will}: square again, nothing to correct."
    return f"{left} {will}: {_would_owe(correction)} (a correction at settle-up)."


def _paid(paid: int) -> str:
    if paid > 0:
        return f"was paid {money(paid)}"
    if paid < 0:
        return f"paid the table {money(-paid)}"
    return "square: nothing paid"


def _left(name: str, paid: int) -> str:
    if paid > 0:
        return f"{name} left with {money(paid)} paid"
    if paid < 0:
        return f"{name} left having paid {money(-paid)}"
    return f"{name} left square"


def _word(correction: Correction) -> str:
    """" more" when the correction adds to what moved, " back" when it undoes
    part of it (nothing when it undoes all of it and more)."""
    paid, owed = correction.paid, correction.owed
    if not paid:
        return ""
    if (owed > 0) == (paid > 0):
        return " more"
    return " back" if abs(owed) <= abs(paid) else ""


def _owing(correction: Correction) -> str:
    amount, name = money(abs(correction.owed)), correction.name
    if correction.owed < 0:
        return f"{name} owes {amount}{_word(correction)}"
    return f"{name} is owed {amount}{_word(correction)}"


def _would_owe(correction: Correction) -> str:
    amount, name = money(abs(correction.owed)), correction.name
    if correction.owed < 0:
        return f"{name} would owe the table {amount}{_word(correction)}"
    return f"the table would owe {name} {amount}{_word(correction)}"
