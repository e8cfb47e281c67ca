"""An event (pure): the seat draw of each session (from ``event_draw``), the
ranking of the players with the event's tie-breaks, each session's high
score and the prizes paid from the pot.

Players are their event numbers; points are ints and money integer cents.
What the pot pays is :mod:`scorekeeper.ledger.prizes`'s to decide; here the
plain plan of percents by place (whole dollars, the rest the house's) is
asked of it, as the event form's fields give it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from scorekeeper.ledger import prizes
from scorekeeper.ledger.event_draw import (
    ODD_CHOICES,
    Draw,
    draw,
    repeated_pairs,
    swap,
    table_sizes,
)
from scorekeeper.limits import MAX_SESSIONS

__all__ = [
    "ODD_CHOICES", "TIE_BREAKS", "TIE_BREAK_NAMES", "TIE_BREAK_WORDS", "TIE_RULES", "Draw",
    "Line", "Payout",
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


def _session_score(k: int) -> Callable[[Line], int]:
    """Session ``k``'s score as a tie-break's key (the higher first)."""
    return lambda line: -(line.sessions[k - 1] if k <= len(line.sessions) else 0)


_KEYS: dict[str, Callable[[Line], int]] = {
    "total": lambda line: -line.total,
    "best_session": lambda line: -max((p for k, p in enumerate(line.sessions, 1)
                                       if k in line.played), default=0),
    "fewer_penalties": lambda line: line.penalties,
    "drawn": lambda line: line.drawn,
    "last_session": lambda line: -line.sessions[-1] if line.sessions else 0,
    **{f"session_{k}": _session_score(k) for k in range(1, MAX_SESSIONS + 1)},
    #: The end of a chain, said: players still equal share the place.
    "split": lambda line: 0,
}
#: The tie-breaks of the standard rule, in order (an event's default).
TIE_BREAKS = ("total", "best_session", "fewer_penalties", "drawn")
#: Every tie-break a director may put in the order.
TIE_BREAK_NAMES = (*TIE_BREAKS, "last_session",
                   *(f"session_{k}" for k in range(1, MAX_SESSIONS + 1)), "split")
#: Each tie-break in words, as the leaderboard states the order.
TIE_BREAK_WORDS = {"total": "total points", "best_session": "best session",
                   "fewer_penalties": "fewer penalty points",
                   "drawn": "the first draw's order (table, then seat)",
                   "last_session": "the last session's score",
                   **{f"session_{k}": f"session {k}'s score" for k in range(1, MAX_SESSIONS + 1)},
                   "split": "nothing more: players still equal share the place"}


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
    "last_session": TieRule(("total", "last_session"), "Total, then the last session's "
                            "score; players still equal share the place", (
                                "Eve and Flo end on 28: Eve scored 11 in the last session, "
                                "Flo 6.",
                                "Eve places ahead of Flo.")),
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
    if name == "last_session":
        return f"the last session {a.sessions[-1]} against {b.sessions[-1]}"
    if name.startswith("session_"):
        return f"session {name[8:]}'s score {-_KEYS[name](a)} against {-_KEYS[name](b)}"
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
                             f"{', '.join(TIE_BREAK_NAMES)}")

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


#: The pot paid (:mod:`scorekeeper.ledger.prizes` decides it).
Payout = prizes.Paid
Plan = prizes.Paid
Prize = prizes.Won
Planned = prizes.Won


def payout(entries: int, fee_cents: int, places: Sequence[int], session_high: int,
           share: int, ranked: Sequence[Ranked], highs: Sequence[SessionHigh],
           sessions: int | None = None) -> Payout:
    """The prizes of the plain plan (percents of the pot by place, a percent
    for each session's high, at most ``share`` percent paid out) won by
    ``ranked``, the session highs ``highs``; whole dollars, rounded down."""
    if entries < 0 or fee_cents < 0:
        raise ValueError("Entries and the entry fee can't be negative")
    if not 0 <= share <= 100:
        raise ValueError(f"The share paid out is a percent of the pot (0 to 100), not {share}")
    if any(p < 0 for p in places) or session_high < 0:
        raise ValueError("A prize can't be a negative percent of the pot")
    count = len(highs) if sessions is None else sessions
    problem = overpaid(places, session_high, count, share)
    if problem:
        raise ValueError(problem)
    plan = prizes.simple(places, session_high, share)
    contenders = contenders_of(ranked, highs)
    return prizes.pay(plan, entries * fee_cents, contenders, max(count, 1),
                      [h.session for h in highs])


def contenders_of(ranked: Sequence[Ranked], highs: Sequence[SessionHigh] = (),
                  ineligible: frozenset[int] = frozenset(),
                  fines: Mapping[tuple[int, int], int] | None = None
                  ) -> list[prizes.Contender]:
    """The ranked players as the prizes see them; ``highs`` (when given)
    say who made each session's high (the others get no score for it);
    ``fines`` (number, session → penalty points) are taken off each
    session's score for its high."""
    tops = {(h.session, n): h.points for h in highs for n in h.numbers}
    off = fines or {}
    return [prizes.Contender(r.number, r.rank, r.number not in ineligible,
                             {s: r.sessions[s - 1] - off.get((r.number, s), 0)
                              for s in r.played if s <= len(r.sessions)}
                             if not highs else
                             {s: p for (s, n), p in tops.items() if n == r.number})
            for r in ranked]


def plan(entries: int, fee_cents: int, places: Sequence[int], session_high: int,
         sessions: int) -> Plan:
    """The plain plan at a pot of ``entries`` × ``fee_cents``: every place
    and every session high, each what it pays one winner (whole dollars)."""
    return prizes.planned(prizes.simple(places, session_high, 100), entries * fee_cents,
                          sessions)


def overpaid(places: Sequence[int], session_high: int, sessions: int, share: int) -> str | None:
    """Why the plain plan pays out more than ``share`` percent of the pot
    (places plus a session high for each of ``sessions``), or None."""
    planned = sum(places) + session_high * sessions
    if planned <= share:
        return None
    return (f"The prizes add up to {planned}% of the pot (places {sum(places)}% + "
            f"{sessions} session highs at {session_high}%), more than the {share}% paid out")


ordinal = prizes.ordinal
