"""Recording, editing, inserting and deleting hands.  Every change replays
the whole night first; a hand the engine refuses changes nothing.  A hand
and its audit entry commit together.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorekeeper.handio import store_hand
from scorekeeper.models import GameTable, HandRow, Submission, db
from scorekeeper.rules import Hand, HandError, HandResult, Night, NightError
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.tables import audit, lock, night_of, present_names, stored_hands


@dataclass(frozen=True)
class Proposal:
    """A change worked out but not saved: the new night and whose totals move."""

    night: Night
    result: HandResult | None
    changes: dict[str, tuple[int, int]]


def _refused(error: NightError, number: int) -> ServiceError:
    if error.number == number:
        return ServiceError(error.message, error.field)
    return ServiceError(f"That would make hand {error.number} impossible: {error.message}",
                        error.field)


def _position(hands: list[Hand], number: int | None, *, appending: bool = False) -> int:
    """Check a 1-based hand number; returns its 0-based index."""
    limit = len(hands) + (1 if appending else 0)
    if number is None:
        return len(hands)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise NotFound(f"No hand {number}")
    return number - 1


def propose(table: GameTable, hand: Hand | None, number: int | None = None,
            mode: str = "add") -> Proposal:
    """Replay with ``hand`` added (before ``number``), replacing or deleting hand ``number``."""
    hands = stored_hands(table)
    index = _position(hands, number, appending=mode == "add")
    if mode == "delete":
        del hands[index]
    else:
        assert hand is not None
        if mode == "replace":
            hand = replace(hand, present=hands[index].present)
        elif hand.present is None:
            hand = replace(hand, present=present_names(table))
        hands[index:index + (mode == "replace")] = [hand]
    try:
        new = night_of(table, hands)
    except NightError as error:
        raise _refused(error, index + 1) from None
    old = night_of(table)
    changes = {name: (old.balances[name], new.balances[name]) for name in new.balances
               if old.balances[name] != new.balances[name]}
    result = None if mode == "delete" else new.results[index]
    return Proposal(new, result, changes)


def record_hand(table: GameTable, hand: Hand, before: int | None = None,
                submission: str | None = None) -> HandResult | None:
    """Add a hand (at the end, or before hand ``before``); None if already submitted."""
    lock(table)
    if submission and db.session.get(Submission, submission) is not None:
        db.session.rollback()
        return None
    proposal = propose(table, hand, before, "add")
    assert proposal.result is not None
    index = proposal.result.number - 1
    _shift(table, index, +1)
    db.session.add(HandRow(table_id=table.id, position=index + 1,
                           data=_frozen(proposal.result)))
    if submission:
        db.session.add(Submission(token=submission, table_id=table.id))
    verb = "Recorded" if before is None else "Inserted"
    audit(table, "add" if before is None else "insert",
          f"{verb} hand {index + 1}: {describe(proposal.result)}", index + 1,
          after=_frozen(proposal.result))
    db.session.commit()
    return proposal.result


def replace_hand(table: GameTable, number: int, hand: Hand) -> HandResult:
    """Replace hand ``number``; later hands replay."""
    lock(table)
    proposal = propose(table, hand, number, "replace")
    assert proposal.result is not None
    row = table.hands[number - 1]
    before = dict(row.data)
    row.data = _frozen(proposal.result)
    audit(table, "edit", f"Edited hand {number}: {describe(proposal.result)}", number,
          before=before, after=row.data)
    db.session.commit()
    return proposal.result


def delete_hand(table: GameTable, number: int) -> None:
    """Delete hand ``number``; later hands renumber and replay."""
    lock(table)
    propose(table, None, number, "delete")
    row = table.hands[number - 1]
    before = dict(row.data)
    db.session.delete(row)
    db.session.flush()
    _shift(table, number, -1)
    audit(table, "delete", f"Deleted hand {number}", number, before=before)
    db.session.commit()


def _shift(table: GameTable, index: int, step: int) -> None:
    """Renumber the hands from 0-based ``index`` on by ``step``."""
    rows = db.session.scalars(db.select(HandRow).filter(
        HandRow.table_id == table.id, HandRow.position > index)).all()
    for row in rows:
        row.position += step
    db.session.flush()
    db.session.expire(table, ["hands"])


def _frozen(result: HandResult) -> dict[str, object]:
    """What is stored: the hand with the dealer and seats it was actually dealt."""
    return store_hand(result.hand.with_deal(result.dealer, result.seated))


def describe(result: HandResult) -> str:
    """A one-line description of a hand for the audit log and badges."""
    hand = result.hand
    if hand.kind == "picked":
        side = (hand.picker or "?") + (" alone" if not hand.partners else
                              " with " + " and ".join(hand.partners))
        return f"{side}, {hand.points} points"
    if hand.kind == "leaster":
        return f"leaster won by {hand.winner}"
    if hand.kind == "renege":
        return f"{hand.offender} reneged"
    if hand.kind == "called-ace-buried":
        return f"{hand.picker} buried the called ace"
    return str(hand.kind)


def hand_number_or_404(table: GameTable, number: int) -> int:
    """Check that hand ``number`` exists."""
    if not 1 <= number <= len(table.hands):
        raise NotFound(f"No hand {number}")
    return number


__all__ = ["HandError", "Proposal", "delete_hand", "describe", "propose", "record_hand",
           "replace_hand"]
