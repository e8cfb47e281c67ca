"""Which games the skill rating reads from a night (scorekeeper/rating/games.py)
and what it makes of them (ladder.py): the picking side against the defense,
the picker alone, every player for himself in a leaster, a night of totals as
one ranked game, ties, and the hands nobody won."""

from __future__ import annotations

import pytest

from scorekeeper.rating.games import Game, night_games, ranked, totals_game
from scorekeeper.rating.ladder import BASE, Standing, play
from scorekeeper.rules import Hand, make_rules, replay

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")


def games_of(hands: list[Hand], preset: str = "called-ace",
             players: tuple[str, ...] = FIVE) -> tuple[Game, ...]:
    rules = make_rules(preset)
    return night_games(rules, replay(rules, players, hands))


@pytest.mark.parametrize(("points", "ranks"), [(61, (0, 1)), (120, (0, 1)), (60, (1, 0)),
                                               (0, (1, 0))])
def test_the_picker_and_partner_play_the_defense_and_61_wins(points: int,
                                                             ranks: tuple[int, int]) -> None:
    tricks = "all" if points == 120 else "none" if points == 0 else "some"
    (game,) = games_of([Hand(picker="Ann", partners=("Cat",), points=points, tricks=tricks)])
    assert game.teams == (("Ann", "Cat"), ("Bob", "Dan", "Eve"))
    assert game.ranks == ranks and game.sides


def test_a_picker_alone_is_a_team_of_one() -> None:
    (game,) = games_of([Hand(picker="Bob", alone=True, points=75)])
    assert game.teams == (("Bob",), ("Ann", "Cat", "Dan", "Eve")) and game.ranks == (0, 1)


def test_six_handed_the_picker_has_two_partners() -> None:
    six = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    (game,) = games_of([Hand(picker="Cat", partners=("Bob", "Fay"), points=50)], "six-handed",
                       six)
    assert game.teams == (("Cat", "Bob", "Fay"), ("Ann", "Dan", "Eve"))
    assert game.ranks == (1, 0)


def test_a_player_sitting_out_is_in_neither_team() -> None:
    six = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    (game,) = games_of([Hand(picker="Bob", partners=("Cat",), points=80)], players=six)
    assert "Ann" not in game.players  # the first dealer sits out
    assert game.teams == (("Bob", "Cat"), ("Dan", "Eve", "Fay"))


def test_a_leaster_is_every_player_for_himself_ranked_by_what_he_was_paid() -> None:
    (game,) = games_of([Hand(kind="leaster", winner="Dan")])
    assert game.teams[0] == ("Dan",) and game.ranks == (0, 1, 1, 1, 1)
    assert sorted(game.players) == sorted(FIVE) and not game.sides


def test_a_leasters_second_winner_comes_second() -> None:
    rules = make_rules("called-ace", {"leaster_second_winner": True})
    night = replay(rules, FIVE, [Hand(kind="leaster", winner="Dan", second_winner="Ann")])
    (game,) = night_games(rules, night)
    assert game.teams[:2] == (("Dan",), ("Ann",)) and game.ranks == (0, 1, 2, 2, 2)


@pytest.mark.parametrize("hand", [
    Hand(kind="void"),
    Hand(kind="misdeal"),
    Hand(kind="renege", offender="Bob", picker="Ann", partners=("Cat",)),
    Hand(kind="called-ace-buried", picker="Ann"),
    Hand(kind="adjustment", payouts=(("Ann", 3), ("Bob", -3)), note="three kings"),
], ids=["void", "misdeal", "renege", "called-ace-buried", "adjustment"])
def test_a_hand_nobody_won_at_the_table_is_no_game(hand: Hand) -> None:
    assert games_of([hand]) == ()


def test_a_throw_in_is_no_game() -> None:
    assert games_of([Hand(kind="no-pick")], "imsa") == ()


def test_a_two_handed_tie_pays_nothing_and_is_no_game() -> None:
    pair = ("Ann", "Bob")
    assert games_of([Hand(picker="Ann", points=60)], "two-handed", pair) == ()
    (game,) = games_of([Hand(picker="Ann", points=59)], "two-handed", pair)
    assert game.teams == (("Ann",), ("Bob",)) and game.ranks == (1, 0)


def test_a_night_of_totals_is_one_game_ranked_by_total_and_ties_share_a_rank() -> None:
    (game,) = totals_game({"Ann": 12, "Bob": -20, "Cat": 12, "Dan": 0, "Eve": -4})
    assert dict(zip((t[0] for t in game.teams), game.ranks, strict=True)) == {
        "Ann": 0, "Cat": 0, "Dan": 2, "Eve": 3, "Bob": 4}
    assert not game.sides


@pytest.mark.parametrize("totals", [{}, {"Ann": 0}, {"Ann": 0, "Bob": 0, "Cat": 0}])
def test_a_night_of_totals_where_nobody_beat_anybody_is_no_game(totals: dict[str, int]
                                                              ) -> None:
    assert totals_game(totals) == () and ranked(totals) is None


def test_the_winners_rise_and_the_losers_fall() -> None:
    standing = play(Standing(), games_of([Hand(picker="Ann", partners=("Cat",), points=80)]))
    shown = {name: skill.shown for name, skill in standing.skills.items()}
    assert shown["Ann"] == shown["Cat"] > BASE > shown["Bob"] == shown["Dan"] == shown["Eve"]
    assert all(skill.games == 1 for skill in standing.skills.values())


def test_a_tie_in_a_game_moves_the_tied_players_alike() -> None:
    (game,) = totals_game({"Ann": 5, "Bob": 5, "Cat": -10})
    standing = play(Standing(), [game])
    ann, bob, cat = (standing.skills[n] for n in ("Ann", "Bob", "Cat"))
    assert ann.mu == pytest.approx(bob.mu) and ann.mu > cat.mu


def test_partners_and_opponents_are_counted_on_played_out_hands_only() -> None:
    games = games_of([Hand(picker="Ann", partners=("Cat",), points=80),
                      Hand(picker="Bob", partners=("Cat",), points=40),
                      Hand(kind="leaster", winner="Eve")])
    standing = play(Standing(), games)
    assert standing.together[("Ann", "Cat")] == 1 and standing.won_with[("Cat", "Ann")] == 1
    assert ("Cat", "Bob") not in standing.won_with and standing.together[("Cat", "Bob")] == 1
    # Ann beat Bob twice (as picker, then as a defender); Eve's leaster counts for nobody.
    assert standing.lost_to[("Bob", "Ann")] == 2 and standing.against[("Ann", "Bob")] == 2
    assert ("Ann", "Eve") not in standing.lost_to and standing.games == 3


def test_a_standing_is_never_changed_by_playing_on_from_it() -> None:
    first = play(Standing(), games_of([Hand(picker="Ann", partners=("Cat",), points=80)]))
    kept = dict(first.skills)
    play(first, games_of([Hand(picker="Bob", partners=("Dan",), points=90)]))
    assert dict(first.skills) == kept and first.games == 1
