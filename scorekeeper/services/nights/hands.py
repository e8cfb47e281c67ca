"""Recording, editing, inserting and deleting hands.  A change is worked out
on the kept night before the write lock is taken (the hands before it are
not scored again, so recording a hand scores one hand); a hand the engine
refuses changes nothing.  A hand and its audit entry commit together (one
unit of work), and the new night is kept for every request of the new version.

Several phones may write to one night.  A write can say which version of the
night its author saw (:class:`Seen`): an edit, insert or delete made on an
older version is refused, saying what changed meanwhile; a new hand at the
end still goes through when the deal it was entered for (the dealer and who
sits in) is the same now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import update
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.db import codec
from scorekeeper.db.models import TABLE, AuditEntry, HandRow, Owner, db
from scorekeeper.limits import MAX_HANDS
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand, HandResult, Night, NightError, Seating, table_at
from scorekeeper.rules.hand import FILLED_FIELDS, NAME_FIELDS, NAMES_FIELDS
from scorekeeper.rules.hand_json import result_to_json
from scorekeeper.rules.words import describe
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, Stale, UnknownPlayer
from scorekeeper.services.nights.kept import HAND_CHANGES as HAND_CHANGES  # its face
from scorekeeper.services.nights.kept import NIGHTS, AllBut, Kept
from scorekeeper.services.nights.state import TableState, begin_state
from scorekeeper.services.once import Once, earlier
from scorekeeper.services.registry import owner_of
from scorekeeper.services.since import meanwhile
from scorekeeper.services.writes import (
    Unit,
    audit_night,
    table_key,
    unit,
)


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


def seating(state: TableState, number: int | None = None,
            change: Change = Change.ADD) -> Seating:
    """The table hand ``number`` is (or would be) dealt at: an edited hand's
    own, an inserted hand's the roster of the hand it goes before, a new hand's
    at the end (``number`` None) the roster as it is now."""
    number = len(state.hand_ids) + 1 if number is None else number
    return table_at(state.rules, state.night, number, state.present,
                    editing=change is Change.REPLACE)


def deal_of(state: TableState) -> str:
    """The next hand's deal as the record form offers it: which hand it will be,
    the dealer and who sits in.  (The count matters: a dealer who keeps the
    deal after a void hand would otherwise let the same hand be saved twice.)"""
    table = seating(state)
    seated = table.seated if len(table.present) >= table.seats else ()
    return "|".join((str(len(state.night.results) + 1), table.dealer, *seated))


def what_changed(state: TableState, since: int) -> str:
    """"Meanwhile, Phone 2: Recorded hand 32: …" for the changes after version ``since``."""
    return meanwhile(TABLE, state.table.id, since)


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
    raise Stale(stale_message(state, seen, appending), "version")


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
    #: The hands of the new night as they will be stored (with their deal).
    hands: tuple[Hand, ...]

    @property
    def changes(self) -> dict[str, tuple[int, int]]:
        """Whose totals move: name → (now, after)."""
        old = self.before.night.balances
        return {name: (old[name], new) for name, new in self.night.balances.items()
                if old[name] != new}


def _refused(error: NightError, number: int) -> ServiceError:
    """The engine's refusal of hand ``number`` (or of a later hand it would
    change), as a refused hand: about a field the request sent, or none
    (who was at the table is the night's roster, not the request's)."""
    field = None if error.field in FILLED_FIELDS else error.field
    if error.number == number:
        return ServiceError(error.message, field, code=Code.HAND_REFUSED)
    return ServiceError(f"That would make hand {error.number} impossible: {error.message}",
                        field, code=Code.HAND_REFUSED)


def check_number(state: TableState, number: int | None, change: Change) -> int:
    """A 1-based hand number for ``change`` (adding: up to one past the end;
    None: the end), or NotFound."""
    if change is Change.ADD and len(state.hand_ids) >= MAX_HANDS:
        raise Conflict(f"A night holds at most {MAX_HANDS:,} hands: start the next night "
                       "from the Settle tab")
    limit = len(state.hand_ids) + (change is Change.ADD)
    if number is None and change is Change.ADD:
        return limit
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise NotFound(f"No hand {number}")
    return number


def check_names(state: TableState, hand: Hand) -> None:
    """Every name the hand gives is a player of the night (someone sitting
    out is the engine's to refuse for this hand), else the field that gave
    it is refused as an unknown player."""
    named = [(f, getattr(hand, f)) for f in NAME_FIELDS if getattr(hand, f) is not None]
    named += [(f, n) for f in NAMES_FIELDS for n in getattr(hand, f) or ()]
    named += [("payouts", n) for n, _ in hand.payouts]
    for field, name in named:
        if name not in state.players:
            raise UnknownPlayer(f"{name} isn't at this table", field)


def propose(state: TableState, change: Change, hand: Hand | None = None,
            number: int | None = None) -> Proposal:
    """Replay the night with ``hand`` added before hand ``number`` (None: at the
    end), replacing hand ``number``, or with hand ``number`` deleted.  The
    hands before the change are not replayed again and the stored hands after
    it are not checked again: adding a hand at the end scores one hand."""
    number = check_number(state, number, change)
    hands = list(state.hands)
    index = number - 1
    trusted = AllBut()
    if change is Change.DELETE:
        del hands[index]
    else:
        assert hand is not None
        check_names(state, hand)
        hand = seating(state, number, change).fill(hand)
        hands[index:index + (change is Change.REPLACE)] = [hand]
        trusted = AllBut(index)
    try:
        new = state.replay(hands, trusted, start=index)
    except NightError as error:
        raise _refused(error, number) from None
    result = None if change is Change.DELETE else new.results[index]
    if result is not None:
        hands[index] = result.hand  # as scored: with its deal (the others are as stored)
    return Proposal(change, number, new, result, state, tuple(hands))


Work = Callable[[TableState], Proposal]


def _early(state: TableState, work: Work) -> Proposal | ServiceError:
    """The change worked out on the night as read, before the write lock is
    taken (the lock is held for the writing, not for a replay), or why not."""
    try:
        return work(state)
    except ServiceError as error:
        return error


def _worked_out(write: Unit, state: TableState, early: Proposal | ServiceError,
                seen: Seen | None, once: Once | None, appending: bool,
                work: Work, doing: Action) -> Proposal | None:
    """Under the write lock: the change worked out before (``early``), or, if
    another write landed in between, checked and worked out again on the
    night as it is now.  None: ``once`` was already carried out (the write
    is cancelled)."""
    now = begin_state(state, doing)
    if earlier(once) is not None:
        write.cancel()
        return None
    _check_seen(now, seen, appending)
    if now is not state:
        return work(now)
    if isinstance(early, ServiceError):
        raise early
    return early


def _kept(proposal: Proposal, hand_ids: list[int]) -> tuple[Owner, str, Kept]:
    """The new night as it is kept once the write commits, at the version
    this write made (read before the commit: after it, another write may
    already have moved the table on), the table's owner row and view token."""
    owner = proposal.before.table.owner
    return owner, owner.view_token, Kept(owner.version, proposal.night, proposal.hands,
                                         tuple(hand_ids))


def _keep(proposal: Proposal, kept: tuple[Owner, str, Kept]) -> None:
    """After the commit: keep the new night as the table's night."""
    owner, key, night = kept
    set_committed_value(owner, "version", night.version)  # no need to reload
    set_committed_value(proposal.before.table, "owner", owner)
    NIGHTS.put(key, night)


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


def recorded_under(table_id: int, once: Once) -> tuple[int, int, int] | None:
    """A hand already recorded under ``once``: its number then, the version of
    the night its recording made and its id (None if that can't be told any
    more)."""
    row = earlier(once)
    answer = row.response if row is not None else None
    if not isinstance(answer, dict) or not isinstance(answer.get("id"), int):
        return None
    entry = db.session.scalars(db.select(AuditEntry).where(
        AuditEntry.of(TABLE, table_id), AuditEntry.hand_id == answer["id"],
        AuditEntry.action == "add").order_by(AuditEntry.id)).first()
    if entry is None or entry.version is None or entry.hand_number is None:
        return None
    return entry.hand_number, entry.version, answer["id"]


def _ref(target: Target | None) -> Ref | None:
    return Ref(number=target) if isinstance(target, int) else target


def record_hand(state: TableState, hand: Hand, before: Target | None = None,
                once: Once | None = None, by: str | None = None,
                seen: Seen | None = None, extra: bool = False) -> Saved | None:
    """Add a hand (at the end, or before the hand ``before``); None if ``once``
    was already carried out (its Submission holds the first answer).  A hand
    past the deals the night plays (a tournament table's session) is refused
    unless it is an ``extra`` hand."""
    place = _ref(before)

    def work(now: TableState) -> Proposal:
        number = place.resolve(now, Change.REPLACE) if place is not None else None
        proposal = propose(now, Change.ADD, hand, number)
        assert proposal.result is not None
        owner_of(now.table).check_more(now, not proposal.result.carry.dealer_stays, extra)
        return proposal
    early = _early(state, work)
    with unit(once) as write:
        proposal = _worked_out(write, state, early, seen, once, place is None, work,
                               Action.RECORD)
        if proposal is None:
            return None
        state, result = proposal.before, proposal.result
        assert result is not None
        index = result.number - 1
        if index < len(state.hand_ids):
            _shift(state, index, +1)
        table_id = table_key(state.table)
        row = HandRow(table_id=table_id, position=result.number, data=codec.encode(result.hand))
        db.session.add(row)
        db.session.flush()
        hand_id = row.id
        if once is not None:
            write.remember(state.table, 201, result_to_json(state.rules, result, hand_id))
        verb = "Recorded" if place is None else "Inserted"
        audit_night(state.table, "add" if place is None else "insert",
                    f"{verb} hand {result.number}: {describe(state.rules, result)}",
                    result.number, after=row.data, hand_id=hand_id, by=by)
        ids = list(state.hand_ids)
        ids.insert(index, hand_id)
        kept = _kept(proposal, ids)
    _keep(proposal, kept)
    return Saved(result, hand_id)


def _resolve(target: Target) -> Callable[[TableState, Change], int]:
    return (_ref(target) or Ref()).resolve


def replace_hand(state: TableState, target: Target, hand: Hand, by: str | None = None,
                 seen: Seen | None = None, once: Once | None = None) -> Saved | None:
    """Replace a hand; later hands replay.  None if ``once`` was already done."""
    def work(now: TableState) -> Proposal:
        return propose(now, Change.REPLACE, hand, _resolve(target)(now, Change.REPLACE))
    early = _early(state, work)
    with unit(once) as write:
        proposal = _worked_out(write, state, early, seen, once, False, work, Action.EDIT)
        if proposal is None:
            return None
        state, number, result = proposal.before, proposal.number, proposal.result
        assert result is not None
        row = _row(state, number)
        before = dict(row.data)
        row.data = codec.encode(result.hand)
        write.remember(state.table, 200, result_to_json(state.rules, result, row.id))
        audit_night(state.table, "edit",
                    f"Edited hand {number}: {describe(state.rules, result)}", number,
                    before=before, after=row.data, hand_id=row.id, by=by)
        kept = _kept(proposal, list(state.hand_ids))
    _keep(proposal, kept)
    return Saved(result, row.id)


def delete_hand(state: TableState, target: Target, by: str | None = None,
                seen: Seen | None = None, once: Once | None = None) -> int | None:
    """Delete a hand; later hands renumber and replay.  Returns the number the
    hand had (None if ``once`` was already done)."""
    def work(now: TableState) -> Proposal:
        return propose(now, Change.DELETE, None, _resolve(target)(now, Change.DELETE))
    early = _early(state, work)
    with unit(once) as write:
        proposal = _worked_out(write, state, early, seen, once, False, work, Action.DELETE)
        if proposal is None:
            return None
        state, number = proposal.before, proposal.number
        row = _row(state, number)
        before, hand_id = dict(row.data), row.id
        gone = describe(state.rules, state.night.results[number - 1])
        db.session.delete(row)
        db.session.flush()
        _shift(state, number, -1)
        write.remember(state.table, 204)
        audit_night(state.table, "delete", f"Deleted hand {number}: {gone}", number,
                    before=before, hand_id=hand_id, by=by)
        ids = list(state.hand_ids)
        del ids[number - 1]
        kept = _kept(proposal, ids)
    _keep(proposal, kept)
    return number


def _row(state: TableState, number: int) -> HandRow:
    """Hand ``number``'s row (by its id: the other rows are not read)."""
    row = db.session.get(HandRow, state.hand_ids[number - 1])
    assert row is not None
    return row


def _shift(state: TableState, index: int, step: int) -> None:
    """Renumber the hands from 0-based ``index`` on by ``step``."""
    db.session.execute(update(HandRow).where(HandRow.table_id == state.table.id,
                                             HandRow.position > index)
                       .values(position=HandRow.position + step))
