"""The season's arithmetic (pure): totals and ranks, a player's record and
streaks, the chart night by night, the carried nights' balances, and that
every season of random nights is zero-sum."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger.season import (
    NightResult,
    carried_balances,
    current_run,
    longest_run,
    played_between,
    player_season,
    season,
    season_chart,
)
from scorekeeper.ledger.stats import PlayerStats


def stats(name: str, points: int, hands: int = 1) -> PlayerStats:
    return PlayerStats(name=name, points=points, hands_played=hands, picked=1,
                       picker_wins=int(points > 0), partner=1, partner_wins=0,
                       leasters_won=0, biggest_win=max(points, 0),
                       biggest_win_hand=1 if points > 0 else None,
                       biggest_loss=min(points, 0), biggest_loss_hand=1 if points < 0 else None,
                       doubled=0)


def night(day: str, points: dict[str, int], table_id: int = 1, stake: int = 25,
          hands: int = 1) -> NightResult:
    return NightResult(table_id=table_id, name="Thu", played_on=date.fromisoformat(day),
                       hands=hands, players=tuple(points), points=points,
                       cents={n: p * stake for n, p in points.items()},
                       stats={n: stats(n, p, hands) for n, p in points.items()},
                       closed=True, settled="table")


NIGHTS = [
    night("2026-01-08", {"Ann": 4, "Bob": -2, "Cat": -2}, 1),
    night("2026-01-15", {"Ann": -3, "Bob": 3, "Cat": 0}, 2),
    night("2026-01-22", {"Ann": 2, "Bob": -1, "Dan": -1}, 3, stake=50),
    night("2026-01-29", {"Ann": 1, "Bob": -1, "Dan": 0}, 4),
]


def test_a_season_adds_up_money_first_and_ties_share_a_rank() -> None:
    totals = season(NIGHTS)
    # Night 3 was played at 50 cents a point: Ann's +2 there is worth her +4 of night 1.
    assert [(r.rank, r.name, r.nights, r.points, r.cents) for r in totals.rows] == [
        (1, "Ann", 4, 4, 150), (2, "Bob", 4, -1, -50), (2, "Dan", 2, -1, -50),
        (4, "Cat", 2, -2, -50)]
    assert totals.hands == 4 and sum(totals.cents.values()) == 0


def test_a_night_without_a_hand_counts_for_nobody() -> None:
    empty = night("2026-02-05", {"Ann": 0, "Bob": 0}, 5, hands=0)
    assert season([*NIGHTS, empty]).nights == season(NIGHTS).nights
    assert player_season([empty], "Ann") is None


def test_the_range_keeps_both_ends() -> None:
    kept = played_between(NIGHTS, date(2026, 1, 15), date(2026, 1, 22))
    assert [n.table_id for n in kept] == [2, 3]
    assert len(played_between(NIGHTS, None, None)) == 4


def test_a_players_record_over_the_season() -> None:
    ann = player_season(NIGHTS, "Ann")
    assert ann is not None
    assert (ann.nights, ann.points, ann.cents) == (4, 4, 150)
    # Nights 1 and 3 both won her $1.00; night 1 did it with more points.
    assert ann.best_night is not None and ann.best_night.night.table_id == 1
    assert ann.worst_night is not None and ann.worst_night.points == -3
    assert (ann.winning_nights, ann.losing_nights) == (3, 1)
    assert ann.longest_winning_streak == 2 and ann.current_streak == 2
    assert [total for _, total in ann.running] == [4, 1, 3, 4]
    dan = player_season(NIGHTS, "Dan")
    assert dan is not None and dan.nights == 2 and dan.current_streak == 0
    assert player_season(NIGHTS, "Eve") is None


@pytest.mark.parametrize(("signs", "sign", "longest"), [
    ([1, 1, -1, 1, 1, 1, 0], 1, 3),  # the later run of three, not the first of two
    ([1, 1, -1, 1, 1, 1, 0], -1, 1),
    ([-1, -1, 1, -1, 0, -1], -1, 2),
    ([-1, 0, -1], -1, 1),  # an even night breaks a run
    ([0, 0], 1, 0),
    ([], -1, 0),
])
def test_the_longest_run_is_the_most_nights_of_one_sign_in_a_row(
        signs: list[int], sign: int, longest: int) -> None:
    assert longest_run(signs, sign) == longest


@pytest.mark.parametrize(("signs", "current"), [
    ([1, -1, -1], -2),
    ([-1, 1, 1, 1], 3),
    ([1, 1, 0, 1], 1),
    ([-1], -1),
    ([1, 0], 0),  # an even last night: no run
    ([], 0),
])
def test_the_current_run_is_the_one_the_season_ends_with(signs: list[int], current: int) -> None:
    assert current_run(signs) == current


def test_a_players_streaks_are_the_runs_of_their_nights() -> None:
    # Ann +4 −3 +2 +1, Bob −2 +3 −1 −1, Cat −2 0, Dan −1 0 (in the order played)
    streaks = {name: (row.longest_winning_streak, row.longest_losing_streak,
                      row.current_streak)
               for name in ("Ann", "Bob", "Cat", "Dan")
               if (row := player_season(NIGHTS, name)) is not None}
    assert streaks == {"Ann": (2, 1, 2), "Bob": (1, 2, -2), "Cat": (0, 1, 0), "Dan": (0, 1, 0)}


def test_the_chart_carries_a_total_through_a_missed_night() -> None:
    chart = season_chart(season(NIGHTS))
    assert chart is not None and chart.hands == 4
    assert {line.name: line.last for line in chart.lines} == {
        "Ann": 4, "Bob": -1, "Dan": -1, "Cat": -2}
    assert season_chart(season([])) is None


def test_carried_balances_add_up_by_player() -> None:
    owed = carried_balances([{"Ann": 50, "Bob": -50}, {"Bob": 25, "Cat": -25}])
    assert owed == {"Ann": 50, "Bob": -25, "Cat": -25}


names = st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])


@st.composite
def random_night(draw: st.DrawFn, table_id: int = 0) -> NightResult:
    players = draw(st.lists(names, min_size=2, max_size=6, unique=True))
    points = draw(st.lists(st.integers(-40, 40), min_size=len(players) - 1,
                           max_size=len(players) - 1))
    balances = dict(zip(players, [*points, -sum(points)], strict=True))
    day = date(2025, 1, 1) + timedelta(days=draw(st.integers(0, 700)))
    return night(day.isoformat(), balances, draw(st.integers(1, 10_000)),
                 stake=draw(st.integers(0, 100)))


@given(st.lists(random_night(), max_size=12))
def test_every_season_of_random_nights_is_zero_sum(nights: list[NightResult]) -> None:
    totals = season(nights)
    assert sum(totals.points.values()) == 0 and sum(totals.cents.values()) == 0
    for row in totals.rows:
        mine = player_season(nights, row.name)
        assert mine is not None
        assert (mine.points, mine.cents, mine.nights) == (row.points, row.cents, row.nights)
    for year in (2025, 2026):
        part = season(played_between(nights, date(year, 1, 1), date(year, 12, 31)))
        assert sum(part.cents.values()) == 0
