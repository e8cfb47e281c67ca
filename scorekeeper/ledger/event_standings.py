"""An event's standings at one moment (pure): from each player's points in
each session, the penalties taken off, and where each first sat, the
ranking with the event's tie-breaks, each session's high and the prizes
the pot pays, with the players' names.

The rows are read by :mod:`scorekeeper.services.events.scores`, which hands
them here as a :class:`Field`; nothing here reads the database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from scorekeeper.ledger import events as engine
from scorekeeper.ledger import prizes as payouts

#: A registered player as the standings read them: (row id, number, name, checked in).
Registered = tuple[int, int, str, bool]


@dataclass(frozen=True)
class Field:
    """What an event's rows say, read once: its settings, who registered,
    each player's points by (name, session), the first seat each sat in
    ((session, table, seat), the last tie-break), the penalty points by
    player id, and the sessions in which any table has a hand or a ticket."""

    sessions: int
    tie_breaks: tuple[str, ...]
    entry_cents: int
    places: tuple[int, ...]
    session_high: int
    share: int
    registered: tuple[Registered, ...]
    points: Mapping[tuple[str, int], int]
    first_seat: Mapping[str, tuple[int, int, int]]
    fined: Mapping[int, int]
    scored: frozenset[int]
    #: The prize plan (None: the plain one of ``places``, ``session_high``, ``share``).
    prize_plan: payouts.PrizePlan | None = None
    #: Numbers of the players who withdrew, and of those who joined after session 1.
    withdrawn: frozenset[int] = frozenset()
    walk_ins: frozenset[int] = frozenset()
    #: Penalty points by (player id, session).
    fined_in: Mapping[tuple[int, int], int] = field(default_factory=dict)
    #: Who opted in to each side pot: its key → player numbers.
    side_entries: Mapping[str, frozenset[int]] = field(default_factory=dict)
    #: Each drawing's draw: its key → the numbers in the order drawn.
    side_draws: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def plan(self) -> payouts.PrizePlan:
        return self.prize_plan or payouts.simple(self.places, self.session_high, self.share)

    def ineligible(self, plan: payouts.PrizePlan) -> frozenset[int]:
        """The numbers ``plan`` lets win nothing (withdrawn, walk-ins)."""
        return ((frozenset() if plan.withdrawn_win else self.withdrawn)
                | (frozenset() if plan.walk_ins_win else self.walk_ins))


@dataclass(frozen=True)
class Named:
    """A session high or a prize, with the players' names: ``cents`` is what
    it pays in all, ``each`` what each of its players takes (a tie splits it)."""

    label: str
    session: int | None
    numbers: tuple[int, ...]
    names: tuple[str, ...]
    points: int
    cents: int
    each: int = 0
    #: The goods it gives, in words (a prize in kind).
    goods: str = ""


@dataclass(frozen=True)
class Pot:
    """A pot as it stands: who paid in (``entries`` of ``entry_cents``), the
    prizes won (or, before any is, each at the pot so far: ``plan``), what
    rounding and the house keep, in words; for the main pot and each side
    pot alike (``key``, ``name``: a side pot's)."""

    key: str
    name: str
    entries: int
    entry_cents: int
    pot_cents: int
    prizes: tuple[Named, ...]
    plan: payouts.Paid
    house_cents: int
    rounding_cents: int
    rounding_words: str
    #: The numbers of the players in it.
    numbers: frozenset[int] = frozenset()
    #: A drawing (a 50/50), and whether it is drawn yet.
    drawing: bool = False
    drawn: bool = False


@dataclass(frozen=True)
class Standings:
    """The event ranked: ``started`` once any hand, ticket or penalty counts
    (before that everyone ranks first, in their first draw's order); the pot
    and what the house and rounding keep; the session highs and prizes; the
    payout plan at the pot so far; ``seats``: number → first seat."""

    pot_cents: int
    house_cents: int
    rounding_cents: int
    players: tuple[engine.Ranked, ...]
    session_highs: tuple[Named, ...]
    prizes: tuple[Named, ...]
    plan: payouts.Paid
    started: bool
    seats: Mapping[int, tuple[int, int, int]]
    #: What broke each tie on total points, or that the players share the place.
    ties: tuple[str, ...]
    #: How the plan rounds each prize and where the rounding goes, in words.
    rounding_words: str
    #: How many paid the entry, and what each paid.
    entries: int
    entry_cents: int
    #: Each side pot of the plan, as it stands.
    side_pots: tuple[Pot, ...]

    @property
    def taken_cents(self) -> int:
        """All the money taken: the entries and every side pot's."""
        return self.pot_cents + sum(pot.pot_cents for pot in self.side_pots)


def entrants(field: Field) -> list[Registered]:
    """Who is in the event: checked in, or seated at a table already."""
    seated = {name for name, _ in field.points}
    return [p for p in field.registered if p[3] or p[2] in seated]


def _lines(field: Field, playing: list[Registered],
           drawn: Mapping[str, int]) -> list[engine.Line]:
    """Each entrant's points by session, penalties, first-draw place and sessions sat."""
    scores: dict[str, list[int]] = {}
    sat: dict[str, set[int]] = {}
    for (name, session), p in field.points.items():
        scores.setdefault(name, [0] * field.sessions)[session - 1] = p
        sat.setdefault(name, set()).add(session)
    nothing = (0,) * field.sessions
    after = len(drawn)
    return [engine.Line(number, name, tuple(scores.get(name, nothing)),
                        field.fined.get(player_id, 0), drawn.get(name, after + number),
                        frozenset(sat.get(name, ())))
            for player_id, number, name, _ in playing]


def work_out(field: Field) -> Standings:
    """The standings the field gives: ranked, the highs and the prizes."""
    playing = entrants(field)
    # The last tie-break: the first draw a player sat in, table then seat;
    # anyone not drawn yet after them, by number.
    order = sorted(field.first_seat, key=field.first_seat.__getitem__)
    drawn = {name: k for k, name in enumerate(order)}
    lines = _lines(field, playing, drawn)
    ranked = engine.rank(lines, field.tie_breaks)
    started = bool(field.scored or field.fined)
    if not started:  # nothing to rank yet: everyone equal, in the first draw's order
        ranked = tuple(replace(r, rank=1) for r in sorted(
            ranked, key=lambda r: drawn.get(r.name, len(drawn) + r.number)))
    plan, pot = field.plan, len(playing) * field.entry_cents
    names = {number: name for _, number, name, _ in field.registered}

    def named(z: payouts.Won) -> Named:
        return Named(z.label, z.session, z.numbers, tuple(names[n] for n in z.numbers),
                     z.points, z.cents, z.each, z.goods)

    pay = payouts.pay(plan, pot, engine.contenders_of(ranked if started else (), (),
                                                      field.ineligible(plan),
                                                      _fines(field, plan)),
                     field.sessions, sorted(field.scored))
    highs = [z for z in pay.prizes if z.session is not None]
    if not any(z.kind == "session_high" for z in plan.prizes):  # highs shown, none paid
        out = field.ineligible(plan)
        highs = [payouts.Won(f"Session {h.session} high", "", h.numbers, 0, 0, h.session,
                            h.points)
                 for h in engine.session_highs([ln for ln in lines if ln.number not in out],
                                               field.scored)]
    return Standings(
        pay.pot_cents, pay.house_cents, pay.rounding_cents, ranked,
        tuple(named(z) for z in highs),
        tuple(named(z) for z in pay.prizes),
        payouts.planned(plan, pot, field.sessions),
        started,
        {number: field.first_seat[name] for _, number, name, _ in field.registered
         if name in field.first_seat},
        engine.tie_notes(lines, ranked, field.tie_breaks) if started else (),
        plan.rounding_words, len(playing), field.entry_cents,
        tuple(_side_pot(field, side, ranked if started else (), named)
              for side in plan.side_pots))


def _fines(field: Field, plan: payouts.PrizePlan) -> dict[tuple[int, int], int] | None:
    """Penalty points by (number, session), when ``plan`` takes them off
    the session highs (else None)."""
    if not plan.highs_after_penalties:
        return None
    numbers = {player_id: number for player_id, number, _, _ in field.registered}
    return {(numbers[p], s): f for (p, s), f in field.fined_in.items() if p in numbers}


def _side_pot(field: Field, side: payouts.SidePot, ranked: tuple[engine.Ranked, ...],
              named: Callable[[payouts.Won], Named]) -> Pot:
    """A side pot as it stands: its entrants among the event's (a player who
    isn't playing pays nothing into it), ranked as the event ranks them,
    paid by its own plan."""
    playing = {number for _, number, _, _ in entrants(field)}
    numbers = frozenset(n for n in field.side_entries.get(side.key, ()) if n in playing)
    pot = len(numbers) * side.entry_cents
    plan, order = side.plan, field.side_draws.get(side.key)
    out = field.ineligible(plan)
    if side.drawing:  # its places in the order the draw drew them
        contenders = [payouts.Contender(n, k, n not in out)
                      for k, n in enumerate(order or (), 1) if n in numbers]
    else:
        contenders = engine.contenders_of([r for r in ranked if r.number in numbers], (),
                                          out, _fines(field, plan))
    pay = payouts.pay(plan, pot, contenders, field.sessions, sorted(field.scored))
    return Pot(side.key, side.name, len(numbers), side.entry_cents, pot,
               tuple(named(z) for z in pay.prizes), payouts.planned(plan, pot, field.sessions),
               pay.house_cents, pay.rounding_cents, plan.rounding_words, numbers,
               side.drawing, order is not None)
