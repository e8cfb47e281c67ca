"""An event (pure): the seat draw of each session (from ``event_draw``), the
ranking of the players with the event's tie-breaks, each session's high
score and the prizes paid from the pot.

Players are their event numbers; points are ints and money integer cents.
Prizes are whole dollars and the pot always adds up: what the prizes don't
take is the house's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

from scorekeeper.ledger.event_draw import (
    ODD_CHOICES,
    Draw,
    draw,
    repeated_pairs,
    swap,
    table_sizes,
)

__all__ = [
    "ODD_CHOICES", "TIE_BREAKS", "TIE_BREAK_WORDS", "TIE_RULES", "Draw", "Line", "Payout",
    "Plan", "TieRule", "tie_notes", "tie_rule_of",
    "Planned", "Prize", "Ranked", "SessionHigh",
    "draw", "ordinal", "overpaid", "payout", "plan", "rank", "repeated_pairs", "session_highs",
    "swap", "table_sizes",
]


@dataclass(frozen=True)
class Line:
    """One player's event so far: points per session (0 for a session not
    played), total penalty points taken off, their place in the first draw
    they sat in (the last tie-break: table, then seat) and the sessions they
    sat at a table in."""

    number: int
    name: str
    sessions: tuple[int, ...]
    penalties: int
    drawn: int
    played: frozenset[int] = frozenset()

    @property
    def total(self) -> int:
        return sum(self.sessions) - self.penalties


@dataclass(frozen=True)
class Ranked:
    """A player's place: ``rank`` is shared by players tied on every tie-break."""

    number: int
    name: str
    total: int
    sessions: tuple[int, ...]
    penalties: int
    rank: int
    #: The sessions they sat at a table in (a 0 elsewhere is a session not played).
    played: frozenset[int] = frozenset()


_KEYS: dict[str, Callable[[Line], int]] = {
    "total": lambda line: -line.total,
    "best_session": lambda line: -max((p for k, p in enumerate(line.sessions, 1)
                                       if k in line.played), default=0),
    "fewer_penalties": lambda line: line.penalties,
    "drawn": lambda line: line.drawn,
}
TIE_BREAKS = ("total", "best_session", "fewer_penalties", "drawn")
#: Each tie-break in words, as the leaderboard states the order.
TIE_BREAK_WORDS = {"total": "total points", "best_session": "best session",
                   "fewer_penalties": "fewer penalty points",
                   "drawn": "the first draw's order (table, then seat)"}


@dataclass(frozen=True)
class TieRule:
    """A way a tournament breaks its ties, as a director chooses it: the
    tie-breaks in order (players equal on all of them share the place and
    split its prizes), in words, with a two-line example."""

    breaks: tuple[str, ...]
    title: str
    example: tuple[str, str]


#: The tie rules a director chooses from, by name; the first is the default.
TIE_RULES: dict[str, TieRule] = {
    "standard": TieRule(TIE_BREAKS, "Total, then best session, then fewer penalty points, "
                        "then the first draw: nobody shares a place", (
                            "Ann and Bob end on 31: Ann's best session was 17, Bob's 12.",
                            "Ann places ahead of Bob; every prize goes whole to one player.")),
    "best_session": TieRule(("total", "best_session"), "Total, then best session; "
                            "players still equal share the place", (
                                "Cat and Dan end on 25, each with a best session of 13.",
                                "They share 3rd and split 3rd's and 4th's prizes.")),
    "total": TieRule(("total",), "Total only; players equal share the place", (
        "Ann, Bob and Cat end on 24, in 3rd place.",
        "They share 3rd: 3rd's, 4th's and 5th's prizes are added up and split three ways.")),
}


