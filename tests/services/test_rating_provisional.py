"""A rating is provisional until its player has played ratings.SETTLED_NIGHTS
nights (docs/rating.md, "Provisional"): the ladder counts each player's
nights (a night's games played on from where it stood count no night
again), and the order ranks every settled rating first, by the number
shown, then the provisional ones by the same number; the service gives the
same nights whether a night was replayed from scratch or played on after a
saved hand."""

from __future__ import annotations

from datetime import date

from flask import Flask

from scorekeeper.db.models import GameTable, Group, db
from scorekeeper.rating.games import Game, totals_game
from scorekeeper.rating.ladder import SETTLED_NIGHTS, Skill, Standing, play, rank_key
from scorekeeper.rules import Hand
from scorekeeper.services.groups import ratings, seasons
from scorekeeper.services.groups.group import create_group, get_group, joining
from scorekeeper.services.nights import hands as hand_service
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import create_table
from tests.conftest import PLAYERS

WIN = Game((("Ann", "Cat"), ("Bob", "Dan", "Eve")), (0, 1), sides=True)
LOSS = Game((("Bob", "Dan"), ("Ann", "Cat", "Eve")), (1, 0), sides=True)


def test_each_night_counts_once_for_each_player_in_it() -> None:
    first = play(Standing(), [WIN, LOSS, WIN])
    assert {s.nights for s in first.skills.values()} == {1}
    assert first.skills["Ann"].games == 3
    # played on in the same night (a hand saved tonight): no night more
    same = play(first, [WIN])
    assert same.skills["Ann"].nights == 1 and same.skills["Ann"].games == 4
    # a newcomer who sits in later tonight has played one night
    late = play(same, totals_game({"Ann": 3, "Gus": -3}))
    assert late.skills["Gus"].nights == 1 and late.skills["Ann"].nights == 1
    # another night
    after = play(late.next_night(), [LOSS])
    assert after.skills["Ann"].nights == 2 and after.skills["Gus"].nights == 1


def test_a_night_played_in_two_goes_counts_as_one_played_at_once() -> None:
    whole = play(Standing(), [WIN, LOSS, WIN, LOSS])
    halves = play(play(Standing(), [WIN, LOSS]), [WIN, LOSS])
    assert whole == halves


def test_a_player_is_provisional_until_the_settled_nights() -> None:
    standing = Standing()
    for night in range(SETTLED_NIGHTS):
        assert all(s.provisional for s in standing.skills.values()), night
        standing = play(standing.next_night(), [WIN])
    assert not any(s.provisional for s in standing.skills.values())
    assert standing.skills["Ann"].nights == SETTLED_NIGHTS


def test_every_settled_rating_ranks_above_every_provisional_one() -> None:
    lucky = Skill(40.0, 8.0, 3, SETTLED_NIGHTS - 1)  # shows 1320
    regular = Skill(25.0, 7.5, 900, 120)  # shows 1050
    assert lucky.shown > regular.shown and lucky.provisional and not regular.provisional
    assert sorted([lucky, regular], key=rank_key) == [regular, lucky]
    weaker = Skill(24.0, 7.5, 900, 120)
    assert sorted([weaker, lucky, regular], key=rank_key) == [regular, weaker, lucky]
    # another bound, to measure it: 0 ranks everyone by the number alone
    assert sorted([weaker, lucky, regular], key=lambda s: rank_key(s, 0)) \
        == [lucky, regular, weaker]


def _state(table_id: int) -> TableState:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return TableState.load(table)


def test_the_season_counts_nights_alike_replayed_or_played_on(app: Flask) -> None:
    """SETTLED_NIGHTS nights of a hand each: everyone settled; a hand saved
    in the last night (played on, not replayed) counts no night more, and
    a replay from scratch counts the same."""
    win = Hand(picker="Ann", partners=("Cat",), points=80)
    with app.app_context():
        group, _ = create_group("Thursday", PLAYERS)
        nights = []
        for day in range(1, SETTLED_NIGHTS + 1):
            table, _ = create_table("Thursday", PLAYERS, "called-ace",
                                    joins=joining(get_group(group.id)),
                                    played_on=date(2026, 1, day))
            hand_service.record_hand(_state(table.id), win)
            nights.append(table.id)
        asked = seasons.span("2026", None, None)

        def rows() -> dict[str, tuple[int, bool, int]]:
            row = db.session.get(Group, group.id)
            assert row is not None
            return {r.name: (r.nights, r.provisional, r.rank)
                    for r in ratings.season_ratings(row, asked).rows}
        before = rows()
        assert {n: r[:2] for n, r in before.items()} == dict.fromkeys(
            PLAYERS, (SETTLED_NIGHTS, False))
        hand_service.record_hand(_state(nights[-1]), win)  # played on from the night
        played_on = rows()
        ratings.LADDERS.clear()
        ratings.GAMES.clear()
        assert rows() == played_on
        assert {n: r[:2] for n, r in played_on.items()} == {n: r[:2] for n, r in before.items()}


def test_a_short_range_is_provisional_for_everyone_and_says_so(app: Flask) -> None:
    """The rating over a range counts the nights in it: January's first
    night is everyone's first night of that range."""
    with app.app_context():
        group, _ = create_group("Thursday", PLAYERS)
        for day in (1, 8):
            table, _ = create_table("Thursday", PLAYERS, "called-ace",
                                    joins=joining(get_group(group.id)),
                                    played_on=date(2026, 1, day))
            hand_service.record_hand(_state(table.id), Hand(picker="Ann", partners=("Cat",),
                                                             points=80))
        row = db.session.get(Group, group.id)
        assert row is not None
        first = ratings.season_ratings(row, seasons.span(None, "2026-01-01", "2026-01-02"))
        assert first.provisional == len(PLAYERS) and {r.nights for r in first.rows} == {1}
        both = ratings.season_ratings(row, seasons.span("2026", None, None))
        assert {r.nights for r in both.rows} == {2}
