"""Nights of totals: a night whose result came from paper (a group's history
brought in from a spreadsheet), kept as each player's points for the night
instead of hands.  Such a night has its players and no hands; its totals
sum to zero, and it is closed and settled at the table when it is made.

Everything that reads a night's result asks :func:`totals_of` first: the
season (:mod:`scorekeeper.services.groups.seasons`), a player's record, and a
rating that ranks a night of totals as one game by its totals.  The night's
own pages, its share link and the API read it through
:class:`~scorekeeper.services.nights.state.TableState`, whose night is its totals
(standings, money and settle-up as for any night), and the policy sees it
as a closed night (:mod:`scorekeeper.services.access.credentials`): it takes no hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.db.models import GameTable
from scorekeeper.limits import MAX_TICKET_POINTS, QUOTED
from scorekeeper.services import ServiceError

#: Why a night of totals takes no hand (the policy refuses every write of a
#: hand, and every change of its players, with these words).
TAKES_NO_HANDS = ("This night's result came from paper: each player's total, with no "
                  "hands. It takes no hands, and its players stay as they were")


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


def check_totals(raw: object, players: Sequence[str], hands: int) -> dict[str, int] | None:
    """A night's totals as a file gives them (a group's export): None for a
    night of hands, else whole points for the night's own players, summing
    to zero, on a night without hands; anything else is refused."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not raw:
        raise ServiceError("totals must be each player's points for the night", "totals")
    if hands:
        raise ServiceError("a night of totals has no hands", "totals")
    totals: dict[str, int] = {}
    for name, points in raw.items():
        if name not in players:
            raise ServiceError(f"totals: {str(name)[:QUOTED]!r} isn't a player of the night",
                               "totals")
        if isinstance(points, bool) or not isinstance(points, int) \
                or abs(points) > MAX_TICKET_POINTS:
            raise ServiceError(f"totals: {name}'s points must be a whole number (up to "
                               f"{MAX_TICKET_POINTS:,} either way)", "totals")
        totals[name] = points
    if sum(totals.values()):
        raise ServiceError("totals must add up to zero", "totals")
    return totals
