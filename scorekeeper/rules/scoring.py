"""Payouts of one hand (docs/rules.md §2 and §5), given who sat in and how many
times a pending doubler doubles it.  Every result sums to zero.

What multiplies a hand is worked out once, as :class:`Multiple`: each cause
(a doubler, a crack, going alone, schneider, no trick…) with its factor, and
the product the table pays within its cap.  The payouts are that product
times the base, and the ledger's badge says the same product with every
factor named ("×4: alone, schneider").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from math import prod
from typing import NamedTuple

from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.hand import Hand
from scorekeeper.rules.options import Rules
from scorekeeper.rules.vocabulary import (
    CalledAceBuried,
    Cap,
    Kind,
    Ladder,
    SchneiderLine,
    Schwarz,
    Shares,
    Tricks,
)

#: Cracks by count: the rulings, the form and the badges say these.
CRACK_WORDS = ("none", "crack", "re-crack", "triple crack")
#: Blitzes by count.
BLITZ_WORDS = ("none", "blitz", "double blitz")


class Factor(NamedTuple):
    """One cause that multiplied what a hand pays, in the table's words, and by how much."""

    word: str
    times: int


@dataclass(frozen=True)
class Outcome:
    """How a picked hand came out for the picking side; ``factors`` are what
    its ladder tier is made of (schneider, no trick, every trick)."""

    won: bool
    tier: int
    schneider: bool
    no_trick: bool
    factors: tuple[Factor, ...] = field(default=(), compare=False)


class Multiple(NamedTuple):
    """What a hand's stake was multiplied by: ``times``, the product of
    ``factors`` within the table's cap (``max_multiplier``); ``stake`` is the
    stake's own factors' product M (before the cap), and ``outcome`` a picked
    hand's result, worked out on the way."""

    times: int = 1
    factors: tuple[Factor, ...] = ()
    stake: int = 1
    outcome: Outcome | None = None

    @property
    def capped(self) -> bool:
        return self.times < prod(factor.times for factor in self.factors)

    @property
    def words(self) -> str:
        """ "×4: alone, schneider" ("" when nothing multiplied the hand)."""
        if self.times == 1:
            return ""
        named = ", ".join(factor.word for factor in self.factors)
        return f"×{self.times}: {named}" + (" (the table's cap)" if self.capped else "")


# The factors every hand names, made once (a replay makes thousands of hands).
_SCHNEIDER = Factor("schneider", 2)
_SWEEPS = {(won, ladder): Factor("every trick" if won else "no trick",
                                 3 if ladder is Ladder.ADDITIVE else 2)
           for won in (True, False) for ladder in Ladder}
_DECLARED = Factor("declared doubler", 2)
_CRACKED = tuple(Factor(word, 2**count) for count, word in enumerate(CRACK_WORDS))
_BLITZED = tuple(Factor(word, 2**count) for count, word in enumerate(BLITZ_WORDS))


def outcome(rules: Rules, points: int, tricks: Tricks) -> Outcome:
    """Win or lose, and the ladder tier, from the picking side's points."""
    won = points >= 61
    sweep = tricks is (Tricks.ALL if won else Tricks.NONE) or (
        rules.schwarz is Schwarz.POINTS and points == (TOTAL_POINTS if won else 0))
    if won:
        schneider = points >= (90 if rules.schneider_line is SchneiderLine.BOTH_31 else 91)
    else:
        schneider = points <= (29 if rules.schneider_line is SchneiderLine.UNDER_30 else 30)
    schneider = schneider or sweep
    factors: tuple[Factor, ...]
    if not schneider:
        factors = ()
    elif not sweep:
        factors = (_SCHNEIDER,)
    elif rules.ladder is Ladder.ADDITIVE:
        factors = (_SWEEPS[won, Ladder.ADDITIVE],)
    else:
        factors = (_SCHNEIDER, _SWEEPS[won, Ladder.DOUBLING])
    return Outcome(won, prod(f.times for f in factors), schneider, sweep, factors)


