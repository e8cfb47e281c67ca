"""A spreadsheet's hands as the engine records them (docs/rules.md §1).

A sheet that names each hand's picker, partner(s) and card points gives the
engine's own hand (:func:`role_hand`); the engine pays it.  A sheet that
gives each player's points for each hand says what was paid, not what was
played: :func:`find_hands` looks for the hands these rules pay exactly so
(the picker, the sides and the tier from who won what, a crack or a blitz
for a doubled hand the doublers don't explain; a leaster, a schwanzer, a
penalty), replaying the night as it goes, so a doubler a throw-in left is
counted.  A hand no recorded hand pays that way can't be kept as hands:
the caller keeps the night as its totals, and says why.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.limits import MAX_HAND_TRIALS
from scorekeeper.rules import (
    CalledAceBuried,
    Hand,
    HandError,
    Kind,
    Night,
    NobodyPicks,
    Rules,
    Tricks,
    replay,
)

#: The picking side's card points standing for each tier of a win and of a
#: loss, on every schneider line: plain, schneider, no trick.
WON = ((75, Tricks.SOME), (100, Tricks.SOME), (120, Tricks.ALL))
LOST = ((45, Tricks.SOME), (20, Tricks.SOME), (0, Tricks.NONE))
#: What a picker's cell may say instead of a name.
KIND_WORDS: dict[str, Kind] = {
    "leaster": Kind.LEASTER, "least": Kind.LEASTER, "leasters": Kind.LEASTER,
    "no pick": Kind.NO_PICK, "nopick": Kind.NO_PICK, "no-pick": Kind.NO_PICK,
    "pass": Kind.NO_PICK, "passed": Kind.NO_PICK, "all pass": Kind.NO_PICK,
    "throw in": Kind.NO_PICK, "throw-in": Kind.NO_PICK, "throwin": Kind.NO_PICK,
    "misdeal": Kind.MISDEAL, "void": Kind.VOID, "doubler": Kind.NO_PICK,
}
#: What a partner's cell says for a picker who went alone.
ALONE_WORDS = frozenset({"alone", "none", "-", "—", "solo", "by himself", "by herself",
                         "no partner", "x", "loner"})


@dataclass(frozen=True)
class RoleRow:
    """One hand as a sheet of pickers says it, its names already the group's:
    the kind, the picker (a leaster's winner), partners, points, who played."""

    kind: Kind
    picker: str | None
    partners: tuple[str, ...]
    points: int | None
    seated: tuple[str, ...] | None = None


def role_hand(rules: Rules, row: RoleRow) -> Hand:
    """The engine's hand for one row of pickers (its checks come with the replay)."""
    seated = row.seated
    if row.kind is Kind.LEASTER:
        return Hand(kind=Kind.LEASTER, winner=row.picker or row.partners[0]
                    if row.picker or row.partners else None, seated=seated)
    if row.kind is not Kind.PICKED:
        return Hand(kind=row.kind, seated=seated)
    tricks = Tricks.SOME
    return Hand(kind=Kind.PICKED, picker=row.picker, partners=row.partners,
                alone=rules.has_partner and not row.partners, points=row.points,
                tricks=tricks, seated=seated)


def seats_of(rules: Rules, players: Sequence[str], row: Mapping[str, int]
             ) -> tuple[bool, tuple[str, ...] | None]:
    """Who played a hand that gives ``row`` (each player with a number):
    whether the row can say, and the seated players in seat order when the
    table has more players than seats (those with no number, else those with
    0, sat out; None: every player at the table played)."""
    if len(players) < rules.seats:
        return False, None
    if len(players) == rules.seats:
        return True, None
    named = [p for p in players if p in row]
    if len(named) > rules.seats:
        named = [p for p in named if row[p] != 0]
    return (True, tuple(named)) if len(named) == rules.seats else (False, None)


def _paid(rules: Rules, players: Sequence[str], night: Night, hands: Sequence[Hand],
          hand: Hand) -> Night | None:
    """The night with ``hand`` after ``hands`` (None: the rules refuse it)."""
    try:
        return replay(rules, players, [*hands, hand], since=night, start=len(hands))
    except HandError:
        return None


def _picked(rules: Rules, seated: Sequence[str], row: Mapping[str, int],
            seats: tuple[str, ...] | None) -> Iterator[Hand]:
    """Picked hands whose sides are who won and who lost: the picker is the
    one of his side with the most at stake."""
    for sign, tiers in ((1, WON), (-1, LOST)):
        side = [n for n in seated if row.get(n, 0) * sign > 0]
        if not side or len(side) - 1 > rules.most_partners:
            continue
        top = max(abs(row[n]) for n in side)
        for picker in (n for n in side if abs(row[n]) == top):
            partners = tuple(n for n in side if n != picker)
            for points, tricks in tiers:
                yield Hand(kind=Kind.PICKED, picker=picker, partners=partners,
                           alone=rules.has_partner and not partners, points=points,
                           tricks=tricks, seated=seats)


def _others(rules: Rules, seated: Sequence[str], row: Mapping[str, int],
            seats: tuple[str, ...] | None) -> Iterator[Hand]:
    """A leaster won by the one who got paid, a schwanzer lost by those who
    paid, a flat penalty paid by the one who paid everyone."""
    winners = [n for n in seated if row.get(n, 0) > 0]
    losers = tuple(n for n in seated if row.get(n, 0) < 0)
    if len(winners) == 1 and rules.nobody_picks is NobodyPicks.LEASTER:
        yield Hand(kind=Kind.LEASTER, winner=winners[0], seated=seats)
    if losers and rules.nobody_picks is NobodyPicks.SCHWANZER:
        yield Hand(kind=Kind.SCHWANZER, losers=losers, seated=seats)
    if len(losers) == 1 and rules.renege.flat:
        yield Hand(kind=Kind.RENEGE, offender=losers[0], seated=seats)
    if len(losers) == 1 and rules.called_ace_buried is CalledAceBuried.PAY_THE_BOARD:
        yield Hand(kind=Kind.CALLED_ACE_BURIED, picker=losers[0], seated=seats)


def _raised(rules: Rules, hand: Hand, times: int) -> Iterator[Hand]:
    """``hand`` doubled ``times`` more by what the table announces: cracks,
    blitzes, a declared doubler (fewest announcements first)."""
    cracks = rules.max_cracks if hand.kind is Kind.PICKED else 0
    blitzes = 2 if rules.blitz and hand.kind is Kind.PICKED else 0
    declared = 1 if rules.declared_doubler and hand.kind is not Kind.RENEGE else 0
    for c in range(min(times, cracks) + 1):
        for b in range(min(times - c, blitzes) + 1):
            d = times - c - b
            if d <= declared:
                yield replace(hand, cracks=c, blitzes=b, declared_doubler=bool(d))


def _times(paid: Mapping[str, int], row: Mapping[str, int], players: Sequence[str]
           ) -> int | None:
    """How many doublings turn ``paid`` into ``row`` (0: the same; None: no
    number of doublings does)."""
    want = [row.get(p, 0) for p in players]
    got = [paid[p] for p in players]
    for times in range(0, 8):
        if want == [g << times for g in got]:
            return times
    return None


@dataclass
class Search:
    """One night's search: its rules and players, the night so far, and the
    hands tried (bounded: :data:`MAX_HAND_TRIALS` a hand)."""

    rules: Rules
    players: tuple[str, ...]
    tried: int = 0

    def one(self, night: Night, hands: Sequence[Hand], row: Mapping[str, int]
            ) -> tuple[Hand, Night] | None:
        """The first hand these rules pay as ``row`` after ``hands``."""
        said, seats = seats_of(self.rules, self.players, row)
        if not said:
            return None
        seated = seats or self.players
        if not any(row.get(n, 0) for n in seated):
            return self._throw_in(night, hands, seats)
        limit = self.tried + MAX_HAND_TRIALS
        for base in (*_picked(self.rules, seated, row, seats),
                     *_others(self.rules, seated, row, seats)):
            if self.tried > limit:
                return None
            self.tried += 1
            paid = _paid(self.rules, self.players, night, hands, base)
            times = _times(paid.results[-1].payouts, row, self.players) if paid else None
            if times is None:
                continue
            for raised in _raised(self.rules, base, times):
                self.tried += 1
                done = paid if not times else _paid(self.rules, self.players, night, hands,
                                                    raised)
                if done is not None and _times(done.results[-1].payouts, row,
                                               self.players) == 0:
                    return done.results[-1].hand, done
        return None

    def _throw_in(self, night: Night, hands: Sequence[Hand],
                  seats: tuple[str, ...] | None) -> tuple[Hand, Night] | None:
        """A hand nobody was paid for: thrown in (a doubler where the table
        throws in), else a void hand."""
        kinds = ([Kind.NO_PICK] if self.rules.nobody_picks is NobodyPicks.NO_PICK else []) \
            + [Kind.VOID]
        for kind in kinds:
            paid = _paid(self.rules, self.players, night, hands, Hand(kind=kind, seated=seats))
            if paid is not None:
                return paid.results[-1].hand, paid
        return None


def find_hands(rules: Rules, players: Sequence[str], rows: Sequence[Mapping[str, int]]
               ) -> tuple[tuple[Hand, ...], None] | tuple[None, int]:
    """Hands these rules pay exactly as each row says (each player's points
    for the hand; a player not in a row sat it out), with their dealer and
    seats; or None and the number of the first hand no hand pays that way.
    A throw-in left as a doubler that the next hand doesn't show is a void
    hand instead."""
    search = Search(rules, tuple(players))
    night = replay(rules, players, [])
    hands: list[Hand] = []
    for index, row in enumerate(rows):
        found = search.one(night, hands, row)
        if found is not None and found[0].kind is Kind.NO_PICK and index + 1 < len(rows) \
                and search.one(found[1], [*hands, found[0]], rows[index + 1]) is None:
            found = _void(search, night, hands, found[0])
        if found is None:
            return None, index + 1
        hands.append(found[0])
        night = found[1]
    return tuple(hands), None


def _void(search: Search, night: Night, hands: Sequence[Hand], hand: Hand
          ) -> tuple[Hand, Night] | None:
    paid = _paid(search.rules, search.players, night, hands,
                 Hand(kind=Kind.VOID, seated=hand.seated))
    return (paid.results[-1].hand, paid) if paid is not None else None
