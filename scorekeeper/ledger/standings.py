"""The standings: the one shape in which every page and the API read where
the players stand (rank, points and cents), from a replayed night.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from scorekeeper.ledger.money import to_cents
from scorekeeper.rules import Night


@dataclass(frozen=True)
class Standing:
    """One player: rank (ties share it), seat, points, cents, still at the table."""

    rank: int
    name: str
    seat: int
    points: int
    cents: int
    present: bool


@dataclass(frozen=True)
class Standings:
    """Every player, best first; ties share a rank (1, 2, 2, 4) and keep seat order."""

    ranked: tuple[Standing, ...]

    @property
    def by_seat(self) -> tuple[Standing, ...]:
        """The same rows in seat order (tables and settle-up read them so)."""
        return tuple(sorted(self.ranked, key=lambda s: s.seat))

    @property
    def points(self) -> dict[str, int]:
        """Points by name, in seat order."""
        return {s.name: s.points for s in self.by_seat}

    @property
    def cents(self) -> dict[str, int]:
        """Cents by name, in seat order."""
        return {s.name: s.cents for s in self.by_seat}


def standings(night: Night, present: Collection[str], stake_cents: int) -> Standings:
    """Rank the night's balances; ``present`` is who is still at the table."""
    seat = {name: i for i, name in enumerate(night.players)}
    ordered = sorted(night.players, key=lambda name: (-night.balances[name], seat[name]))
    rows: list[Standing] = []
    for index, name in enumerate(ordered):
        points = night.balances[name]
        rank = rows[-1].rank if rows and rows[-1].points == points else index + 1
        rows.append(Standing(rank, name, seat[name], points, to_cents(points, stake_cents),
                             name in present))
    return Standings(tuple(rows))
