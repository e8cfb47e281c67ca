"""An event's prize plan (pure): what the pot pays, to whom, and where the
rounding goes.  The one place a plan is decided: the event's settings,
its pages, prints, API and export all ask this module.

A plan is a list of prizes, each one of three kinds:

- ``place``: the ``place``-th best eligible total (1st, 2nd, ...);
- ``last``: a consolation prize, the ``place``-th lowest eligible total
  among those who won no place (1 = the lowest);
- ``session_high``: each session's highest score among the eligible
  (less that session's penalties with ``highs_after_penalties``).

and each pays one of four ways: a **fixed** amount (``cents``), a
**percent** of the pot, a **weight**: a share of what the paid-out part
of the pot (``share`` percent; the rest is the house's) leaves after the
fixed and percent prizes, or **goods** (a prize in kind, "a deer", worth
nothing of the pot: its winners are named, no money is paid).  Each
winner's share is rounded down to ``unit_cents`` (a dollar or a cent),
and what rounding leaves goes to the house, to the 1st place, or on to the
next prize (``remainder``).
Withdrawn players keep their points and, unless ``withdrawn_win``, win
nothing; players who joined after session 1 likewise with ``walk_ins_win``.
Players tied on every tie-break split the prizes of the places they cover.
A plan may hold side pots (:class:`SidePot`): each its own entry, paid by
its own plan to the players who opted in.  :mod:`.prize_data` reads a plan
from its data.

Money is integer cents.  What a prize is worth is exact (a fraction) until
it is paid, so the pot always adds up: paid + rounding + house = pot (the
house's line is negative when fixed prizes are more than the pot: the
house adds the difference).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from scorekeeper.ledger.money import money

#: The kinds of prize, in the order their winners are worked out and listed.
KINDS = ("place", "last", "session_high")
#: What each winner's share is rounded down to, by name.
UNITS = {"dollar": 100, "cent": 1}
#: Where what rounding leaves goes.
REMAINDERS = {"house": "kept by the house", "first": "added to 1st place",
              "next": "carried to the next prize"}
#: Prizes in a plan at most.
MAX_PRIZES = 100
#: The ways a prize pays: fixed cents, a percent of the pot, a weight of the rest, goods.
WAYS = ("cents", "percent", "weight", "goods")
#: The longest goods a prize names.
GOODS = 60
#: A plan's yes-or-no settings and their defaults, in order.
FLAGS = {"withdrawn_win": True, "walk_ins_win": True, "highs_after_penalties": False}


@dataclass(frozen=True)
class Prize:
    """One prize of a plan: its kind, which place (or, for ``last``, which
    from the bottom), and how it pays: exactly one of ``cents`` (fixed),
    ``percent`` (of the pot) and ``weight`` (a share of the rest)."""

    kind: str
    place: int = 1
    cents: int = 0
    percent: int = 0
    weight: int = 0
    #: A prize in kind, in words ("a case of beer"): no money.
    goods: str = ""

    def label(self, session: int | None = None) -> str:
        if self.kind == "session_high":
            return f"Session {session} high" if session else "Each session's high"
        if self.kind == "last":
            return ("Consolation" if self.place == 1
                    else f"Consolation ({ordinal(self.place)} lowest)")
        return ordinal(self.place)

    @property
    def terms(self) -> str:
        """How it pays, in words: "$150 fixed", "30% of the pot", "3 shares of the rest"."""
        if self.goods:
            return self.goods
        if self.cents:
            return f"{money(self.cents)} fixed"
        if self.percent:
            return f"{self.percent}% of the pot"
        return f"{self.weight} share{'s' if self.weight != 1 else ''} of the rest"


@dataclass(frozen=True)
class PrizePlan:
    """A prize plan: its prizes and rules of payment (see the module)."""

    prizes: tuple[Prize, ...]
    share: int = 90
    unit_cents: int = 100
    remainder: str = "house"
    withdrawn_win: bool = True
    walk_ins_win: bool = True
    #: Session highs on each session's score less its penalties (else before them).
    highs_after_penalties: bool = False
    #: Optional pots beside the entries, each with its own entry and plan.
    side_pots: tuple[SidePot, ...] = ()

    @property
    def rounding_words(self) -> str:
        unit = "whole dollars" if self.unit_cents == 100 else "cents"
        return f"Rounding each prize down to {unit} ({REMAINDERS[self.remainder]})"

    def to_dict(self) -> dict[str, Any]:
        """The plan as the API and an event's file give it."""
        def prize(z: Prize) -> dict[str, Any]:
            how = {k: getattr(z, k) for k in WAYS if getattr(z, k)}
            return {"kind": z.kind, "place": z.place, **how}
        unit = next(name for name, cents in UNITS.items() if cents == self.unit_cents)
        kept = {"prizes": [prize(z) for z in self.prizes], "share": self.share,
                "rounding": unit, "remainder": self.remainder,
                "withdrawn_win": self.withdrawn_win, "walk_ins_win": self.walk_ins_win,
                "highs_after_penalties": self.highs_after_penalties}
        if self.side_pots:
            kept["side_pots"] = [{"key": pot.key, "name": pot.name,
                                  "entry_cents": pot.entry_cents,
                                  **({"drawing": True} if pot.drawing else {}),
                                  **pot.plan.to_dict()}
                                 for pot in self.side_pots]
        return kept


