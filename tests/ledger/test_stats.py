"""The night summary's numbers (scorekeeper.ledger.stats): pure, from a replayed night."""

from __future__ import annotations

import pytest

from scorekeeper.ledger.standings import standings
from scorekeeper.ledger.stats import picking_side_won, player_stats, summarize
from scorekeeper.rules import Hand, Night, Tricks, make_rules, replay

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")


def night(hands: list[Hand], preset: str = "called-ace", players: tuple[str, ...] = FIVE
          ) -> Night:
    return replay(make_rules(preset), players, hands)


def picked(picker: str, points: int, *partners: str, **more: object) -> Hand:
    return Hand(picker=picker, partners=partners, points=points, alone=not partners,
                **more)  # type: ignore[arg-type]


A_NIGHT = [
    picked("Ann", 75, "Cat"),                      # 1: Ann +2, Cat +1, others −1
    picked("Ann", 40, "Bob"),                      # 2: Ann −4, Bob −2, others +2
    picked("Bob", 61),                             # 3: Bob alone wins: +4
    Hand(kind="leaster", winner="Dan"),            # 4: Dan +4, others −1
    picked("Ann", 120, "Eve", tricks=Tricks.ALL),  # 5: Ann +6, Eve +3, others −3
]


def test_picks_and_picker_wins_count_only_played_out_picked_hands() -> None:
    ann = player_stats(night(A_NIGHT), "Ann")
    assert (ann.picked, ann.picker_wins, ann.win_percent) == (3, 2, 67)


def test_a_player_who_never_picked_has_no_win_rate() -> None:
    assert player_stats(night(A_NIGHT), "Cat").win_percent is None


def test_partnerships_and_leasters_won_are_counted_per_player() -> None:
    stats = {s.name: s for s in summarize(night(A_NIGHT)).players}
    assert [stats[n].partner for n in FIVE] == [0, 1, 1, 0, 1]
    assert [stats[n].leasters_won for n in FIVE] == [0, 0, 0, 1, 0]


def test_biggest_hand_won_and_lost_name_the_hand() -> None:
    ann = player_stats(night(A_NIGHT), "Ann")
    assert (ann.biggest_win, ann.biggest_win_hand) == (6, 5)
    assert (ann.biggest_loss, ann.biggest_loss_hand) == (-4, 2)


def test_a_player_who_never_lost_has_no_worst_hand() -> None:
    bob = player_stats(night([picked("Bob", 61)]), "Bob")
    assert (bob.biggest_loss, bob.biggest_loss_hand) == (0, None)
    assert (bob.biggest_win, bob.biggest_win_hand) == (4, 1)


def test_ties_for_the_biggest_hand_go_to_the_earlier_hand() -> None:
    ann = player_stats(night([picked("Ann", 75, "Cat"), picked("Ann", 80, "Bob")]), "Ann")
    assert ann.biggest_win_hand == 1


def test_doubled_hands_are_counted_for_the_players_who_sat_in() -> None:
    hands = [Hand(kind="no-pick"), picked("Ann", 75, "Cat"), picked("Bob", 75, "Ann")]
    result = summarize(night(hands, preset="imsa"))
    assert result.doubled_hands == 1
    assert all(s.doubled == 1 for s in result.players)


def test_a_player_sitting_out_plays_fewer_hands() -> None:
    six = (*FIVE, "Fay")
    result = summarize(night([picked("Dan", 75, "Eve")] * 3, players=six))
    played = {s.name: s.hands_played for s in result.players}
    assert sum(played.values()) == 3 * 5
    assert played["Ann"] == 2  # Ann deals hand 1 and sits out


def test_standings_run_from_the_biggest_winner_and_ties_keep_seat_order() -> None:
    rows = standings(night([picked("Cat", 75, "Ann")]), FIVE, 25).ranked
    assert [(r.name, r.points, r.cents, r.rank) for r in rows] == [
        ("Cat", 2, 50, 1), ("Ann", 1, 25, 2), ("Bob", -1, -25, 3), ("Dan", -1, -25, 3),
        ("Eve", -1, -25, 3)]


def test_the_summary_counts_every_hand_and_the_scored_ones() -> None:
    result = summarize(night([*A_NIGHT, Hand(kind="misdeal")]))
    assert (result.hands, result.scored_hands) == (6, 5)
    assert sum(s.points for s in result.players) == 0


def test_an_empty_night_has_zero_everything() -> None:
    result = summarize(night([]))
    assert result.hands == 0
    assert all(s.hands_played == s.picked == s.biggest_win == 0 for s in result.players)


@pytest.mark.parametrize(("points", "won"), [(61, True), (60, False), (120, True), (0, False)])
def test_the_picking_side_wins_with_61_or_more(points: int, won: bool) -> None:
    tricks = Tricks.ALL if points == 120 else Tricks.NONE if points == 0 else Tricks.SOME
    result = night([picked("Ann", points, "Cat", tricks=tricks)]).results[0]
    assert picking_side_won(result) is won


def test_a_leaster_has_no_picking_side() -> None:
    assert picking_side_won(night([Hand(kind="leaster", winner="Ann")]).results[0]) is None
