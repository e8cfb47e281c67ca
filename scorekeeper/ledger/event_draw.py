"""The seat draw for one session of an event (pure): which table sizes seat a
number of players, who sits out (or which seats a filler takes) when no
split exists, and a seeded draw that keeps apart players who already shared
a table in an earlier session.

Players are their event numbers; a filler seat is a negative number (−1,
−2, …): somebody the director sits there to make up the table, who plays
its hands but isn't in the event and doesn't rank.  The draw depends on nothing but its inputs
and the seed, so the director can show the seed and anyone can draw again to
the same tables.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

#: What a draw may do with a count that no mix of tables seats exactly: leave
#: the fewest players out with a bye (0 points for the session), or add the
#: fewest filler seats, at most one a table.
ODD_CHOICES = ("byes", "fillers")
#: What a bye scores for the session.
BYE_POINTS = 0
#: Each choice in words, as the director picks it and the pages state it.
ODD_WORDS = {
    "byes": f"Byes: the fewest players sit the session out and score {BYE_POINTS}",
    "fillers": "Filler seats: the fewest seats are made up by somebody who isn't in "
               "the event (a volunteer), one a table; their points don't rank",
}
#: Players tried as a swap partner for one player facing an old tablemate.
TRIES_PER_PLAYER = 12
#: Swap attempts per player drawn, and in all: a budget counted in attempts
#: rather than time, so a seed draws the same tables on any machine.
TRIES_PER_SEAT = 150
MAX_TRIES = 30_000
#: Passes over the players facing an old tablemate without fewer repeats
#: before the search settles for what it has.
PATIENCE = 10

Met = dict[int, set[int]]
_NONE: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Draw:
    """One session's tables (player numbers in seat order, table 1 first),
    the players left out of it and how many pairs meet again."""

    seed: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeated_pairs: int

    @property
    def fillers(self) -> int:
        """How many filler seats the draw added."""
        return sum(1 for table in self.tables for p in table if is_filler(p))


def is_filler(seat: int) -> bool:
    """A filler's seat, not an entrant's."""
    return seat < 0


def filler_name(seat: int) -> str:
    """What a filler's seat is called at its table ("Filler 1"); no entrant
    may be registered under such a name (:func:`is_filler_name`)."""
    return f"Filler {-seat}"


def is_filler_name(name: str) -> bool:
    """``name`` is a filler seat's, however it is typed ("filler 2")."""
    word, _, number = name.strip().partition(" ")
    return word.casefold() == "filler" and number.strip().isdigit()


def seat_number(name: str, numbers: Mapping[str, int]) -> int:
    """The number of whoever sits at a seat called ``name``: the entrant's,
    or a filler's (−2 for "Filler 2"); 0 for a name neither is."""
    if name in numbers:
        return numbers[name]
    return -int(name.split()[1]) if is_filler_name(name) else 0


def fillers_needed(count: int, seats: int) -> int:
    """The fewest filler seats that let ``count`` players split into tables
    (0 when they already do)."""
    added = 0
    while table_sizes(count + added, seats) is None:
        added += 1
    return added


def table_sizes(count: int, seats: int) -> tuple[int, ...] | None:
    """Table sizes for ``count`` players at a ``seats``-handed game: each table
    ``seats`` or ``seats + 1`` (the dealer sits out), never fewer, with as few
    tables of ``seats + 1`` as possible (those first).  None when no split
    exists: fewer players than one table, or more left over than tables to
    take one extra each (13 or 14 at five-handed)."""
    if seats < 2:
        raise ValueError(f"A table needs at least 2 seats, not {seats}")
    tables, extra = divmod(count, seats)
    if tables == 0 or extra > tables:
        return None
    return (seats + 1,) * extra + (seats,) * (tables - extra)


def draw(players: Sequence[int], seats: int, seed: int,
         earlier: Sequence[Sequence[Sequence[int]]] = (), odd: str = "byes") -> Draw:
    """Seat ``players`` at random with ``seed``, keeping apart as many pairs
    who shared a table in ``earlier`` sessions as a bounded, seeded local
    search finds (swaps between tables while the repeats fall).

    When the count has no split, ``odd`` decides; "byes" leaves out the
    fewest players, picked at random among those who missed the fewest
    earlier sessions, so nobody sits out twice while another hasn't once;
    "fillers" adds the fewest filler seats, one at each of the last tables."""
    if odd not in ODD_CHOICES:
        raise ValueError(f"A count that doesn't split into tables can only be answered "
                         f"with {' or '.join(repr(c) for c in ODD_CHOICES)}, not {odd!r}")
    pool = sorted(players)
    if len(set(pool)) != len(pool):
        twice = next(p for p, q in zip(pool, pool[1:], strict=False) if p == q)
        raise ValueError(f"Player {twice} is in the draw twice")
    if table_sizes(len(pool), seats) is None and len(pool) < seats:
        raise ValueError(f"{len(pool)} players can't fill a {seats}-handed table")
    if any(is_filler(p) for p in pool):
        raise ValueError("Player numbers are positive")
    rng = random.Random(seed)
    byes = _byes(pool, seats, earlier, rng) if odd == "byes" else ()
    seated = [p for p in pool if p not in set(byes)]
    added = fillers_needed(len(seated), seats)
    rng.shuffle(seated)
    sizes = table_sizes(len(seated) + added, seats)
    assert sizes is not None, "the byes or fillers leave a count that splits"
    tables: list[list[int]] = []
    for size in sizes:
        take = size - (len(sizes) - len(tables) <= added)  # a filler at each of the last
        tables.append(seated[:take])
        del seated[:take]
    met = _met(earlier)
    if met:
        _keep_apart(tables, met, rng)
    for k, table in enumerate(tables[len(tables) - added:], start=1):
        table.append(-k)
    drawn = tuple(tuple(table) for table in tables)
    return Draw(seed, drawn, byes, repeated_pairs(drawn, earlier))


