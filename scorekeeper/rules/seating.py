"""The table a hand was dealt at: who was present, who dealt and who played,
as the night stood at that point.  A hand carries its own table, so an edit
keeps it, an insert before hand k is dealt and paid with hand k's roster (not
tonight's), and only a new hand at the end takes the roster as it is now.

Forms (the buttons offered and greyed), the API, the offline queue and the
import all ask :func:`table_at`; nothing else decides it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.rules.deal import next_dealer, sit_out
from scorekeeper.rules.hand import Hand
from scorekeeper.rules.night import START, Night
from scorekeeper.rules.options import Rules


@dataclass(frozen=True)
class Seating:
    """Who was at the table for one hand, in seat order; who dealt it; who
    played it.  ``players`` is everyone in the night, joined later or gone."""

    players: tuple[str, ...]
    present: tuple[str, ...]
    dealer: str
    seated: tuple[str, ...]
    seats: int

    @property
    def sitting_out(self) -> tuple[str, ...]:
        """Present but not playing this hand (the dealer first, at a full table)."""
        return tuple(p for p in self.present if p not in self.seated)

    @property
    def short(self) -> int:
        """How many players the table lacks for a hand (0: enough are present)."""
        return max(0, self.seats - len(self.present))

    @property
    def crowded(self) -> bool:
        """More players present than the table has seats: someone sits out."""
        return len(self.present) > self.seats

    def out_by_dealer(self) -> Mapping[str, tuple[str, ...]]:
        """For each player who may deal, who would sit out (empty at a table
        with nobody to spare): the form greys them as the dealer changes."""
        if not self.crowded:
            return {}
        return {dealer: tuple(p for p in self.present
                              if p not in sit_out(self.present, dealer, self.seats))
                for dealer in self.present}

    def dealt_by(self, dealer: str | None) -> Seating:
        """The same table dealt by ``dealer`` instead (one who is present), the
        seats by rotation from him."""
        if not dealer or dealer == self.dealer or dealer not in self.present:
            return self
        return replace(self, dealer=dealer, seated=_rotation(self.present, dealer, self.seats))

    def fill(self, hand: Hand) -> Hand:
        """``hand`` dealt at this table: who was present unless the hand says,
        and the dealer and seats it leaves out (the seats only when the dealer
        is this table's: another dealer's seats follow the rotation)."""
        present = hand.present if hand.present is not None else self.present
        dealer = hand.dealer or self.dealer
        seated = hand.seated
        if seated is None and dealer == self.dealer:
            seated = self.seated
        return replace(hand, present=present, dealer=dealer, seated=seated)


def table_at(rules: Rules, night: Night, number: int, present_now: Sequence[str] | None = None,
             *, editing: bool = False) -> Seating:
    """The table for hand ``number`` (1-based) of ``night``.

    Editing: the hand's own table as recorded.  Adding before hand ``number``:
    hand ``number``'s roster, dealt by whoever followed the hand before it.
    Adding at the end (``number`` one past the last hand): ``present_now``
    (None: everyone), dealt by the night's next dealer for them.
    """
    players, results = night.players, night.results
    if editing:
        result = results[number - 1]
        present = result.hand.present if result.hand.present is not None else players
        return Seating(players, _in_order(players, present), result.dealer, result.seated,
                       rules.seats)
    if number <= len(results):
        hand = results[number - 1].hand
        present = _in_order(players, hand.present if hand.present is not None else players)
    else:
        present = _in_order(players, present_now or players)
    carry = results[number - 2].carry if number > 1 else START
    dealer = next_dealer(players, present, carry.last_dealer, carry.dealer_stays)
    return Seating(players, present, dealer, _rotation(present, dealer, rules.seats),
                   rules.seats)


def _in_order(players: Sequence[str], present: Sequence[str]) -> tuple[str, ...]:
    return tuple(p for p in players if p in present)


def _rotation(present: tuple[str, ...], dealer: str, seats: int) -> tuple[str, ...]:
    return sit_out(present, dealer, seats) if len(present) >= seats else present
