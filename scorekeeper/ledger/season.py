"""A group's season: its nights' results added up (points and money), each
player's record across the nights, the running chart night by night, and
the balances its carried nights still owe.

Pure (standard library only): it reads each night's result as the night's
own replay left it (:class:`NightResult`), so the season can never disagree
with a night's ledger.  A player who missed a night is simply absent from
it: nothing is counted for them, not even a zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.ledger.chart import Chart, running_chart
from scorekeeper.ledger.stats import PlayerStats
from scorekeeper.names import sort_key


@dataclass(frozen=True)
class NightResult:
    """One night of a group as the season reads it: who played, what each
    finished with (points and cents) and their record of the night."""

    table_id: int
    name: str
    played_on: date
    hands: int
    players: tuple[str, ...]
    points: Mapping[str, int]
    cents: Mapping[str, int]
    stats: Mapping[str, PlayerStats]
    closed: bool
    settled: str | None
    #: Everyone at the table that night, in seat order (``players`` played a hand).
    roster: tuple[str, ...] = ()
    #: The night's version this result was worked out at.
    version: int = 0
    #: The night's share token: what a render of this result is kept under
    #: (unique across databases and test runs, as its id is not).
    token: str = ""
    #: A night of totals (from paper): no hands, each player's total counts.
    paper: bool = False

    @property
    def counts(self) -> bool:
        """Whether the night counts in a season: a hand was played, or it is
        a night of totals."""
        return bool(self.hands) or self.paper


def paper_stats(name: str, points: int) -> PlayerStats:
    """A player's record of a night of totals: the total, and no hands."""
    return PlayerStats(name=name, points=points, hands_played=0, picked=0, picker_wins=0,
                       partner=0, partner_wins=0, leasters_won=0, biggest_win=0,
                       biggest_win_hand=None, biggest_loss=0, biggest_loss_hand=None,
                       doubled=0)


def paper_night(table_id: int, name: str, played_on: date, totals: Mapping[str, int],
                stake_cents: int, *, closed: bool = True, settled: str | None = None,
                version: int = 0, token: str = "") -> NightResult:
    """A night of totals as the season reads it: everyone with a total played
    it (in the order given), their money is their points at the night's stake."""
    players = tuple(totals)
    return NightResult(
        table_id=table_id, name=name, played_on=played_on, hands=0, players=players,
        points=dict(totals), cents={n: totals[n] * stake_cents for n in players},
        stats={n: paper_stats(n, totals[n]) for n in players}, closed=closed,
        settled=settled, roster=players, version=version, token=token, paper=True)


@dataclass(frozen=True)
class SeasonRow:
    """One player's line in the season table; ties share a rank."""

    rank: int
    name: str
    nights: int
    hands: int
    points: int
    cents: int


@dataclass(frozen=True)
class Season:
    """Nights in date order, and every player who played one, best first
    (by money, then points: nights may have had different stakes)."""

    nights: tuple[NightResult, ...]
    rows: tuple[SeasonRow, ...]

    @property
    def hands(self) -> int:
        return sum(n.hands for n in self.nights)

    @property
    def points(self) -> dict[str, int]:
        return {r.name: r.points for r in self.rows}

    @property
    def cents(self) -> dict[str, int]:
        return {r.name: r.cents for r in self.rows}


def played_between(nights: Iterable[NightResult], start: date | None,
             end: date | None) -> list[NightResult]:
    """The nights played from ``start`` to ``end`` (both included; None: open)."""
    return [n for n in nights
            if (start is None or n.played_on >= start) and (end is None or n.played_on <= end)]


def ordered(nights: Iterable[NightResult]) -> tuple[NightResult, ...]:
    """Nights by date, then in the order they were started."""
    return tuple(sorted(nights, key=lambda n: (n.played_on, n.table_id)))


def season(nights: Iterable[NightResult]) -> Season:
    """Add the nights up: each player's nights, hands, points and cents.  A
    night with no hand recorded yet counts for nobody; a night of totals
    counts a night for each of its players, and no hands."""
    kept = ordered(n for n in nights if n.counts)
    totals: dict[str, list[int]] = {}
    for night in kept:
        for name in night.players:
            row = totals.setdefault(name, [0, 0, 0, 0])
            row[0] += 1
            row[1] += night.stats[name].hands_played
            row[2] += night.points[name]
            row[3] += night.cents[name]
    best_first = sorted(totals, key=lambda n: (-totals[n][3], -totals[n][2], sort_key(n)))
    rows: list[SeasonRow] = []
    for index, name in enumerate(best_first):
        nights_played, hands, points, cents = totals[name]
        same = rows and (rows[-1].cents, rows[-1].points) == (cents, points)
        rank = rows[-1].rank if same else index + 1
        rows.append(SeasonRow(rank, name, nights_played, hands, points, cents))
    return Season(kept, tuple(rows))


