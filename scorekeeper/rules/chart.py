"""The payout chart of a rule set: outcome x role, with a partner and alone,
in the shape of a printed payout table.  Every cell is the engine's own
payout for a representative hand, so the chart can never disagree with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.hand import Hand
from scorekeeper.rules.options import Rules
from scorekeeper.rules.scoring import score
from scorekeeper.rules.vocabulary import CalledAceBuried, Kind, NobodyPicks, Tricks

# (key, label, picking side's points, tricks) — the points are chosen to fall
# on the same side of every schneider line.
OUTCOMES: tuple[tuple[str, str, int, Tricks], ...] = (
    ("win-all-tricks", "Won every trick", TOTAL_POINTS, Tricks.ALL),
    ("win-schneider", "Won, defense schneidered", 95, Tricks.SOME),
    ("win", "Won", 75, Tricks.SOME),
    ("lose", "Lost", 45, Tricks.SOME),
    ("lose-schneider", "Lost, schneidered", 20, Tricks.SOME),
    ("lose-no-trick", "Lost without a trick", 0, Tricks.NONE),
)


@dataclass(frozen=True)
class ChartRow:
    """One outcome: what the picker, a partner and each defender get."""

    key: str
    label: str
    points: int
    tricks: Tricks
    with_partner: Mapping[str, int] | None
    alone: Mapping[str, int]


@dataclass(frozen=True)
class Chart:
    """The whole chart; ``partners`` is how many partners the first table has."""

    partners: int
    defenders_with_partner: int
    defenders_alone: int
    rows: tuple[ChartRow, ...]
    #: The hands that aren't a picker against the rest (leasters, schwanzers, flat
    #: penalties): ``alone`` holds what the player named ("named") and each other
    #: seated player ("other") get; ``with_partner`` is unused.
    others: tuple[ChartRow, ...] = ()


def payout_chart(rules: Rules, doubling: int = 0) -> Chart:
    """The chart for ``rules`` (``doubling=1`` for a doubled hand)."""
    seated = tuple(f"seat{i}" for i in range(rules.seats))
    partners = rules.most_partners or 1
    with_partner = seated[-partners:] if rules.has_partner else None
    rows = []
    for key, label, points, tricks in OUTCOMES:
        rows.append(ChartRow(
            key, label, points, tricks,
            _cell(rules, seated, points, tricks, with_partner, doubling) if with_partner else None,
            _cell(rules, seated, points, tricks, (), doubling)))
    if not rules.has_partner:
        partners = 0
    return Chart(partners, rules.seats - 1 - partners if partners else 0,
                 rules.seats - 1, tuple(rows), _others(rules, seated, doubling))


def _others(rules: Rules, seated: tuple[str, ...], doubling: int) -> tuple[ChartRow, ...]:
    """What the table's other scored hands pay: (key, label, hand) for each it plays."""
    hands: list[tuple[str, str, Hand]] = []
    if rules.nobody_picks is NobodyPicks.LEASTER:
        hands.append(("leaster", "Leaster: the winner",
                      Hand(kind=Kind.LEASTER, winner=seated[0])))
    if rules.nobody_picks is NobodyPicks.SCHWANZER:
        hands.append(("schwanzer", "Schwanzer: the one who pays",
                      Hand(kind=Kind.SCHWANZER, losers=(seated[0],))))
        if rules.seats > 3:
            hands.append(("schwanzer-two", "Schwanzer, two tied: each of them",
                          Hand(kind=Kind.SCHWANZER, losers=(seated[0], seated[-1]))))
    if rules.renege.flat:
        hands.append(("renege", "Renege: the offender", Hand(kind=Kind.RENEGE,
                                                             offender=seated[0])))
    if rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD:
        hands.append(("board", "Called ace buried: the picker",
                      Hand(kind=Kind.CALLED_ACE_BURIED, picker=seated[0])))
    rows = []
    for key, label, hand in hands:
        paid = score(rules, hand, seated, doubling)
        rows.append(ChartRow(key, label, 0, Tricks.SOME, None,
                             {"named": paid[seated[0]], "other": paid[seated[1]]}))
    return tuple(rows)


def _cell(rules: Rules, seated: tuple[str, ...], points: int, tricks: Tricks,
          partners: tuple[str, ...], doubling: int) -> dict[str, int]:
    hand = Hand(picker=seated[0], partners=partners, points=points, tricks=tricks,
                alone=bool(rules.has_partner and not partners))
    payouts = score(rules, hand, seated, doubling)
    cell = {"picker": payouts[seated[0]], "defender": payouts[seated[1]]}
    if partners:
        cell["partner"] = payouts[partners[0]]
    return cell
