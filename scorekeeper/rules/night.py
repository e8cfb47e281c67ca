"""Replay of a night: from the ordered hands, who dealt and sat in, which
hands were doubled and by which earlier hand, the pending doublers after
each hand, running balances and the next dealer (docs/rules.md §4 and §8).

Nothing here is stored: editing, inserting or deleting a hand is a replay.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper.rules.deal import deal, next_dealer
from scorekeeper.rules.fields import complete_hand
from scorekeeper.rules.hand import Hand, HandError, check_hand
from scorekeeper.rules.options import Rules
from scorekeeper.rules.scoring import (
    Multiple,
    paid_multiple,
    score,
)
from scorekeeper.rules.vocabulary import CalledAceBuried, Doubler, Doublers, Kind, Renege

SCORED = (Kind.PICKED, Kind.LEASTER, Kind.RENEGE, Kind.SCHWANZER)


@dataclass(frozen=True)
class Carry:
    """What a replay carries from one hand to the next, so that a later replay
    can start after this hand instead of from the first one."""

    queue: tuple[int, ...] = ()
    rounds: tuple[int, ...] = ()
    previous: int | None = None
    last_dealer: str | None = None
    dealer_stays: bool = False


START = Carry()


@dataclass(frozen=True)
class HandResult:
    """One hand after replay.  ``payouts`` covers every player at the table.

    ``doubled_by`` names the hands whose doublers this hand used up; ``doubled``
    says whether they multiplied it (a flat renege uses one without)."""

    number: int
    hand: Hand
    dealer: str
    seated: tuple[str, ...]
    payouts: Mapping[str, int]
    doubled: bool
    multiplier: int
    doubled_by: tuple[int, ...]
    pending_after: tuple[int, ...]
    balances: Mapping[str, int]
    carry: Carry = field(default=START, compare=False, repr=False)
    #: What multiplied what the hand pays, every factor named (its badge).
    multiple: Multiple = field(default=Multiple(), compare=False, repr=False)


@dataclass(frozen=True)
class Night:
    """The whole night so far."""

    players: tuple[str, ...]
    results: tuple[HandResult, ...]
    balances: Mapping[str, int]
    pending: tuple[int, ...]
    next_dealer: str
    #: How the pending doublers will double the next scored hands, hand by
    #: hand as the table's policy uses them: (times doubled, the hands that
    #: made those doublers).  Under ``stack`` three doublers are one hand
    #: doubled three times; under ``extend`` three hands doubled once each.
    upcoming: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def carry(self) -> Carry:
        """Where the night stands after its last hand."""
        return self.results[-1].carry if self.results else START

    def with_present(self, present: Sequence[str] | None) -> Night:
        """The same night with the next dealer worked out for who is here now."""
        carry = self.carry
        dealer = next_dealer(self.players, present or None, carry.last_dealer,
                             carry.dealer_stays)
        return self if dealer == self.next_dealer else replace(self, next_dealer=dealer)


class NightError(HandError):
    """A hand that the replay refused; ``number`` is its 1-based position."""

    def __init__(self, number: int, error: HandError) -> None:
        super().__init__(error.message, error.field)
        self.number = number


#: How many doubled hands ahead a night's banner is worked out for.
MAX_UPCOMING = 64


@dataclass
class _Doublers:
    """Pending doublers during a replay; entries are the creating hand's number."""

    rules: Rules
    queue: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    previous: int | None = None

    @classmethod
    def carried(cls, rules: Rules, carry: Carry) -> _Doublers:
        return cls(rules, list(carry.queue), list(carry.rounds), carry.previous)

    def pending(self) -> tuple[int, ...]:
        if self.rules.doublers is Doublers.PREVIOUS:
            return tuple(([self.previous] if self.previous else []) + self.rounds)
        return tuple(self.queue + self.rounds)

    def upcoming(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """What :meth:`use` will take for each next scored hand, until nothing
        is pending (worked out on a copy: these doublers don't change)."""
        ahead = _Doublers(self.rules, list(self.queue), list(self.rounds), self.previous)
        found: list[tuple[int, tuple[int, ...]]] = []
        while len(found) < MAX_UPCOMING:
            exponent, sources = ahead.use()
            if not exponent:
                break
            found.append((exponent, sources))
        return tuple(found)

    def before(self, number: int, hand: Hand) -> None:
        if hand.king_of_diamonds_cut or hand.last_round:
            self._add_round(number)

    def use(self) -> tuple[int, tuple[int, ...]]:
        """Consume what doubles a scored hand: (doubling exponent, sources)."""
        policy = self.rules.doublers
        if policy is Doublers.EXTEND and self.queue:
            return 1, (self.queue.pop(0),)
        if policy is Doublers.STACK and self.queue:
            sources, self.queue = tuple(self.queue), []
            if self.rounds:
                self.rounds.pop(0)
            return len(sources), sources
        if policy is Doublers.PREVIOUS and self.previous:
            source, self.previous = self.previous, None
            if self.rounds:
                self.rounds.pop(0)
            return 1, (source,)
        if self.rounds:
            return 1, (self.rounds.pop(0),)
        return 0, ()

    def after(self, number: int, hand: Hand) -> None:
        if hand.kind in (Kind.VOID, Kind.CALLED_ACE_BURIED, Kind.ADJUSTMENT):
            return
        makes = makes_doubler(self.rules, hand)
        if self.rules.doublers is Doublers.PREVIOUS:
            self.previous = number if makes else None
        elif makes:
            self.queue.append(number)
        if self.rules.round_of_doubles and hand.kind is Kind.PICKED and hand.points == 60:
            self._add_round(number)

    def _add_round(self, number: int) -> None:
        """A round of doubles: the next ``seats`` scored hands are doubled."""
        target = self.queue if self.rules.doublers is Doublers.EXTEND else self.rounds
        target.extend([number] * self.rules.seats)


def replay(rules: Rules, players: Sequence[str], hands: Sequence[Hand],
           present: Sequence[str] | None = None, *, trusted: Container[int] = (),
           since: Night | None = None, start: int = 0) -> Night:
    """Score ``hands`` in order for a table whose seat order is ``players``.

    ``present`` is who is at the table now (for the next dealer; ``None`` or
    nobody: everyone, so an empty table still has a dealer to show).  Raises
    :class:`NightError` for the first hand that cannot be scored.

    ``trusted`` holds the (0-based) positions of hands this engine already
    checked with the dealer and seats they carry (hands the app stored): their
    deal and checks depend on nothing else, so they are scored without being
    checked again.  ``since`` is an earlier replay of the same table whose
    first ``start`` hands are these very hands: the replay starts after them
    (appending a hand costs one hand's work, not the night's).
    """
    players = tuple(players)
    results = list(since.results[:start]) if since is not None and start else []
    carry = results[-1].carry if results else START
    balances = dict(results[-1].balances) if results else dict.fromkeys(players, 0)
    doublers = _Doublers.carried(rules, carry)
    for index in range(len(results), len(hands)):
        number = index + 1
        hand = _dealt(rules, players, hands[index], carry, number,
                      checked=index in trusted)
        doublers.before(number, hand)
        exponent, sources = doublers.use() if uses_doublers(rules, hand) else (0, ())
        payouts = dict.fromkeys(players, 0)
        multiple = paid_multiple(rules, hand, exponent)
        payouts.update(score(rules, hand, hand.seated or (), exponent, multiple))
        doublers.after(number, hand)
        for name, amount in payouts.items():
            balances[name] += amount
        carry = _carried(carry, doublers, hand.dealer or "", _dealer_stays(rules, hand))
        results.append(HandResult(
            number, hand, hand.dealer or "", hand.seated or (), payouts,
            exponent > 0 and _doubled_by(rules, hand),
            _reported_multiplier(rules, hand, multiple), sources,
            doublers.pending() if carry.queue or carry.rounds or carry.previous else (),
            dict(balances), carry, multiple))
    return Night(players, tuple(results), balances, doublers.pending(),
                 next_dealer(players, present or None, carry.last_dealer, carry.dealer_stays),
                 doublers.upcoming())


def _dealt(rules: Rules, players: tuple[str, ...], hand: Hand, carry: Carry, number: int,
           checked: bool) -> Hand:
    """``hand`` with its dealer and seats: as stored when this engine ``checked``
    it already, else dealt by the rotation after ``carry`` and checked now."""
    if checked and hand.dealer is not None and hand.seated is not None:
        return hand
    try:
        dealer, seated = deal(rules, players, hand, carry.last_dealer, carry.dealer_stays)
        hand = complete_hand(rules, hand, seated)
        check_hand(rules, hand, seated, dealer, players)
    except HandError as error:
        raise NightError(number, error) from error
    return hand.with_deal(dealer, seated)


def _carried(carry: Carry, doublers: _Doublers, dealer: str, stays: bool) -> Carry:
    """What the next hand inherits: the same object while nothing it holds
    changed, so a night of plain hands keeps few of them."""
    if (doublers.queue or doublers.rounds or doublers.previous or carry.queue
            or carry.rounds or carry.previous or carry.last_dealer != dealer
            or carry.dealer_stays != stays):
        return Carry(tuple(doublers.queue), tuple(doublers.rounds), doublers.previous,
                     dealer, stays)
    return carry


def makes_doubler(rules: Rules, hand: Hand) -> bool:
    """True when ``hand`` doubles later hands (option ``makes_doubler``, docs/rules.md §9;
    a ``tie`` is a 60-60 picked hand).  A round of doubles is apart from this."""
    if hand.kind is Kind.PICKED:
        return hand.points == 60 and Doubler.TIE in rules.makes_doubler
    return hand.kind in rules.makes_doubler


def uses_doublers(rules: Rules, hand: Hand) -> bool:
    """A scored hand uses up pending doublers; so does paying the board when
    fixed penalties are doubled (docs/rules.md §9)."""
    return hand.kind in SCORED or (
        hand.kind is Kind.CALLED_ACE_BURIED and rules.penalties_doubled
        and rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD)


def _doubled_by(rules: Rules, hand: Hand) -> bool:
    """False for the one hand that uses a doubler without being multiplied by it: a flat
    renege penalty where fixed penalties aren't doubled (the ledger says "used the doubler")."""
    return not (hand.kind is Kind.RENEGE and rules.renege.flat and not rules.penalties_doubled)


def _reported_multiplier(rules: Rules, hand: Hand, multiple: Multiple) -> int:
    """The stake multiplier M a result reports (the API's ``multiplier``): a
    picked hand's (or forfeited renege's) stake before its tier, a
    penalty's or leaster's doubling; 1 for any other hand."""
    if hand.kind is Kind.PICKED or (hand.kind is Kind.RENEGE and rules.renege is Renege.FORFEIT):
        return multiple.stake
    if hand.kind in (Kind.RENEGE, Kind.CALLED_ACE_BURIED, Kind.LEASTER, Kind.SCHWANZER):
        return multiple.times
    return 1


def _dealer_stays(rules: Rules, hand: Hand) -> bool:
    """The deal passes after every hand but a void one, an adjustment (no cards
    were dealt for it) or a same-dealer throw-in."""
    if hand.kind in (Kind.VOID, Kind.ADJUSTMENT):
        return True
    if hand.kind is Kind.CALLED_ACE_BURIED and rules.called_ace_buried is CalledAceBuried.REDEAL:
        return True
    return hand.kind is Kind.NO_PICK and bool(rules.no_pick_same_dealer)