def tie_notes(lines: Sequence[Line], ranked: Sequence[Ranked],
              tie_breaks: Sequence[str]) -> tuple[str, ...]:
    """For each tie on total points, what broke it ("3rd: Barb ahead of Cal
    on 24 — best session 9 against 7") or that the players share the place
    and split its prizes, in rank order."""
    by_number = {line.number: line for line in lines}
    notes: list[str] = []
    for _, same_total in groupby(ranked, key=lambda r: r.total):
        group = list(same_total)
        if len(group) < 2:
            continue
        places = [list(shared) for _, shared in groupby(group, key=lambda r: r.rank)]
        for k, shared in enumerate(places):
            if k:  # what put the place before it ahead of this one
                a, b = by_number[places[k - 1][-1].number], by_number[shared[0].number]
                broke = next(name for name in tie_breaks if _KEYS[name](a) != _KEYS[name](b))
                notes.append(f"{ordinal(places[k - 1][-1].rank)}: {a.name} ahead of {b.name} "
                             f"on {a.total} — " + _broken_by(broke, a, b))
            if len(shared) > 1:
                notes.append(f"{_names([r.name for r in shared])} share {ordinal(shared[0].rank)} "
                             f"on {shared[0].total}: equal on every tie-break, they split "
                             "its prizes")
    return tuple(notes)


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _broken_by(name: str, a: Line, b: Line) -> str:
    """How tie-break ``name`` tells ``a`` before ``b``, with both values."""
    if name == "best_session":
        return f"best session {-_KEYS[name](a)} against {-_KEYS[name](b)}"
    if name == "fewer_penalties":
        return f"{a.penalties} penalty points against {b.penalties}"
    return "the first draw's order (table, then seat)"


def tie_rule_of(breaks: Sequence[str]) -> str | None:
    """The name of the tie rule with these tie-breaks (None: one of its own)."""
    return next((name for name, rule in TIE_RULES.items()
                 if rule.breaks == tuple(breaks)), None)


def rank(lines: Sequence[Line], tie_breaks: Sequence[str] = TIE_BREAKS) -> tuple[Ranked, ...]:
    """The players best first, compared on each of ``tie_breaks`` in turn;
    players equal on all of them share a rank (1, 2, 2, 4)."""
    for name in tie_breaks:
        if name not in _KEYS:
            raise ValueError(f"There is no tie-break {name!r}: choose from "
                             f"{', '.join(TIE_BREAKS)}")

    keys = [_KEYS[name] for name in tie_breaks]

    def key(line: Line) -> tuple[int, ...]:
        return tuple([k(line) for k in keys])

    keyed = sorted((key(line), line.number, i) for i, line in enumerate(lines))
    ranked: list[Ranked] = []
    previous: tuple[int, ...] | None = None
    place = 0
    for position, (found, _, i) in enumerate(keyed, 1):
        line = lines[i]
        if found != previous:
            place, previous = position, found
        ranked.append(Ranked(line.number, line.name, line.total, line.sessions,
                             line.penalties, place, line.played))
    return tuple(ranked)


@dataclass(frozen=True)
class SessionHigh:
    """Session ``session``'s highest score and everyone who made it."""

    session: int
    numbers: tuple[int, ...]
    points: int


def session_highs(lines: Sequence[Line], scored: Iterable[int]) -> tuple[SessionHigh, ...]:
    """The high score of each ``scored`` session (one with a result: a hand
    or a paper ticket) among the players who sat at a table in it, and the
    players tied on it.  A session nobody has a result in has no high."""
    highs = []
    for session in sorted(set(scored)):
        scores = {line.number: line.sessions[session - 1] for line in lines
                  if session in line.played and len(line.sessions) >= session}
        if scores:
            top = max(scores.values())
            highs.append(SessionHigh(session, tuple(sorted(n for n, s in scores.items()
                                                            if s == top)), top))
    return tuple(highs)


@dataclass(frozen=True)
class Prize:
    """A prize and its winners: ``cents`` is what it pays in all, ``each`` what
    each winner takes (players tied for it split it evenly)."""

    label: str
    numbers: tuple[int, ...]
    cents: int

    @property
    def each(self) -> int:
        return self.cents // len(self.numbers) if self.numbers else 0


@dataclass(frozen=True)
class Payout:
    """The pot and its prizes: ``rounding_cents`` is what paying each winner
    whole dollars left of the prizes won, ``house_cents`` the rest (the
    house's share and any prize nobody won).  They add up to the pot."""

    pot_cents: int
    prizes: tuple[Prize, ...]
    house_cents: int
    rounding_cents: int


@dataclass(frozen=True)
class Planned:
    """A prize of the payout plan before anyone has won it: its label, its
    percent of the pot and what it pays at the pot so far (whole dollars)."""

    label: str
    percent: int
    cents: int