@dataclass(frozen=True)
class SidePot:
    """An optional pot beside the entries: players who opt in (at
    registration, or later until the finish) pay its ``entry_cents``, and
    its own ``plan`` pays them, ranked as the event ranks them; or, for a
    ``drawing`` (a 50/50), in the order the director's draw drew them."""

    key: str
    name: str
    entry_cents: int
    plan: PrizePlan
    drawing: bool = False

    @property
    def terms(self) -> str:
        return f"{money(self.entry_cents)} to enter"


def simple(places: Sequence[int], session_high: int, share: int) -> PrizePlan:
    """The plan of percents by place and a percent for each session's high
    (the event form's plain fields): whole dollars, rounding to the house."""
    prizes = [Prize("place", k, percent=pct) for k, pct in enumerate(places, 1) if pct]
    if session_high:
        prizes.append(Prize("session_high", percent=session_high))
    return PrizePlan(tuple(prizes), share)


@dataclass(frozen=True)
class Slot:
    """A prize as it stands at a pot: its label, how it pays in words, and
    what it is worth, exact (before any winner is rounded)."""

    label: str
    terms: str
    kind: str
    place: int
    session: int | None
    worth: Fraction
    #: Its percent of the pot, when it pays one.
    percent: int = 0
    #: The goods it gives, in words (a prize in kind).
    goods: str = ""


def slots(plan: PrizePlan, pot_cents: int, sessions: int) -> tuple[Slot, ...]:
    """Every prize of the plan at ``pot_cents`` (a session high once for each
    of ``sessions``), each worth what it pays exactly; weights share what
    the paid-out part leaves after the fixed and percent prizes, in whole
    cents (the cents a share's fractions add up to go to the largest
    fractions, so the shares are all of it)."""
    each = [(z, s) for z in plan.prizes
            for s in (range(1, sessions + 1) if z.kind == "session_high" else (None,))]
    firm = sum((Fraction(z.cents) if z.cents else Fraction(pot_cents * z.percent, 100))
               for z, _ in each if not z.weight)
    rest = int(max(Fraction(pot_cents * plan.share, 100) - firm, Fraction(0)))
    shares = _shared(rest, [z.weight for z, _ in each])
    return tuple(Slot(z.label(s), z.terms, z.kind, z.place, s,
                      Fraction(z.cents) if z.cents else Fraction(pot_cents * z.percent, 100)
                      if z.percent else Fraction(share), z.percent, z.goods)
                 for (z, s), share in zip(each, shares, strict=True))


def _shared(cents: int, weights: Sequence[int]) -> list[int]:
    """``cents`` split in proportion to ``weights`` in whole cents, summing
    to all of it when any weight is given (largest fractions first, then
    the earlier prize)."""
    total = sum(weights)
    if not total:
        return [0] * len(weights)
    exact = [Fraction(cents * w, total) for w in weights]
    shares = [int(x) for x in exact]
    by_fraction = sorted(range(len(weights)), key=lambda k: (-(exact[k] - shares[k]), k))
    for k in by_fraction[:cents - sum(shares)]:
        shares[k] += 1
    return shares


@dataclass(frozen=True)
class Contender:
    """A player as the prizes see them: their number, place in the ranking
    (shared by players tied on every tie-break), total, session scores (for
    the sessions they sat in) and whether they may win."""

    number: int
    rank: int
    eligible: bool
    scores: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Won:
    """A prize won: its label and terms, its winners (players tied split
    it), what it pays in all and to each, and the session of a session high."""

    label: str
    terms: str
    numbers: tuple[int, ...]
    cents: int
    each: int
    session: int | None = None
    points: int = 0
    #: Its percent of the pot, when it pays one (the plan's prizes).
    percent: int = 0
    #: The goods it gives, in words (a prize in kind).
    goods: str = ""


@dataclass(frozen=True)
class Paid:
    """The pot paid: the prizes won, what rounding left (where the plan
    said), and the house's line (the rest; negative when it adds)."""

    pot_cents: int
    prizes: tuple[Won, ...]
    house_cents: int
    rounding_cents: int


