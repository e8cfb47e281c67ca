"""Replay of a night: from the ordered hands, who dealt and sat in, which
hands were doubled and by which earlier hand, the pending doublers after
each hand, running balances and the next dealer (RULES.md §4 and §8).

Nothing here is stored: editing, inserting or deleting a hand is a replay.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper.rules.fields import complete_hand
from scorekeeper.rules.hand import Hand, HandError, check_hand
from scorekeeper.rules.options import Rules
from scorekeeper.rules.scoring import leaster_factor, multiplier, penalty_factor, score
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


@dataclass(frozen=True)
class Night:
    """The whole night so far."""

    players: tuple[str, ...]
    results: tuple[HandResult, ...]
    balances: Mapping[str, int]
    pending: tuple[int, ...]
    next_dealer: str

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
    carry, results = START, []
    balances = dict.fromkeys(players, 0)
    if since is not None and start:
        results = list(since.results[:start])
        carry = results[-1].carry
        balances = dict(results[-1].balances)
    doublers = _Doublers.carried(rules, carry)
    last_dealer, dealer_stays = carry.last_dealer, carry.dealer_stays
    for index in range(len(results), len(hands)):
        number, hand = index + 1, hands[index]
        dealer, seated = hand.dealer, hand.seated
        if index not in trusted or dealer is None or seated is None:
            try:
                dealer, seated = deal(rules, players, hand, last_dealer, dealer_stays)
                hand = complete_hand(rules, hand, seated)
                check_hand(rules, hand, seated, dealer, players)
            except HandError as error:
                raise NightError(number, error) from error
            hand = hand.with_deal(dealer, seated)
        doublers.before(number, hand)
        exponent, sources = doublers.use() if uses_doublers(rules, hand) else (0, ())
        payouts = dict.fromkeys(players, 0)
        payouts.update(score(rules, hand, seated, exponent))
        doublers.after(number, hand)
        for name, amount in payouts.items():
            balances[name] += amount
        last_dealer, dealer_stays = dealer, _dealer_stays(rules, hand)
        if (doublers.queue or doublers.rounds or doublers.previous or carry.queue
                or carry.rounds or carry.previous or carry.last_dealer != last_dealer
                or carry.dealer_stays != dealer_stays):
            carry = Carry(tuple(doublers.queue), tuple(doublers.rounds), doublers.previous,
                          last_dealer, dealer_stays)
        results.append(HandResult(
            number, hand, dealer, seated, payouts, exponent > 0 and _doubled_by(rules, hand),
            _reported_multiplier(rules, hand, exponent), sources,
            doublers.pending() if carry.queue or carry.rounds or carry.previous else (),
            dict(balances), carry))
    return Night(players, tuple(results), balances, doublers.pending(),
                 next_dealer(players, present or None, last_dealer, dealer_stays))


def makes_doubler(rules: Rules, hand: Hand) -> bool:
    """True when ``hand`` doubles later hands (option ``makes_doubler``, RULES.md §9;
    a ``tie`` is a 60-60 picked hand).  A round of doubles is apart from this."""
    if hand.kind is Kind.PICKED:
        return hand.points == 60 and Doubler.TIE in rules.makes_doubler
    return hand.kind in rules.makes_doubler


def uses_doublers(rules: Rules, hand: Hand) -> bool:
    """A scored hand uses up pending doublers; so does paying the board when
    fixed penalties are doubled (RULES.md §9)."""
    return hand.kind in SCORED or (
        hand.kind is Kind.CALLED_ACE_BURIED and rules.penalties_doubled
        and rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD)


def _doubled_by(rules: Rules, hand: Hand) -> bool:
    """False for the one hand that uses a doubler without being multiplied by it: a flat
    renege penalty where fixed penalties aren't doubled (the ledger says "used the doubler")."""
    return not (hand.kind is Kind.RENEGE and rules.renege.flat and not rules.penalties_doubled)


