"""A table as one request sees it: its rows, its frozen rules, its players,
and its hands and night as kept in memory for this version (shared by every
request, see :mod:`scorekeeper.services.nights.kept`); a night of totals' night
is its totals, with no hands (:mod:`scorekeeper.services.nights.paper`).  Pages, the API and every
command read the table through this, so a request never rebuilds the rules
or replays the night.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass

from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.db.engine import writing
from scorekeeper.db.models import GameTable, Owner, db
from scorekeeper.ledger.standings import Standings, standings
from scorekeeper.policy.acl import Action
from scorekeeper.rules import Hand, HandResult, Night, Rules, replay
from scorekeeper.services import NotFound, caches, lazy, writes
from scorekeeper.services.nights import kept as nights
from scorekeeper.services.nights.kept import NIGHTS, Kept
from scorekeeper.services.nights.paper import totals_of

Roster = tuple[int, Rules, tuple[str, ...], tuple[str, ...]]


#: Each table's rules and roster at its latest version read (version, rules,
#: players, present), by share token.
ROSTERS: caches.Recent[str, Roster] = caches.register("rosters", caches.Recent(4096))


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
    #: the commit: its night must never be kept under that version.
    cacheable: bool = True
    #: The table's owner row, held while the state lives: a write that
    #: raises its version finds it in the session (not read again).
    owner: Owner | None = None

    @classmethod
    def load(cls, table: GameTable, cacheable: bool = True) -> TableState:
        """The table's rules and roster (hands are read when first needed).  Every
        roster change raises the version, so they are read once per version and
        kept (by share token, like the nights) for the requests that follow."""
        version = table.version
        cacheable = cacheable and not writing(db.session)
        known = ROSTERS.get(table.view_token) if cacheable else None
        if known is None or known[0] != version:
            players = table.players
            known = (version, Rules.from_dict(table.rules), tuple(p.name for p in players),
                     tuple(p.name for p in players if p.present))
            if cacheable:
                ROSTERS.put(table.view_token, known)
        return cls(table, known[1], known[2], known[3], version, cacheable, table.owner)

    @lazy
    def kept(self) -> Kept:
        """The night at this version with its hands and ids: kept in memory and
        shared by every request for the version, brought up to date from the
        audit log, or read from the rows (see :mod:`scorekeeper.services.nights.kept`)."""
        table = self.table
        if self.totals is not None:  # no hands to read: its totals are where it ended
            return Kept.of_totals(self.version, self.rules, self.players, self.totals)
        if not self.cacheable:
            return nights.read(table.id, self.rules, self.players, self.version)
        known = NIGHTS.get(table.view_token)
        if known is not None and known.version == self.version:
            return known
        kept = None
        if known is not None and known.version < self.version:
            kept = nights.catch_up(known, table.id, self.rules, self.players, self.version)
        if kept is None:
            kept = nights.read(table.id, self.rules, self.players, self.version)
            if not nights.still_at(table.id, self.version):
                return kept  # a write landed while the rows were read: don't keep it
        NIGHTS.put(table.view_token, kept)
        return kept

    @lazy
    def totals(self) -> dict[str, int] | None:
        """Each player's points of a night of totals (its result came from
        paper: it has no hands and takes none), None for a night of hands.
        Its night, standings and settle-up are these totals."""
        return totals_of(self.table)

    @property
    def paper(self) -> bool:
        """A night of totals (see :attr:`totals`)."""
        return self.totals is not None

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The recorded hands in order (as stored: with their dealer and seats)."""
        return self.kept.hands

    @property
    def hand_ids(self) -> tuple[int, ...]:
        """Each hand's id, in order: an id never changes, a number does."""
        return self.kept.hand_ids

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

    @lazy
    def night(self) -> Night:
        """The night as recorded, with the next dealer for who is here now."""
        return self.kept.night.with_present(self.present)

    @lazy
    def standings(self) -> Standings:
        """Where everyone stands, in points and cents."""
        return standings(self.night, self.present, self.table.stake_cents)

    def replay(self, hands: Sequence[Hand], trusted: Container[int] = (),
               start: int = 0) -> Night:
        """The night with ``hands`` instead of the recorded ones (a proposal):
        the first ``start`` of them are this night's own, ``trusted`` were
        checked when stored."""
        return replay(self.rules, self.players, hands, self.present, trusted=trusted,
                      since=self.kept.night if start else None, start=start)

    def result(self, number: int) -> HandResult:
        """Hand ``number``'s result (1-based), or NotFound."""
        if not 1 <= number <= len(self.hand_ids):
            raise NotFound(f"No hand {number}")
        return self.night.results[number - 1]


def version_of(row: object) -> int | None:
    """The version of a night, group or event as read now, for an answer's
    ETag; None if the row itself is gone (the caller abandons the request's
    session)."""
    try:
        return int(row.version)  # type: ignore[attr-defined]
    except SQLAlchemyError:  # deleted under the request (never in practice)
        return None


def begin_state(state: TableState, doing: Action) -> TableState:
    """:func:`~scorekeeper.services.writes.begin_night` for a loaded table;
    returns its state as of now: ``state`` itself when nothing was written
    since it was read, else the table read afresh."""
    writes.begin_night(state.table, doing)
    if state.table.version == state.version + 1:
        return state
    return TableState.load(state.table, cacheable=False)