def payout(entries: int, fee_cents: int, places: Sequence[int], session_high: int,
           share: int, ranked: Sequence[Ranked], highs: Sequence[SessionHigh],
           sessions: int | None = None) -> Payout:
    """The prizes from a pot of ``entries`` × ``fee_cents``: ``places`` are
    percents of the pot by place (30, 15, 10, ...), ``session_high`` the
    percent to each of ``highs``, and together (over ``sessions`` session
    highs; default one per high) they may pay out at most ``share`` percent.
    Players tied for a place split that place and the places they cover;
    every winner takes whole dollars, rounded down."""
    pot = entries * fee_cents
    _check_plan(entries, fee_cents, places, session_high, share,
                len(highs) if sessions is None else sessions)
    prizes: list[Prize] = []
    owed = 0  # what the prizes won are worth before rounding to whole dollars
    groups: dict[int, list[int]] = {}
    for player in ranked:
        groups.setdefault(player.rank, []).append(player.number)
    for place, numbers in sorted(groups.items()):
        covered = places[place - 1:place - 1 + len(numbers)]
        if covered:
            label = ordinal(place) + (" (tie)" if len(numbers) > 1 else "")
            prizes.append(_prize(label, numbers, pot, sum(covered)))
            owed += pot * sum(covered) // 100
    for high in highs:
        prizes.append(_prize(f"Session {high.session} high", high.numbers, pot, session_high))
        owed += pot * session_high // 100
    paid = sum(prize.cents for prize in prizes)
    rounding = owed - paid
    house = pot - paid - rounding
    assert rounding >= 0 and house >= 0 and paid + rounding + house == pot
    return Payout(pot, tuple(prizes), house, rounding)


@dataclass(frozen=True)
class Plan:
    """The payout plan at a pot: each prize as it pays one winner, what
    rounding those to whole dollars leaves, and the house's share."""

    pot_cents: int
    prizes: tuple[Planned, ...]
    house_cents: int
    rounding_cents: int


def plan(entries: int, fee_cents: int, places: Sequence[int], session_high: int,
         sessions: int) -> Plan:
    """The payout plan at a pot of ``entries`` × ``fee_cents``: every place
    and every session high, each what it pays one winner (whole dollars)."""
    pot = entries * fee_cents
    percents = [(ordinal(k), pct) for k, pct in enumerate(places, start=1) if pct]
    if session_high:
        percents += [(f"Session {s} high", session_high) for s in range(1, sessions + 1)]
    prizes = tuple(Planned(label, pct, _prize(label, [0], pot, pct).cents)
                   for label, pct in percents)
    paid = sum(z.cents for z in prizes)
    rounding = sum(pot * pct // 100 for _, pct in percents) - paid
    return Plan(pot, prizes, pot - paid - rounding, rounding)


def _prize(label: str, numbers: Sequence[int], pot: int, percent: int) -> Prize:
    """``percent`` of ``pot`` split among ``numbers``, each share in whole dollars."""
    each = pot * percent // (10_000 * max(len(numbers), 1)) * 100 if numbers else 0
    return Prize(label, tuple(numbers), each * len(numbers))


def _check_plan(entries: int, fee_cents: int, places: Sequence[int], session_high: int,
                share: int, sessions: int) -> None:
    if entries < 0 or fee_cents < 0:
        raise ValueError("Entries and the entry fee can't be negative")
    if not 0 <= share <= 100:
        raise ValueError(f"The share paid out is a percent of the pot (0 to 100), not {share}")
    if any(p < 0 for p in places) or session_high < 0:
        raise ValueError("A prize can't be a negative percent of the pot")
    too_much = overpaid(places, session_high, sessions, share)
    if too_much is not None:
        raise ValueError(too_much)


def overpaid(places: Sequence[int], session_high: int, sessions: int, share: int) -> str | None:
    """Why the plan pays out more than ``share`` percent of the pot (places
    plus a session high for each of ``sessions``), or None when it doesn't."""
    planned = sum(places) + session_high * sessions
    if planned <= share:
        return None
    return (f"The prizes add up to {planned}% of the pot (places {sum(places)}% + "
            f"{sessions} session highs at {session_high}%), more than the {share}% paid out")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
