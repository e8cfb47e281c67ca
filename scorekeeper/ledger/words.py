"""A night in the table's words: the pending doublers banner and a payment
as a sentence.  (A hand's own words are the engine's: :mod:`scorekeeper.rules.words`.)
"""

from __future__ import annotations

from scorekeeper.ledger.money import money
from scorekeeper.ledger.settle import Transfer
from scorekeeper.rules import Night


def pending_text(night: Night) -> str | None:
    """"Next 2 hands doubled — from hands 7 and 8" (None when nothing is pending)."""
    pending = night.pending
    if not pending:
        return None
    sources = sorted(set(pending))
    where = " and ".join(str(s) for s in sources)
    word = "hand" if len(sources) == 1 else "hands"
    count = len(pending)
    return (f"Next {'hand' if count == 1 else f'{count} hands'} doubled — "
            f"from {word} {where}")


def describe_transfer(transfer: Transfer) -> str:
    """"Bob pays Ann $2.75": a payment as the table reads it."""
    return f"{transfer.payer} pays {transfer.payee} {money(transfer.cents)}"