def swap(tables: tuple[tuple[int, ...], ...], a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The tables with players ``a`` and ``b`` in each other's seats."""
    seated = {p for table in tables for p in table}
    for player in (a, b):
        if player not in seated:
            raise ValueError(f"Player {player} isn't seated in this draw")
    return tuple(tuple(b if p == a else a if p == b else p for p in table) for table in tables)


def repeated_pairs(tables: Sequence[Sequence[int]],
                   earlier: Sequence[Sequence[Sequence[int]]]) -> int:
    """How many pairs at ``tables`` already shared a table in an ``earlier``
    session (a pair that met twice before counts once)."""
    met = _met(earlier)
    return sum(1 for table in tables for p, q in combinations(table, 2) if q in met.get(p, ()))


def _met(earlier: Sequence[Sequence[Sequence[int]]]) -> Met:
    met: Met = {}
    for session in earlier:
        for table in session:  # a filler's seat is nobody's to meet again
            for p, q in combinations([p for p in table if not is_filler(p)], 2):
                met.setdefault(p, set()).add(q)
                met.setdefault(q, set()).add(p)
    return met


def _byes(pool: list[int], seats: int, earlier: Sequence[Sequence[Sequence[int]]],
          rng: random.Random) -> tuple[int, ...]:
    """The fewest players to leave out so the rest split into tables: all
    tables of ``seats + 1`` at the most tables the count allows."""
    tables, extra = divmod(len(pool), seats)
    out = max(0, extra - tables)
    if not out:
        return ()
    played = [{p for table in session for p in table} for session in earlier]
    missed = {p: sum(p not in session for session in played) for p in pool}
    order = sorted(pool, key=lambda p: (missed[p], rng.random()))
    return tuple(sorted(order[:out]))


def _keep_apart(tables: list[list[int]], met: Met, rng: random.Random) -> None:
    """Swap players between ``tables`` (in place) while the repeats fall,
    within a budget of attempts, until no pass over the players facing an old
    tablemate has lowered them for ``PATIENCE`` passes."""
    seating = _Seating(tables, met)
    budget = min(MAX_TRIES, TRIES_PER_SEAT * len(seating.everyone))
    cost = sum(seating.facing(p) for p in seating.everyone) // 2
    best, idle = cost, 0
    while cost and budget > 0 and idle < PATIENCE:
        troubled = [p for p in seating.everyone if seating.facing(p)]
        rng.shuffle(troubled)
        for player in troubled:
            if seating.facing(player):
                cost += seating.improve(player, rng)
                budget -= TRIES_PER_PLAYER
        idle = 0 if cost < best else idle + 1
        best = min(best, cost)


class _Seating:
    """Tables being searched, with each player's table at hand."""

    def __init__(self, tables: list[list[int]], met: Met) -> None:
        self.tables, self.met = tables, met
        self.where = {p: i for i, table in enumerate(tables) for p in table}
        self.everyone = sorted(self.where)

    def facing(self, p: int, table: int | None = None, without: int | None = None) -> int:
        """Old tablemates ``p`` meets at ``table`` (their own), ``without`` one player."""
        known = self.met.get(p, _NONE)
        seats = self.tables[self.where[p] if table is None else table]
        return sum(1 for q in seats if q != without and q != p and q in known)

    def change(self, a: int, b: int) -> int:
        """How the repeats would change if ``a`` and ``b`` traded seats."""
        ta, tb = self.where[a], self.where[b]
        return (self.facing(a, tb, b) + self.facing(b, ta, a)
                - self.facing(a, ta, a) - self.facing(b, tb, b))

    def exchange(self, a: int, b: int) -> None:
        ta, tb = self.where[a], self.where[b]
        self.tables[ta][self.tables[ta].index(a)] = b
        self.tables[tb][self.tables[tb].index(b)] = a
        self.where[a], self.where[b] = tb, ta

    def improve(self, a: int, rng: random.Random) -> int:
        """Trade ``a`` with the first of a few players picked at random whose
        seat lowers the repeats; failing that with one that leaves them as
        they are (so the search can cross a plateau).  The change made."""
        level = None
        for _ in range(TRIES_PER_PLAYER):
            b = self.everyone[rng.randrange(len(self.everyone))]
            if self.where[b] == self.where[a]:
                continue
            delta = self.change(a, b)
            if delta < 0:
                self.exchange(a, b)
                return delta
            if delta == 0 and level is None:
                level = b
        if level is not None:
            self.exchange(a, level)
        return 0
