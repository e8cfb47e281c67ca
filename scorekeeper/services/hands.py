"""Recording, editing, inserting and deleting hands.  Every change replays
the night once with the change in it; a hand the engine refuses changes
nothing.  A hand and its audit entry commit together.

Several phones may write to one night.  A write can say which version of the
night its author saw (:class:`Seen`): an edit, insert or delete made on an
older version is refused, saying what changed meanwhile; a new hand at the
end still goes through when the deal it was entered for (the dealer and who
sits in) is the same now.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.db import codec
from scorekeeper.db.models import AuditEntry, HandRow, db
from scorekeeper.ledger.words import describe
from scorekeeper.rules import Hand, HandResult, Night, NightError, sit_out
from scorekeeper.rules.hand_json import result_to_json
from scorekeeper.services import Conflict, NotFound, ServiceError
from scorekeeper.services.once import Once, earlier, remember
from scorekeeper.services.state import TableState
from scorekeeper.services.tables import audit, begin_write


class Change(StrEnum):
    """What a proposal does to the night."""

    ADD = "add"
    REPLACE = "replace"
    DELETE = "delete"


@dataclass(frozen=True)
class Seen:
    """What the author of a write was looking at: the night's version and, for
    a new hand, the deal the form offered (see :func:`deal_of`)."""

    version: int
    deal: str | None = None


class Stale(Conflict):
    """The night changed since the author looked; nothing was written."""


def deal_of(state: TableState) -> str:
    """The next hand's deal as the record form offers it: which hand it will be,
    the dealer and who sits in.  (The count matters: a dealer who keeps the
    deal after a void hand would otherwise let the same hand be saved twice.)"""
    dealer = state.night.next_dealer
    seats = state.rules.seats
    seated = sit_out(state.present, dealer, seats) if len(state.present) >= seats else ()
    return "|".join((str(len(state.night.results) + 1), dealer, *seated))


def what_changed(state: TableState, since: int) -> str:
    """"Meanwhile, Phone 2: Recorded hand 32: …" for the changes after version ``since``."""
    entries = db.session.scalars(db.select(AuditEntry).where(
        AuditEntry.table_id == state.table.id, AuditEntry.version > since)
        .order_by(AuditEntry.id)).all()
    if not entries:
        return "Meanwhile the night changed on another phone."
    said = [f"{e.by or 'another phone'}: {e.summary}" for e in entries[-3:]]
    more = f" (and {len(entries) - 3} more changes)" if len(entries) > 3 else ""
    return f"Meanwhile, {'; '.join(said)}{more}."


def stale_message(state: TableState, seen: Seen, appending: bool = False) -> str:
    """What changed since ``seen``, and what to do about it."""
    advice = (f"{state.night.next_dealer} deals now; check the hand and save again"
              if appending else "check it and try again")
    return f"{what_changed(state, seen.version)} {advice[0].upper()}{advice[1:]}."


def _check_seen(state: TableState, seen: Seen | None, appending: bool) -> None:
    """After the lock: refuse a write made on an older night, unless it appends
    a hand to a deal that is still the same."""
    if seen is None or seen.version == state.table.version - 1:
        return
    if appending and seen.deal is not None and seen.deal == deal_of(state):
        return
    message = stale_message(state, seen, appending)
    db.session.rollback()
    raise Stale(message, "version")


@dataclass(frozen=True)
class Saved:
    """A hand just recorded: its result and its id."""

    result: HandResult
    hand_id: int


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
    limit = len(state.hand_ids) + (change is Change.ADD)
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


@dataclass(frozen=True)
class Ref:
    """Which hand a write means, worked out under the write lock: by id (pages:
    an id never moves) or by number (the API's paths)."""

    hand_id: int | None = None
    number: int | None = None

    def resolve(self, state: TableState, change: Change) -> int:
        """The hand's number in the night as it is now (NotFound if it is gone)."""
        if self.hand_id is not None:
            return state.number_of(self.hand_id)
        return check_number(state, self.number, change)


Target = Ref | int


def _ref(target: Target | None) -> Ref | None:
    return Ref(number=target) if isinstance(target, int) else target


def record_hand(state: TableState, hand: Hand, before: Target | None = None,
                once: Once | None = None, by: str | None = None,
                seen: Seen | None = None) -> Saved | None:
    """Add a hand (at the end, or before the hand ``before``); None if ``once``
    was already carried out (its Submission holds the first answer)."""
    state = begin_write(state)
    if earlier(once) is not None:
        db.session.rollback()
        return None
    place = _ref(before)
    _check_seen(state, seen, appending=place is None)
    number = place.resolve(state, Change.REPLACE) if place is not None else None
    proposal = propose(state, Change.ADD, hand, number)
    result = proposal.result
    assert result is not None
    _shift(state, result.number - 1, +1)
    row = HandRow(table_id=state.table.id, position=result.number,
                  data=codec.encode(result.hand))
    db.session.add(row)
    db.session.flush()
    if once is not None:
        remember(once, state.table.id, 201, result_to_json(result, row.id))
    verb = "Recorded" if place is None else "Inserted"
    audit(state.table, "add" if place is None else "insert",
          f"{verb} hand {result.number}: {describe(result)}", result.number,
          after=codec.encode(result.hand), hand_id=row.id, by=by)
    db.session.commit()
    return Saved(result, row.id)


def _begin_change(state: TableState, target: Target, change: Change, seen: Seen | None,
                  once: Once | None) -> tuple[TableState, int] | None:
    """Under the write lock: the night as it is now and the number of the hand
    ``target`` means, after the checks every edit and delete makes (None: the
    request was already carried out)."""
    state = begin_write(state)
    if earlier(once) is not None:
        db.session.rollback()
        return None
    _check_seen(state, seen, appending=False)
    return state, (_ref(target) or Ref()).resolve(state, change)


def replace_hand(state: TableState, target: Target, hand: Hand, by: str | None = None,
                 seen: Seen | None = None, once: Once | None = None) -> Saved | None:
    """Replace a hand; later hands replay.  None if ``once`` was already done."""
    begun = _begin_change(state, target, Change.REPLACE, seen, once)
    if begun is None:
        return None
    state, number = begun
    proposal = propose(state, Change.REPLACE, hand, number)
    assert proposal.result is not None
    row = state.table.hands[number - 1]
    before = dict(row.data)
    row.data = codec.encode(proposal.result.hand)
    remember(once, state.table.id)
    audit(state.table, "edit", f"Edited hand {number}: {describe(proposal.result)}", number,
          before=before, after=row.data, hand_id=row.id, by=by)
    db.session.commit()
    return Saved(proposal.result, row.id)


def delete_hand(state: TableState, target: Target, by: str | None = None,
                seen: Seen | None = None, once: Once | None = None) -> int | None:
    """Delete a hand; later hands renumber and replay.  Returns the number the
    hand had (None if ``once`` was already done)."""
    begun = _begin_change(state, target, Change.DELETE, seen, once)
    if begun is None:
        return None
    state, number = begun
    propose(state, Change.DELETE, None, number)
    row = state.table.hands[number - 1]
    before, hand_id = dict(row.data), row.id
    gone = describe(state.night.results[number - 1])
    db.session.delete(row)
    db.session.flush()
    _shift(state, number, -1)
    remember(once, state.table.id)
    audit(state.table, "delete", f"Deleted hand {number}: {gone}", number, before=before,
          hand_id=hand_id, by=by)
    db.session.commit()
    return number


def _shift(state: TableState, index: int, step: int) -> None:
    """Renumber the hands from 0-based ``index`` on by ``step``."""
    rows = db.session.scalars(db.select(HandRow).filter(
        HandRow.table_id == state.table.id, HandRow.position > index)).all()
    for row in rows:
        row.position += step
    db.session.flush()
    db.session.expire(state.table, ["hands"])
