"""A night of totals in the season (pure): it counts a night for each of its
players and no hands, its money is its points at its stake, and a player's
record counts it as a night won, lost or even."""

from __future__ import annotations

from datetime import date

from scorekeeper.ledger.season import paper_night, player_season, season, season_chart
from tests.ledger.test_season import NIGHTS


def test_a_night_of_totals_counts_a_night_and_no_hands() -> None:
    paper = paper_night(9, "Thursday night", date(2026, 2, 5),
                        {"Ann": -6, "Bob": 2, "Eve": 4}, 25, settled="table")
    totals = season([*NIGHTS, paper])
    rows = {r.name: r for r in totals.rows}
    assert rows["Eve"].nights == 1 and rows["Eve"].hands == 0 and rows["Eve"].cents == 100
    assert rows["Ann"].points == season(NIGHTS).points["Ann"] - 6
    assert totals.hands == season(NIGHTS).hands and len(totals.nights) == 5
    assert sum(totals.cents.values()) == 0
    assert season_chart(totals) is not None


def test_a_players_record_counts_a_night_of_totals_without_hands() -> None:
    paper = paper_night(9, "Thursday night", date(2026, 2, 5), {"Ann": -6, "Bob": 6}, 25)
    mine = player_season([*NIGHTS, paper], "Bob")
    assert mine is not None and mine.nights == 5 and mine.running[-1][1] == mine.points
    only = player_season([paper], "Ann")
    assert only is not None and only.hands == 0 and only.losing_nights == 1
    assert only.worst_night is not None and only.worst_night.points == -6
    assert only.biggest_hand is None and only.win_percent is None
