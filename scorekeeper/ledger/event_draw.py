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
#: Swap partners the search may look at, per player drawn and in all: a
#: budget counted in partners rather than time, so a seed draws the same
#: tables on any machine.
LOOKS_PER_SEAT = 5_000
MAX_LOOKS = 400_000
#: Passes over the players facing an old tablemate without a new best before
#: the search kicks the best seating so far (random trades) and goes on.
PATIENCE = 3
KICK = 4

Met = dict[int, set[int]]
Pair = tuple[int, int]
_NONE: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Draw:
    """One session's tables (player numbers in seat order, table 1 first),
    the players left out of it and the pairs who meet again (each as its
    two player numbers, lower first, in order)."""

    seed: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    met_again: tuple[Pair, ...]

    @property
    def repeated_pairs(self) -> int:
        """How many pairs meet again."""
        return len(self.met_again)

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
    search finds (:func:`_keep_apart`).

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
        tables = _keep_apart(tables, met, _floor(tables, earlier), rng)
    for k, table in enumerate(tables[len(tables) - added:], start=1):
        table.append(-k)
    drawn = tuple(tuple(table) for table in tables)
    return Draw(seed, drawn, byes, repeated_pair_list(drawn, earlier))


def swap(tables: tuple[tuple[int, ...], ...], a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The tables with players ``a`` and ``b`` in each other's seats."""
    seated = {p for table in tables for p in table}
    for player in (a, b):
        if player not in seated:
            raise ValueError(f"Player {player} isn't seated in this draw")
    return tuple(tuple(b if p == a else a if p == b else p for p in table) for table in tables)


def repeated_pair_list(tables: Sequence[Sequence[int]],
                       earlier: Sequence[Sequence[Sequence[int]]]) -> tuple[Pair, ...]:
    """The pairs at ``tables`` who already shared a table in an ``earlier``
    session (a pair that met twice before is named once), each as (lower
    number, higher), in order; a filler's seat is nobody's to meet again."""
    met = _met(earlier)
    return tuple(sorted((min(p, q), max(p, q)) for table in tables
                        for p, q in combinations(table, 2) if q in met.get(p, ())))


def repeated_pairs(tables: Sequence[Sequence[int]],
                   earlier: Sequence[Sequence[Sequence[int]]]) -> int:
    """How many pairs at ``tables`` already shared a table in an ``earlier``
    session (:func:`repeated_pair_list`, counted)."""
    return len(repeated_pair_list(tables, earlier))


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


def _floor(tables: Sequence[Sequence[int]], earlier: Sequence[Sequence[Sequence[int]]]) -> int:
    """Repeats no seating at ``tables``' count of tables can go below: the
    players of one earlier table, spread as evenly as can be over them, still
    pair up within a table (the most any one earlier session forces)."""
    seated, count = {p for table in tables for p in table}, len(tables)
    most = 0
    for session in earlier:
        forced = 0
        for table in session:
            each, more = divmod(sum(p in seated for p in table), count)
            forced += more * (each + 1) * each // 2 + (count - more) * each * (each - 1) // 2
        most = max(most, forced)
    return most


def _keep_apart(tables: list[list[int]], met: Met, floor: int,
                rng: random.Random) -> list[list[int]]:
    """The seating with the fewest repeats found from ``tables``: each player
    facing an old tablemate in turn trades seats with the best partner at
    another table (a random one of the best), unless every trade adds
    repeats (one that leaves them as they are lets the search cross a
    plateau); after ``PATIENCE`` passes without a new best, a kick (``KICK``
    random trades from the best so far) starts it off again.  It stops at
    ``floor`` (nothing fewer exists) or when a budget of partners looked at,
    counted rather than timed so a seed draws the same tables on any
    machine, runs out."""
    seating = _Seating(tables, met)
    budget = min(MAX_LOOKS, LOOKS_PER_SEAT * len(seating.where))
    best, kept, idle = seating.cost, [list(t) for t in tables], 0
    while seating.cost > floor and budget > 0:
        troubled = [p for p in seating.everyone if seating.facing(p)]
        rng.shuffle(troubled)
        for player in troubled:
            if seating.facing(player):
                delta, partners = seating.best_partners(player)
                budget -= len(seating.where)
                if delta <= 0:
                    seating.exchange(player, partners[rng.randrange(len(partners))])
            if seating.cost < best:
                best, kept, idle = seating.cost, [list(t) for t in seating.tables], -1
            if seating.cost <= floor or budget <= 0:
                break
        idle += 1
        if idle >= PATIENCE:
            if seating.cost > best:  # back to the best (a rebuild costs a pass's looks)
                seating = _Seating([list(t) for t in kept], met)
                budget -= len(seating.where)
            seating.kick(rng)
            idle = 0
    return kept


class _Seating:
    """Tables being searched: each player's table, and how many of their old
    tablemates sit at each table, kept as players trade seats."""

    def __init__(self, tables: list[list[int]], met: Met) -> None:
        self.tables = tables
        self.where = {p: i for i, table in enumerate(tables) for p in table}
        self.everyone = sorted(self.where)
        self.met = {p: {q for q in met.get(p, _NONE) if q in self.where} for p in self.everyone}
        self.near: dict[int, dict[int, int]] = {p: {} for p in self.everyone}
        for p, known in self.met.items():
            near = self.near[p]
            for q in known:
                near[self.where[q]] = near.get(self.where[q], 0) + 1
        self.cost = sum(self.facing(p) for p in self.everyone) // 2

    def facing(self, p: int) -> int:
        """Old tablemates ``p`` meets at their own table."""
        return self.near[p].get(self.where[p], 0)

    def best_partners(self, a: int) -> tuple[int, list[int]]:
        """The lowest change in repeats ``a`` trading seats with a player at
        another table makes, and every partner who makes it."""
        ta, near, known = self.where[a], self.near, self.met[a]
        own = near[a].get(ta, 0)
        best, partners = len(self.where), []  # more than any change
        for tb, table in enumerate(self.tables):
            if tb == ta:
                continue
            base = near[a].get(tb, 0) - own
            for b in table:
                there = near[b]
                delta = base + there.get(ta, 0) - there.get(tb, 0) - 2 * (b in known)
                if delta < best:
                    best, partners = delta, [b]
                elif delta == best:
                    partners.append(b)
        return best, partners

    def kick(self, rng: random.Random) -> None:
        """``KICK`` trades of two players picked at random (at two tables)."""
        for _ in range(KICK):
            a, b = rng.sample(self.everyone, 2)
            if self.where[a] != self.where[b]:
                self.exchange(a, b)

    def exchange(self, a: int, b: int) -> None:
        """``a`` and ``b`` (at two tables) trade seats."""
        ta, tb = self.where[a], self.where[b]
        before = self.facing(a) + self.facing(b)
        self.tables[ta][self.tables[ta].index(a)] = b
        self.tables[tb][self.tables[tb].index(b)] = a
        self.where[a], self.where[b] = tb, ta
        for player, left, joined in ((a, ta, tb), (b, tb, ta)):
            for q in self.met[player]:
                near = self.near[q]
                near[left] -= 1
                near[joined] = near.get(joined, 0) + 1
        self.cost += self.facing(a) + self.facing(b) - before