@dataclass(frozen=True)
class NightMark:
    """A night that stands out in a player's season, with their result in it."""

    night: NightResult
    points: int
    cents: int


@dataclass(frozen=True)
class BigHand:
    """A player's biggest single hand of the season: points, night, hand number."""

    points: int
    night: NightResult
    number: int


@dataclass(frozen=True)
class PlayerSeason:
    """One player's season: totals, their record at the table, the nights
    that stand out and their streaks of winning or losing nights (a night
    that ended even breaks a streak)."""

    name: str
    nights: int
    hands: int
    points: int
    cents: int
    picked: int
    picker_wins: int
    partner: int
    partner_wins: int
    leasters_won: int
    winning_nights: int
    losing_nights: int
    best_night: NightMark | None
    worst_night: NightMark | None
    biggest_hand: BigHand | None
    worst_hand: BigHand | None
    longest_winning_streak: int
    longest_losing_streak: int
    #: Nights in a row up to the last one: +3 won three, -2 lost two, 0 even.
    current_streak: int
    #: The player's running total (points) after each of their nights.
    running: tuple[tuple[NightResult, int], ...]

    @property
    def win_percent(self) -> int | None:
        """Share of picks the picking side won (None: never picked)."""
        return round(100 * self.picker_wins / self.picked) if self.picked else None

    @property
    def partner_percent(self) -> int | None:
        """Share of hands as partner the picking side won (None: never partner)."""
        return round(100 * self.partner_wins / self.partner) if self.partner else None


def player_season(nights: Iterable[NightResult], name: str) -> PlayerSeason | None:
    """``name``'s season over ``nights`` (None: they played none of them)."""
    played = [n for n in ordered(nights) if name in n.players and n.counts]
    if not played:
        return None
    stats = [n.stats[name] for n in played]
    marks = [NightMark(n, n.points[name], n.cents[name]) for n in played]
    best = max(marks, key=lambda m: (m.cents, m.points))
    worst = min(marks, key=lambda m: (m.cents, m.points))
    wins = [(s.biggest_win, n, s.biggest_win_hand) for n, s in zip(played, stats, strict=True)
            if s.biggest_win_hand is not None]
    losses = [(s.biggest_loss, n, s.biggest_loss_hand)
              for n, s in zip(played, stats, strict=True) if s.biggest_loss_hand is not None]
    top = max(wins, key=lambda w: w[0], default=None)
    bottom = min(losses, key=lambda w: w[0], default=None)
    signs = [(m.points > 0) - (m.points < 0) for m in marks]
    total = 0
    running = []
    for mark in marks:
        total += mark.points
        running.append((mark.night, total))
    return PlayerSeason(
        name=name, nights=len(played), hands=sum(s.hands_played for s in stats),
        points=sum(m.points for m in marks), cents=sum(m.cents for m in marks),
        picked=sum(s.picked for s in stats), picker_wins=sum(s.picker_wins for s in stats),
        partner=sum(s.partner for s in stats), partner_wins=sum(s.partner_wins for s in stats),
        leasters_won=sum(s.leasters_won for s in stats),
        winning_nights=signs.count(1), losing_nights=signs.count(-1),
        best_night=best if best.points > 0 else None,
        worst_night=worst if worst.points < 0 else None,
        biggest_hand=BigHand(top[0], top[1], top[2]) if top else None,
        worst_hand=BigHand(bottom[0], bottom[1], bottom[2]) if bottom else None,
        longest_winning_streak=longest_run(signs, 1),
        longest_losing_streak=longest_run(signs, -1),
        current_streak=current_run(signs), running=tuple(running))


def longest_run(signs: Sequence[int], sign: int) -> int:
    """The most ``sign`` in a row."""
    best = run = 0
    for s in signs:
        run = run + 1 if s == sign else 0
        best = max(best, run)
    return best


def current_run(signs: Sequence[int]) -> int:
    """The run the list ends with: +n winning, -n losing, 0 after an even night."""
    if not signs or signs[-1] == 0:
        return 0
    last = signs[-1]
    count = 0
    for s in reversed(signs):
        if s != last:
            break
        count += 1
    return count * last


def season_chart(season_: Season) -> Chart | None:
    """Each player's running total (points) night by night (None: no nights).
    A player carries their total through a night they missed."""
    if not season_.nights:
        return None
    totals: dict[str, int] = {}
    after: list[dict[str, int]] = []
    for night in season_.nights:
        for name in night.players:
            totals[name] = totals.get(name, 0) + night.points[name]
        after.append(dict(totals))
    return running_chart([r.name for r in season_.rows], after)


def carried_balances(remaining: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """What the carried nights still owe, added up by player (cents; a night's
    early payments already taken off).  Zero-sum, as each night is."""
    owed: dict[str, int] = {}
    for night in remaining:
        for name, cents in night.items():
            owed[name] = owed.get(name, 0) + cents
    return owed
