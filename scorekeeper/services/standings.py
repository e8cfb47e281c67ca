"""Reading a night without changing it: where everyone stands in points and
cents, what is pending, one hand's result, and who pays whom to settle up.
The JSON API and any page that shows totals read the night through here,
so money is always points × the table's stake, computed in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.models import GameTable
from scorekeeper.rules import HandResult
from scorekeeper.rules.settle import Transfer
from scorekeeper.services import NotFound
from scorekeeper.services import settle as settle_service
from scorekeeper.services.tables import in_cents, night_of


@dataclass(frozen=True)
class Standings:
    """The replayed totals of a table after its last hand."""

    balances: dict[str, int]
    balances_cents: dict[str, int]
    hands: int
    pending: tuple[int, ...]
    next_dealer: str


def standings(table: GameTable) -> Standings:
    """Balances (points and cents), hands played, pending doublers, next dealer."""
    night = night_of(table)
    balances = dict(night.balances)
    return Standings(balances, in_cents(table, balances), len(night.results),
                     night.pending, night.next_dealer)


def hand_results(table: GameTable) -> tuple[HandResult, ...]:
    """Every hand's result, in order, from a fresh replay."""
    return night_of(table).results


def hand_result(table: GameTable, number: int) -> HandResult:
    """Hand ``number``'s result (1-based), or NotFound."""
    results = hand_results(table)
    if not 1 <= number <= len(results):
        raise NotFound(f"No hand {number}")
    return results[number - 1]


def settlement(table: GameTable, unit: str = "none", bank: str | None = None
               ) -> tuple[tuple[Transfer, ...], tuple[Transfer, ...]]:
    """The fewest payments, in cents, that bring every balance to zero, after
    the payments early leavers already made (returned second, oldest first)."""
    result = settle_service.settlement(table, unit, bank)
    return result.transfers, tuple(p.transfer for p in result.early)
