"""The ratings are worked out once per version (services/ratings): asked
again, they replay nothing; a hand saved in the last night plays that hand's
game on from where the night stood, to the same ratings as a replay from
scratch; an edited hand in the first night replays every night from it, and
changes the ratings."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

import pytest
from flask import Flask

from scorekeeper.db.models import GameTable, Group, db
from scorekeeper.rating import games as games_module
from scorekeeper.rating.ladder import Standing
from scorekeeper.rules import Hand
from scorekeeper.services.groups import ratings, seasons
from scorekeeper.services.groups.group import create_group, get_group, joining
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import create_table
from tests.conftest import PLAYERS

WIN = Hand(picker="Ann", partners=("Cat",), points=80)
LOSS = Hand(picker="Bob", partners=("Dan",), points=40)


def _state(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def _group() -> tuple[int, list[int]]:
    group, _ = create_group("Thursday", PLAYERS)
    nights = []
    for day in (8, 15, 22):
        table, _ = create_table("Thursday", PLAYERS, "called-ace",
                                joins=joining(get_group(group.id)),
                                played_on=date(2026, 1, day))
        for hand in (WIN, LOSS, WIN):
            hand_service.record_hand(_state(table.id), hand)
        nights.append(table.id)
    return group.id, nights


@pytest.fixture()
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of games of each night the ratings play."""
    counts: list[int] = []
    real = ratings.play

    def counting(standing: Standing, games: Iterable[games_module.Game],
                 *args: Any) -> Standing:
        games = tuple(games)
        counts.append(len(games))
        return real(standing, games, *args)
    monkeypatch.setattr(ratings, "play", counting)
    return counts


def _ann(group_id: int) -> int:
    group = db.session.get(Group, group_id)
    assert group is not None
    row = ratings.season_ratings(group, seasons.span("2026", None, None)).of("Ann")
    assert row is not None
    return row.rating


def test_a_saved_hand_replays_its_night_and_an_edit_replays_from_its_night(
        app: Flask, replayed: list[int]) -> None:
    with app.app_context():
        group_id, nights = _group()
        first = _ann(group_id)
        assert replayed == [3, 3, 3]
        assert _ann(group_id) == first and replayed == [3, 3, 3]  # kept

        hand_service.record_hand(_state(nights[-1]), WIN)
        more = _ann(group_id)
        assert replayed[3:] == [1] and more > first  # the new hand only
        ratings.LADDERS.clear()
        ratings.GAMES.clear()
        assert _ann(group_id) == more and replayed[4:] == [3, 3, 4]  # as from scratch

        hand_service.replace_hand(_state(nights[0]), 1, Hand(picker="Ann", partners=("Cat",),
                                                             points=30))
        edited = _ann(group_id)
        assert replayed[7:] == [3, 3, 4]  # the first night on
        assert edited < more


def test_another_season_is_kept_apart(app: Flask, replayed: list[int]) -> None:
    with app.app_context():
        group_id, _ = _group()
        group = db.session.get(Group, group_id)
        assert group is not None
        year = ratings.season_ratings(group, seasons.span("2026", None, None))
        january = ratings.season_ratings(group, seasons.span(None, "2026-01-01", "2026-01-10"))
        assert replayed == [3, 3, 3, 3]
        assert year.of("Ann") != january.of("Ann") and january.standing.games == 3


def test_a_saved_hand_is_the_only_hand_of_its_night_read_again(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    real = ratings.hand_games

    def counting(rules: Any, results: Any) -> Any:
        read.append(len(results))
        return real(rules, results)
    monkeypatch.setattr(ratings, "hand_games", counting)
    with app.app_context():
        group_id, nights = _group()
        _ann(group_id)
        assert read == [3, 3, 3]
        hand_service.record_hand(_state(nights[-1]), LOSS)
        _ann(group_id)
        assert read[3:] == [1]
        hand_service.replace_hand(_state(nights[-1]), 2, WIN)
        _ann(group_id)
        assert read[4:] == [4]  # an edit reads its night again
