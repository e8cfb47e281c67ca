"""Which games a night gives the skill rating: each hand that was played out
and won by someone, as teams ranked by who won it, and a night kept on paper
(totals only) as one game ranked by its totals.

Only the engine is asked (who picked, with whom, who sat in, what each was
paid, whether the picking side won): nothing here knows the rating method.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.rules import HandResult, Kind, Night, Rules, outcome


@dataclass(frozen=True)
class Game:
    """One rated game: its teams and each team's rank (0 is first; teams that
    tie share a rank).  ``sides`` marks a played-out hand: ``teams[0]`` is the
    picking side (the picker and his partners, or the picker alone) and
    ``teams[1]`` the defense."""

    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    sides: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for team in self.teams for name in team)


def ranked(values: Mapping[str, int]) -> Game | None:
    """Every player a team of his own, the most first; equal values share a
    rank.  None when there is nobody to beat (fewer than two players, or all
    equal)."""
    if len(values) < 2 or len(set(values.values())) < 2:
        return None
    names = sorted(values, key=lambda name: -values[name])
    return Game(tuple((name,) for name in names),
                tuple(sum(1 for other in values.values() if other > values[name])
                      for name in names))


def hand_game(rules: Rules, result: HandResult) -> Game | None:
    """The game a hand gives, or None for a hand nobody won at the table: a
    throw-in, a misdeal, a void, a penalty, a payment the rules don't model, a
    60-60 two-handed deal that pays nothing.

    A picked hand is the picking side against the defense, ranked by the
    engine's outcome (61 or more wins; a 60-60 tie goes to the defense).  A
    leaster or a schwanzer has no sides: every seated player for himself,
    ranked by what the hand paid him."""
    hand = result.hand
    if hand.kind is Kind.PICKED:
        if hand.picker is None or hand.points is None:
            return None
        if rules.seats == 2 and hand.points == 60:
            return None
        picking = (hand.picker, *hand.partners)
        defense = tuple(name for name in result.seated if name not in picking)
        if not defense:
            return None
        won = outcome(rules, hand.points, hand.tricks).won
        return Game((picking, defense), (0, 1) if won else (1, 0), sides=True)
    if hand.kind in (Kind.LEASTER, Kind.SCHWANZER):
        return ranked({name: result.payouts[name] for name in result.seated})
    return None


def night_games(rules: Rules, night: Night) -> tuple[Game, ...]:
    """The games of a night's hands, in the order they were played."""
    return hand_games(rules, night.results)


def hand_games(rules: Rules, results: Iterable[HandResult]) -> tuple[Game, ...]:
    """The games of some hands, in order."""
    return _kept(hand_game(rules, result) for result in results)


def totals_game(totals: Mapping[str, int]) -> tuple[Game, ...]:
    """A night kept on paper (its totals only) as one game: each player for
    himself, ranked by his total."""
    return _kept([ranked(totals)])


def _kept(games: Iterable[Game | None]) -> tuple[Game, ...]:
    return tuple(game for game in games if game is not None)
