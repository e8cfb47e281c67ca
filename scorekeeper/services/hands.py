"""Recording, editing, inserting and deleting hands.  Every change replays
the night once with the change in it; a hand the engine refuses changes
nothing.  A hand and its audit entry commit together.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.db import codec
from scorekeeper.db.models import HandRow, Submission, db
from scorekeeper.ledger.words import describe
from scorekeeper.rules import Hand, HandResult, Night, NightError
from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.state import TableState
from scorekeeper.services.tables import audit, begin_write


class Change(StrEnum):
    """What a proposal does to the night."""

    ADD = "add"
    REPLACE = "replace"
    DELETE = "delete"


@dataclass(frozen=True)
class Proposal:
    """A change worked out but not saved: the new night, and the night before."""

    change: Change
    number: int
    night: Night
    result: HandResult | None
    before: TableState

    @property
    def changes(self) -> dict[str, tuple[int, int]]:
        """Whose totals move: name → (now, after)."""
        old = self.before.night.balances
        return {name: (old[name], new) for name, new in self.night.balances.items()
                if old[name] != new}


def _refused(error: NightError, number: int) -> ServiceError:
    if error.number == number:
        return ServiceError(error.message, error.field)
    return ServiceError(f"That would make hand {error.number} impossible: {error.message}",
                        error.field)


def check_number(state: TableState, number: int | None, change: Change) -> int:
    """A 1-based hand number for ``change`` (adding: up to one past the end;
    None: the end), or NotFound."""
    limit = len(state.hands) + (change is Change.ADD)
    if number is None and change is Change.ADD:
        return limit
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise NotFound(f"No hand {number}")
    return number


def propose(state: TableState, change: Change, hand: Hand | None = None,
            number: int | None = None) -> Proposal:
    """Replay the night with ``hand`` added before hand ``number`` (None: at the
    end), replacing hand ``number``, or with hand ``number`` deleted."""
    number = check_number(state, number, change)
    hands = list(state.hands)
    index = number - 1
    if change is Change.DELETE:
        del hands[index]
    else:
        assert hand is not None
        if change is Change.REPLACE:
            hand = replace(hand, present=hands[index].present)
        elif hand.present is None:
            hand = replace(hand, present=state.present)
        hands[index:index + (change is Change.REPLACE)] = [hand]
    try:
        new = state.replay(hands)
    except NightError as error:
        raise _refused(error, number) from None
    result = None if change is Change.DELETE else new.results[index]
    return Proposal(change, number, new, result, state)


def record_hand(state: TableState, hand: Hand, before: int | None = None,
                submission: str | None = None) -> HandResult | None:
    """Add a hand (at the end, or before hand ``before``); None if already submitted."""
    state = begin_write(state)
    if submission and db.session.get(Submission, submission) is not None:
        db.session.rollback()
        return None
    proposal = propose(state, Change.ADD, hand, before)
    result = proposal.result
    assert result is not None
    _shift(state, result.number - 1, +1)
    db.session.add(HandRow(table_id=state.table.id, position=result.number,
                           data=codec.encode(result.hand)))
    if submission:
        db.session.add(Submission(token=submission, table_id=state.table.id))
    verb = "Recorded" if before is None else "Inserted"
    audit(state.table, "add" if before is None else "insert",
          f"{verb} hand {result.number}: {describe(result)}", result.number,
          after=codec.encode(result.hand))
    db.session.commit()
    return result


def replace_hand(state: TableState, number: int, hand: Hand) -> HandResult:
    """Replace hand ``number``; later hands replay."""
    state = begin_write(state)
    proposal = propose(state, Change.REPLACE, hand, number)
    assert proposal.result is not None
    row = state.table.hands[number - 1]
    before = dict(row.data)
    row.data = codec.encode(proposal.result.hand)
    audit(state.table, "edit", f"Edited hand {number}: {describe(proposal.result)}", number,
          before=before, after=row.data)
    db.session.commit()
    return proposal.result


def delete_hand(state: TableState, number: int) -> None:
    """Delete hand ``number``; later hands renumber and replay."""
    state = begin_write(state)
    propose(state, Change.DELETE, None, number)
    row = state.table.hands[number - 1]
    before = dict(row.data)
    db.session.delete(row)
    db.session.flush()
    _shift(state, number, -1)
    audit(state.table, "delete", f"Deleted hand {number}", number, before=before)
    db.session.commit()


def _shift(state: TableState, index: int, step: int) -> None:
    """Renumber the hands from 0-based ``index`` on by ``step``."""
    rows = db.session.scalars(db.select(HandRow).filter(
        HandRow.table_id == state.table.id, HandRow.position > index)).all()
    for row in rows:
        row.position += step
    db.session.flush()
    db.session.expire(state.table, ["hands"])
