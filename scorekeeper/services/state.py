"""A table as one request sees it: its rows, its frozen rules, its players and
its hands decoded once, and the night replayed at most once (and not at all
when another request already replayed this version: see
:mod:`scorekeeper.services.nights`).  Pages, the API and every command read
the table through this, so a request never rebuilds the rules or replays the
same night twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from scorekeeper.db import codec
from scorekeeper.db.models import GameTable
from scorekeeper.ledger.standings import Standings, standings
from scorekeeper.rules import Hand, HandResult, Night, Rules, replay
from scorekeeper.services import NotFound
from scorekeeper.services.nights import NIGHTS


@dataclass
class TableState:
    """One table, loaded once; its hands, ``night`` and ``standings`` are worked out
    on first use."""

    table: GameTable
    rules: Rules
    players: tuple[str, ...]
    present: tuple[str, ...]
    version: int
    #: False when read inside a write, after the version was raised but before
    #: the commit: its night must never be shared under that version.
    cacheable: bool = True

    @classmethod
    def load(cls, table: GameTable, cacheable: bool = True) -> TableState:
        """Read the table's rules and roster (hands are read when first needed)."""
        return cls(table, Rules.from_dict(table.rules),
                   tuple(p.name for p in table.players),
                   tuple(p.name for p in table.players if p.present), table.version,
                   cacheable)

    @cached_property
    def hands(self) -> tuple[Hand, ...]:
        """The recorded hands in order, decoded once."""
        return tuple(codec.decode(row.data) for row in self.table.hands)

    @cached_property
    def hand_ids(self) -> tuple[int, ...]:
        """Each hand's id, in order: an id never changes, a number does."""
        return tuple(row.id for row in self.table.hands)

    def number_of(self, hand_id: int) -> int:
        """The hand's number now (1-based), or NotFound if it is gone."""
        try:
            return self.hand_ids.index(hand_id) + 1
        except ValueError:
            raise NotFound(f"That hand (#{hand_id}) isn't in this night any more: "
                           "another phone may have deleted it") from None

    @property
    def closed(self) -> bool:
        """True once the night is over (every write is refused)."""
        return self.table.closed_at is not None

    @cached_property
    def night(self) -> Night:
        """The night as recorded: replayed once per version of the table."""
        if not self.cacheable:
            return self.replay(self.hands)
        key = (self.table.view_token, self.version)
        night = NIGHTS.get(key)
        if night is None:
            night = self.replay(self.hands)
            NIGHTS.put(key, night)
        return night

    @cached_property
    def standings(self) -> Standings:
        """Where everyone stands, in points and cents."""
        return standings(self.night, self.present, self.table.stake_cents)

    def replay(self, hands: Sequence[Hand]) -> Night:
        """The night with ``hands`` instead of the recorded ones (a proposal)."""
        return replay(self.rules, self.players, hands, self.present)

    def result(self, number: int) -> HandResult:
        """Hand ``number``'s result (1-based), or NotFound."""
        if not 1 <= number <= len(self.hand_ids):
            raise NotFound(f"No hand {number}")
        return self.night.results[number - 1]