def _reported_multiplier(rules: Rules, hand: Hand, exponent: int) -> int:
    if hand.kind is Kind.PICKED or (hand.kind is Kind.RENEGE and rules.renege is Renege.FORFEIT):
        return multiplier(rules, hand, exponent)
    if hand.kind in (Kind.RENEGE, Kind.CALLED_ACE_BURIED):
        return penalty_factor(rules, exponent)
    if hand.kind in (Kind.LEASTER, Kind.SCHWANZER):
        return leaster_factor(rules, exponent + int(hand.declared_doubler))
    return 1


def _dealer_stays(rules: Rules, hand: Hand) -> bool:
    """The deal passes after every hand but a void one, an adjustment (no cards
    were dealt for it) or a same-dealer throw-in."""
    if hand.kind in (Kind.VOID, Kind.ADJUSTMENT):
        return True
    if hand.kind is Kind.CALLED_ACE_BURIED and rules.called_ace_buried is CalledAceBuried.REDEAL:
        return True
    return hand.kind is Kind.NO_PICK and bool(rules.no_pick_same_dealer)


def next_dealer(players: Sequence[str], present: Sequence[str] | None,
                last: str | None, stays: bool = False) -> str:
    """Who deals next: the first present player to the left of ``last``."""
    at_table = [p for p in players if present is None or p in present]
    if not at_table:
        raise HandError("Nobody is at the table", "present")
    if last is None:
        return at_table[0]
    start = list(players).index(last)
    order = [players[(start + i) % len(players)] for i in range(len(players))]
    if stays and last in at_table:
        return last
    return next(p for p in order[1:] + order[:1] if p in at_table)


def deal(rules: Rules, players: Sequence[str], hand: Hand, last_dealer: str | None,
         dealer_stays: bool) -> tuple[str, tuple[str, ...]]:
    """The dealer and the seated players of ``hand`` (explicit, or by rotation)."""
    _check_names(players, hand)
    at_table = tuple(p for p in players if hand.present is None or p in hand.present)
    if len(at_table) < rules.seats:
        raise HandError(f"This table plays {rules.seats} to a hand; only {len(at_table)} "
                        "players are at the table", "present")
    dealer = hand.dealer or next_dealer(players, at_table, last_dealer, dealer_stays)
    if dealer not in at_table:
        raise HandError(f"{dealer} isn't at the table to deal", "dealer")
    if hand.seated is not None:
        return dealer, _explicit_seats(rules, at_table, hand.seated)
    return dealer, sit_out(at_table, dealer, rules.seats)


def sit_out(at_table: Sequence[str], dealer: str, seats: int) -> tuple[str, ...]:
    """Who plays: with too many players the dealer sits out, then those to his right."""
    extra = len(at_table) - seats
    start = list(at_table).index(dealer)
    out = {at_table[(start - i) % len(at_table)] for i in range(extra)}
    return tuple(p for p in at_table if p not in out)


def _explicit_seats(rules: Rules, at_table: Sequence[str], seated: Sequence[str]
                    ) -> tuple[str, ...]:
    if len(set(seated)) != len(seated):
        raise HandError("A player is named twice among those playing", "seated")
    if len(seated) != rules.seats:
        raise HandError(f"Exactly {rules.seats} players play each hand, not {len(seated)}",
                        "seated")
    for name in seated:
        if name not in at_table:
            raise HandError(f"{name} isn't at the table", "seated")
    return tuple(p for p in at_table if p in seated)


def _check_names(players: Sequence[str], hand: Hand) -> None:
    """Every name on the hand must be a player at this table."""
    single = ("picker", "stolen_from", "winner", "second_winner", "offender", "dealer")
    for name in single:
        value = getattr(hand, name)
        if value is not None and value not in players:
            raise HandError(f"{value} isn't a player at this table", name)
    for name in ("partners", "no_trick_pickers", "seated", "present", "losers"):
        for value in getattr(hand, name) or ():
            if value not in players:
                raise HandError(f"{value} isn't a player at this table", name)
