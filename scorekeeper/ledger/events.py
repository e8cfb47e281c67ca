"""An event's pure arithmetic: seat draws, ranking, session highs and the
payout.  Standard library only.

(A plain version: a random draw and a simple sort, with the interface the
services call.)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

Tables = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Draw:
    """One session's seats: player numbers by table, in seat order."""

    seed: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeated_pairs: int


def table_sizes(count: int, seats: int) -> tuple[int, ...] | None:
    """Tables of ``seats`` or ``seats + 1`` (larger first) for ``count``
    players, or None when they can't be split so."""
    if count < seats:
        return None
    tables = count // seats
    extra = count - tables * seats
    if extra > tables:
        return None
    return (seats + 1,) * extra + (seats,) * (tables - extra)


def _pairs(tables: Tables) -> set[frozenset[int]]:
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


def repeated_pairs(tables: Tables, earlier: Sequence[Tables]) -> int:
    """How many pairs at these tables already sat together earlier."""
    before: set[frozenset[int]] = set()
    for session in earlier:
        before |= _pairs(session)
    return len(_pairs(tables) & before)


def draw(players: Sequence[int], seats: int, seed: int,
         earlier: Sequence[Tables] = (), odd: str = "byes") -> Draw:
    """Seat ``players`` at random (the same seed, the same tables); a count
    that can't be split leaves the fewest players out with a bye."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    byes: list[int] = []
    while order and table_sizes(len(order), seats) is None:
        byes.append(order.pop())
    sizes = table_sizes(len(order), seats) or ()
    tables, at = [], 0
    for size in sizes:
        tables.append(tuple(order[at:at + size]))
        at += size
    return Draw(seed, tuple(tables), tuple(sorted(byes)), repeated_pairs(tables, earlier))


def swap(tables: Tables, a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The tables with players ``a`` and ``b`` in each other's seats."""
    other = {a: b, b: a}
    return tuple(tuple(other.get(n, n) for n in t) for t in tables)


@dataclass(frozen=True)
class Line:
    """A player's points in each session (before penalties) and penalties."""

    number: int
    name: str
    sessions: tuple[int, ...]
    penalties: int
    drawn: int


@dataclass(frozen=True)
class Ranked:
    number: int
    name: str
    total: int
    sessions: tuple[int, ...]
    penalties: int
    rank: int


TIE_BREAKS = ("total", "best_session", "fewer_penalties", "drawn")


def _key(line: Line, tie_breaks: Sequence[str]) -> tuple[int, ...]:
    values = {"total": -(sum(line.sessions) - line.penalties),
              "best_session": -max(line.sessions, default=0),
              "fewer_penalties": line.penalties, "drawn": line.drawn}
    return tuple(values[t] for t in tie_breaks)


def rank(lines: Sequence[Line], tie_breaks: Sequence[str] = TIE_BREAKS) -> tuple[Ranked, ...]:
    """Best first; players equal on every tie-break share a rank."""
    ordered = sorted(lines, key=lambda line: (_key(line, tie_breaks), line.number))
    out: list[Ranked] = []
    for index, line in enumerate(ordered):
        same = out and _key(ordered[index - 1], tie_breaks) == _key(line, tie_breaks)
        out.append(Ranked(line.number, line.name, sum(line.sessions) - line.penalties,
                          line.sessions, line.penalties,
                          out[-1].rank if same else index + 1))
    return tuple(out)


@dataclass(frozen=True)
class SessionHigh:
    session: int
    numbers: tuple[int, ...]
    points: int


def session_highs(lines: Sequence[Line], sessions: int) -> tuple[SessionHigh, ...]:
    """Each session's top score and who made it."""
    highs = []
    for s in range(sessions):
        scores = [(line.sessions[s], line.number) for line in lines if len(line.sessions) > s]
        if not scores:
            continue
        top = max(p for p, _ in scores)
        highs.append(SessionHigh(s + 1, tuple(n for p, n in scores if p == top), top))
    return tuple(highs)


@dataclass(frozen=True)
class Prize:
    label: str
    numbers: tuple[int, ...]
    cents: int


@dataclass(frozen=True)
class Payout:
    pot_cents: int
    prizes: tuple[Prize, ...]
    house_cents: int


def _whole_dollars(cents: int) -> int:
    return cents // 100 * 100


def payout(entries: int, fee_cents: int, places: Sequence[int], session_high: int, share: int,
           ranked: Sequence[Ranked], highs: Sequence[SessionHigh]) -> Payout:
    """Prizes in whole dollars: percentages of the pot by place and to each
    session's high; what rounding leaves goes to the house."""
    pot = entries * fee_cents
    prizes = []
    for place, percent in enumerate(places, start=1):
        if place <= len(ranked):
            prizes.append(Prize(f"Place {place}", (ranked[place - 1].number,),
                                _whole_dollars(pot * percent // 100)))
    for high in highs:
        if session_high:
            prizes.append(Prize(f"Session {high.session} high", high.numbers,
                                _whole_dollars(pot * session_high // 100)))
    paid = sum(p.cents for p in prizes)
    return Payout(pot, tuple(prizes), pot - paid)