def score(rules: Rules, hand: Hand, seated: Sequence[str], doubling: int = 0,
          multiple: Multiple | None = None) -> dict[str, int]:
    """Points won (+) or paid (−) by each seated player for a checked hand.

    ``doubling`` is how many times pending doublers double this hand
    (0 or 1, more only under the ``stack`` policy); ``multiple`` is its
    :func:`paid_multiple`, when the caller has it already.
    """
    kind = hand.kind
    multiple = multiple or paid_multiple(rules, hand, doubling)
    times = multiple.times
    if kind is Kind.PICKED:
        payouts = _picked(rules, hand, seated, multiple) or dict.fromkeys(seated, 0)
        for name in hand.no_trick_pickers if rules.no_trick_pick_penalty else ():
            _add(payouts, _pays_each(name, rules.no_trick_points * penalty_factor(
                rules, doubling), seated))
    elif kind is Kind.LEASTER:
        assert hand.winner is not None
        stake = rules.base * times
        payouts = _pays_each(hand.winner, -stake, seated)
        if hand.second_winner is not None:  # he is paid L instead of paying it
            payouts[hand.second_winner] += 2 * stake
            payouts[hand.winner] -= 2 * stake
    elif kind is Kind.RENEGE:
        payouts = dict.fromkeys(seated, 0)
        _add(payouts, _renege(rules, hand, seated, times))
    elif (kind is Kind.CALLED_ACE_BURIED
          and rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD):
        assert hand.picker is not None
        payouts = _pays_each(hand.picker, rules.board * times, seated)
    elif kind is Kind.ADJUSTMENT:
        payouts = dict(hand.payouts)
    elif kind is Kind.SCHWANZER:  # each loser pays L to every seated non-loser
        stake = rules.base * times
        winners = [name for name in seated if name not in hand.losers]
        payouts = {name: stake * len(hand.losers) for name in winners}
        payouts.update({name: -stake * len(winners) for name in hand.losers})
    else:
        payouts = dict.fromkeys(seated, 0)
    assert sum(payouts.values()) == 0, f"payouts must sum to zero: {payouts}"
    return payouts


def _add(total: dict[str, int], more: dict[str, int]) -> None:
    for name, amount in more.items():
        total[name] += amount


def _pays_each(payer: str, amount: int, seated: Sequence[str]) -> dict[str, int]:
    """``payer`` pays ``amount`` to every other seated player (negative: is paid)."""
    out = {name: amount for name in seated if name != payer}
    out[payer] = -amount * (len(seated) - 1)
    return out


def penalty_factor(rules: Rules, doubling: int) -> int:
    """What multiplies a fixed penalty: 1, or with ``penalties_doubled`` the
    hand's pending doublers (docs/rules.md §9)."""
    return 2**doubling if rules.penalties_doubled else 1


def _capped(rules: Rules, factor: int) -> int:
    return factor if rules.max_multiplier is None else min(factor, rules.max_multiplier)


def leaster_factor(rules: Rules, doubling: int) -> int:
    """A leaster's stake: doubled by pending doublers, within the table's cap."""
    return _capped(rules, 2**doubling)


def plays_alone(rules: Rules, hand: Hand) -> bool:
    """The picker played without a partner at a table that has partners (the
    multiplier and the "alone" badge both ask this)."""
    return rules.has_partner and not hand.partners


@cache
def _doubled(doubling: int) -> Factor:
    return Factor("doubled" if doubling == 1 else f"doubled {doubling} times", 2**doubling)


@cache
def _alone(factor: int) -> Factor:
    return Factor("alone", factor)


def stake_factors(rules: Rules, hand: Hand, doubling: int) -> tuple[Factor, ...]:
    """What multiplies the stake M: doublers, declared doubler, cracks, blitzes, alone."""
    alone = rules.alone_factor > 1 and plays_alone(rules, hand)
    if not (doubling or hand.declared_doubler or hand.cracks or hand.blitzes or alone):
        return ()
    factors = []
    if doubling:
        factors.append(_doubled(doubling))
    if hand.declared_doubler:
        factors.append(_DECLARED)
    if hand.cracks:
        factors.append(_CRACKED[hand.cracks])
    if hand.blitzes:
        factors.append(_BLITZED[hand.blitzes])
    if alone:
        factors.append(_alone(rules.alone_factor))
    return tuple(factors)


def multiplier(rules: Rules, hand: Hand, doubling: int) -> int:
    """The stake multiplier M: doublers, cracks, blitzes, declared doubler, alone."""
    return prod(factor.times for factor in stake_factors(rules, hand, doubling))


def picked_multiple(rules: Rules, hand: Hand, doubling: int) -> Multiple:
    """What a picked hand (or a forfeited renege, tier 1) pays times the base:
    its stake's factors and its ladder tier's, within the table's cap (on
    the stake alone under ``cap = stake``)."""
    stake = stake_factors(rules, hand, doubling)
    result = outcome(rules, hand.points, hand.tricks) \
        if hand.kind is Kind.PICKED and hand.points is not None else None
    tier = result.tier if result is not None else 1
    stake_times = prod(factor.times for factor in stake) if stake else 1
    if rules.cap is Cap.STAKE:
        times = _capped(rules, stake_times) * tier
    else:
        times = _capped(rules, stake_times * tier)
    return Multiple(times, stake + result.factors if result is not None else stake,
                    stake_times, result)


