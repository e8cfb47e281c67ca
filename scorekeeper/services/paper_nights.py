"""Nights of totals: a night whose result came from paper (a group's history
brought in from a spreadsheet), kept as each player's points for the night
instead of hands.  Such a night has its players and no hands; its totals
sum to zero, and it is closed and settled at the table when it is made.

Everything that reads a night's result asks :func:`totals_of` first: the
season (:mod:`scorekeeper.services.seasons`), a player's record, and a
rating that ranks a night of totals as one game by its totals.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.db.models import GameTable


def totals_of(table: GameTable) -> dict[str, int] | None:
    """Each player's points for a night of totals (player name → points, in
    seat order; they sum to zero), or None for a night of hands."""
    return as_totals(table.totals)


def as_totals(kept: Mapping[str, int] | None) -> dict[str, int] | None:
    """The stored totals of a night read as names and whole points (None:
    a night of hands)."""
    if kept is None:
        return None
    return {str(name): int(points) for name, points in kept.items()}
