"""A night in the table's words: one line per hand, the pending doublers
banner, and a payment as a sentence.
"""

from __future__ import annotations

from scorekeeper.ledger.money import money
from scorekeeper.ledger.settle import Transfer
from scorekeeper.rules import HandResult, Kind, Night


def describe(result: HandResult) -> str:
    """A one-line description of a hand for the ledger, the audit log and badges."""
    hand = result.hand
    if hand.kind is Kind.PICKED:
        side = (hand.picker or "?") + (" alone" if not hand.partners else
                                       " with " + " and ".join(hand.partners))
        return f"{side}, {hand.points} points"
    if hand.kind is Kind.LEASTER:
        second = f", then {hand.second_winner}" if hand.second_winner else ""
        return f"leaster won by {hand.winner}{second}"
    if hand.kind is Kind.RENEGE:
        return f"{hand.offender} reneged"
    if hand.kind is Kind.CALLED_ACE_BURIED:
        return f"{hand.picker} buried the called ace"
    if hand.kind is Kind.SCHWANZER:
        verb = "pays" if len(hand.losers) == 1 else "pay"
        return f"schwanzer: {' and '.join(hand.losers)} {verb}"
    if hand.kind is Kind.ADJUSTMENT:
        return f"other payment: {hand.note}"
    return UNSCORED[hand.kind]


#: The hands nobody is paid for, as the hand form names them.
UNSCORED = {Kind.NO_PICK: "nobody picked: thrown in", Kind.MISDEAL: "misdeal",
            Kind.VOID: "void: redealt, no score"}


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