def _doubled_only(rules: Rules, hand: Hand, doubling: int, factor: int) -> Multiple:
    """A leaster's, schwanzer's or penalty's multiple: the doublers and a
    declared doubler only (``factor``: what the table pays of them)."""
    if factor == 1:
        return Multiple()
    causes = (_doubled(doubling) if doubling else None,
              _DECLARED if hand.declared_doubler and hand.kind is not Kind.CALLED_ACE_BURIED
              else None)
    return Multiple(factor, tuple(c for c in causes if c is not None), factor)


def paid_multiple(rules: Rules, hand: Hand, doubling: int) -> Multiple:
    """What multiplied what ``hand`` pays, with every factor named: the plan
    :func:`score` pays by."""
    kind = hand.kind
    if kind is Kind.PICKED:
        if rules.seats == 2 and hand.points == 60:  # nobody pays a two-handed tie
            return Multiple(stake=multiplier(rules, hand, doubling))
        return picked_multiple(rules, hand, doubling)
    if kind is Kind.RENEGE and not rules.renege.flat:
        return picked_multiple(rules, hand, doubling)
    if kind is Kind.RENEGE:
        declared = doubling + int(hand.declared_doubler)
        return _doubled_only(rules, hand, doubling, penalty_factor(rules, declared))
    if kind is Kind.CALLED_ACE_BURIED and rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD:
        return _doubled_only(rules, hand, doubling, penalty_factor(rules, doubling))
    if kind in (Kind.LEASTER, Kind.SCHWANZER):
        declared = doubling + int(hand.declared_doubler)
        return _doubled_only(rules, hand, doubling, leaster_factor(rules, declared))
    return Multiple()


def _picked(rules: Rules, hand: Hand, seated: Sequence[str], multiple: Multiple
            ) -> dict[str, int]:
    """``multiple``: the hand's :func:`paid_multiple`, its times the base."""
    assert hand.points is not None
    if rules.seats == 2 and hand.points == 60:
        return {}
    result = multiple.outcome or outcome(rules, hand.points, hand.tricks)
    no_trick_loss = result.no_trick and not result.won
    return _shares(rules, hand, seated, result.won, multiple.times,
                   spare_partner=rules.partner_spared_on_no_trick and no_trick_loss,
                   single_loss=no_trick_loss and not rules.bump_on_no_trick, capped=True)


def _shares(rules: Rules, hand: Hand, seated: Sequence[str], won: bool, factor: int,
            spare_partner: bool = False, single_loss: bool = False,
            capped: bool = False) -> dict[str, int]:
    """Split one unit among the sides (docs/rules.md §2 step 5, §9 ``shares``)."""
    unit = rules.base * (factor if capped else _capped(rules, factor))
    if not won:
        single = single_loss or (hand.forced and not rules.forced_loss_doubled)
        unit = -unit * (1 if single else rules.bump)
    assert hand.picker is not None
    partners = list(hand.partners)
    defenders = [n for n in seated if n != hand.picker and n not in partners]
    out = {name: -unit for name in defenders}
    out.update({name: unit for name in partners})
    out[hand.picker] = (len(defenders) - len(partners)) * unit
    if rules.shares is Shares.EVEN and partners:
        _split_evenly(out, hand.picker, partners)
    if spare_partner:
        for name in partners:
            out[hand.picker] += out[name]
            out[name] = 0
    if rules.smith_rule and partners and hand.picker in hand.no_trick_pickers:
        _smith(out, hand.picker, partners, won)
    return out


def _smith(out: dict[str, int], picker: str, partners: list[str], won: bool) -> None:
    """The Smith rule (docs/rules.md §9): a picker who took no trick himself pays
    his partners' part of a loss, and gives his part of a win to them (split
    as evenly as whole points allow, the first-named partner taking any rest)."""
    if not won:
        for name in partners:
            out[picker] += out[name]
            out[name] = 0
        return
    size, extra = divmod(out[picker], len(partners))
    for i, name in enumerate(partners):
        out[name] += size + (extra if i == 0 else 0)
    out[picker] = 0


def _split_evenly(out: dict[str, int], picker: str, partners: list[str]) -> None:
    """The picking side's total split as evenly as whole points allow, the
    picker taking the larger part (2 against 4: 2/2; 2 against 5: 3/2)."""
    total = out[picker] + sum(out[name] for name in partners)
    size, extra = divmod(abs(total), len(partners) + 1)
    sign = 1 if total >= 0 else -1
    for name in partners:
        out[name] = sign * size
    out[picker] = sign * (size + extra)


def _renege(rules: Rules, hand: Hand, seated: Sequence[str], times: int) -> dict[str, int]:
    """``times``: what the hand's :func:`paid_multiple` pays."""
    assert hand.offender is not None
    if rules.renege.flat:
        return _pays_each(hand.offender, rules.renege_penalty * times, seated)
    picking_side = {hand.picker, *hand.partners}
    won = hand.offender not in picking_side
    return _shares(rules, hand, seated, won, times, capped=True)