def planned(plan: PrizePlan, pot_cents: int, sessions: int) -> Paid:
    """The plan at ``pot_cents`` before anyone has won: each prize as it
    pays one winner (no numbers), rounding and the house as they would be."""
    every = slots(plan, pot_cents, sessions)
    one = _rounded(plan, pot_cents, [(slot, slot.worth, (0,), 0) for slot in every])
    return replace(one, prizes=tuple(replace(z, numbers=(), percent=slot.percent)
                                     for z, slot in zip(one.prizes, every, strict=True)))


def pay(plan: PrizePlan, pot_cents: int, contenders: Sequence[Contender], sessions: int,
        scored: Sequence[int]) -> Paid:
    """The prizes of ``plan`` at ``pot_cents`` won by ``contenders`` (best
    first, as ranked), the session highs of the ``scored`` sessions among
    them, each winner's share rounded as the plan says."""
    every = slots(plan, pot_cents, sessions)
    groups = _groups([c for c in contenders if c.eligible])
    won: list[tuple[Slot, Fraction, tuple[int, ...], int]] = []
    nothing = Fraction(0)
    placed: set[int] = set()
    position = 1
    for group in groups:
        covered = [s for s in every if s.kind == "place"
                   and position <= s.place < position + len(group)]
        if covered:
            won.append((_named(covered, group), sum((s.worth for s in covered), nothing),
                        tuple(c.number for c in group), 0))
            placed.update(c.number for c in group)
        position += len(group)
    position = 1
    for group in reversed(_groups([c for c in contenders if c.eligible
                                   and c.number not in placed])):
        covered = [s for s in every if s.kind == "last"
                   and position <= s.place < position + len(group)]
        if covered:
            won.append((_named(covered, group), sum((s.worth for s in covered), nothing),
                        tuple(c.number for c in group), 0))
        position += len(group)
    for slot in (s for s in every if s.kind == "session_high" and s.session in set(scored)):
        session = slot.session or 0
        scores = {c.number: c.scores[session] for c in contenders
                  if c.eligible and session in c.scores}
        if scores:
            top = max(scores.values())
            won.append((slot, slot.worth, tuple(sorted(n for n, p in scores.items()
                                                       if p == top)), top))
    return _rounded(plan, pot_cents, won)


def _groups(ranked: Sequence[Contender]) -> list[list[Contender]]:
    """``ranked`` in runs of players sharing a rank."""
    groups: list[list[Contender]] = []
    for c in ranked:
        if groups and groups[-1][0].rank == c.rank:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _named(covered: Sequence[Slot], group: Sequence[Contender]) -> Slot:
    """The prize a group of tied players wins: the first place it covers,
    marked a tie, with the terms of every prize it covers."""
    first = covered[0]
    label = first.label + (" (tie)" if len(group) > 1 else "")
    return Slot(label, " + ".join(s.terms for s in covered), first.kind, first.place,
                None, first.worth, goods=" + ".join(s.goods for s in covered if s.goods))


def _down(cents: Fraction, winners: int, plan: PrizePlan) -> int:
    """Each of ``winners``' share of ``cents``, rounded down to the plan's unit."""
    return int(cents // (plan.unit_cents * winners)) * plan.unit_cents


def _rounded(plan: PrizePlan, pot_cents: int,
             won: Sequence[tuple[Slot, Fraction, tuple[int, ...], int]]) -> Paid:
    """The prizes won, each winner's share rounded down, and what rounding
    leaves sent where the plan says: to the house (each prize first in whole
    cents, what its fractions leave the house's), to 1st place, or on to the
    next prize (all of it, exactly: a plan paying everything out leaves the
    house nothing)."""
    exact = plan.remainder != "house"
    worth = [w if exact else Fraction(int(w)) for _, w, _, _ in won]
    first = next((k for k, (slot, _, _, _) in enumerate(won)
                  if slot.kind == "place" and slot.place == 1), None)
    if plan.remainder == "first" and first is not None:
        worth[first] += sum((w - _down(w, len(n), plan) * len(n)
                             for k, (w, (_, _, n, _)) in enumerate(zip(worth, won, strict=True))
                             if k != first), Fraction(0))
    prizes: list[Won] = []
    carry = rounding = Fraction(0)
    for k, (slot, _, numbers, points) in enumerate(won):
        cents = worth[k] + carry
        each = _down(cents, len(numbers), plan)
        left = cents - each * len(numbers)
        if plan.remainder == "next":
            carry = left
        elif plan.remainder == "house" or first is None or k == first:
            rounding += left
        prizes.append(Won(slot.label, slot.terms, numbers, each * len(numbers), each,
                          slot.session, points, goods=slot.goods))
    paid = sum(z.cents for z in prizes)
    kept = int(rounding + carry)  # what a cent's fractions leave is the house's
    assert kept >= 0
    return Paid(pot_cents, tuple(prizes), pot_cents - paid - kept, kept)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
