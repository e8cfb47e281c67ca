"""The penalty options of docs/rules.md §9: ``renege = penalty`` with
``renege_points``, ``no_trick_pick_points``, ``board_points`` and
``penalties_doubled``, straight from §9's sentences; rules frozen before
these options existed read with their defaults and replay the same."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import Hand, HandError, Kind, Rules, Tricks, make_rules, replay
from scorekeeper.rules.option_list import LATER

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]
NO_PICK = Hand(kind=Kind.NO_PICK)
RENEGE = Hand(kind=Kind.RENEGE, offender="Bob")


def paid(preset: str, hands: Sequence[Hand], players: Sequence[str] = FIVE,
         **overrides: object) -> tuple[int, ...]:
    night = replay(make_rules(preset, overrides), players, hands)
    payouts = night.results[-1].payouts
    assert sum(payouts.values()) == 0
    return tuple(payouts[name] for name in players)


# "`penalty`: the offender pays `renege_points` to every other seated player"
@pytest.mark.parametrize(("points", "expected"), [
    (8, (8, -32, 8, 8, 8)), (4, (4, -16, 4, 4, 4)), (1, (1, -4, 1, 1, 1)),
    (1000, (1000, -4000, 1000, 1000, 1000)),
])
def test_a_renege_penalty_costs_the_tables_renege_points(points: int,
                                                          expected: tuple[int, ...]) -> None:
    assert paid("imsa", [RENEGE], renege="penalty", renege_points=points) == expected


# "`penalty-8` stays accepted and means `penalty` with 8"
def test_penalty_8_is_penalty_with_8() -> None:
    assert paid("imsa", [RENEGE]) == paid("imsa", [RENEGE], renege="penalty")
    assert make_rules("imsa", {"renege": "penalty"}).renege_points == 8


@pytest.mark.parametrize("bad", [0, -1, 1001, True, "8", 2.5])
def test_renege_points_must_be_a_whole_number_from_1(bad: object) -> None:
    with pytest.raises(ValueError, match="renege_points"):
        make_rules("imsa", {"renege": "penalty", "renege_points": bad})


def test_renege_points_need_renege_penalty() -> None:
    with pytest.raises(ValueError, match="renege = penalty"):
        make_rules("imsa", {"renege_points": 4})
    with pytest.raises(ValueError, match="renege = penalty"):
        make_rules("imsa", {"renege": "forfeit", "renege_points": 4})


# "`no_trick_pick_points`: what the no-trick-pick penalty costs the picker per other player"
@pytest.mark.parametrize("points", [1, 2, 4])
def test_the_no_trick_pick_penalty_costs_its_points(points: int) -> None:
    """Four-handed: the picker pays ``points`` to each of the three others."""
    hand = Hand(picker="Ann", partners=("Bob",), points=70, no_trick_pickers=("Ann",))
    base = paid("sheephead-4", [Hand(picker="Ann", partners=("Bob",), points=70)], FOUR)
    with_penalty = paid("sheephead-4", [hand], FOUR, no_trick_pick_points=points)
    assert with_penalty[0] == base[0] - 3 * points
    assert with_penalty[1:] == tuple(v + points for v in base[1:])


def test_no_trick_pick_points_need_the_penalty() -> None:
    with pytest.raises(ValueError, match="no_trick_pick_penalty"):
        make_rules("called-ace", {"no_trick_pick_points": 2})


# "`board_points`: with pay-the-board, what the picker pays each other seated player"
@pytest.mark.parametrize(("points", "expected"), [
    (1, (-4, 1, 1, 1, 1)), (3, (-12, 3, 3, 3, 3)),
])
def test_paying_the_board_costs_board_points(points: int, expected: tuple[int, ...]) -> None:
    buried = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann")
    assert paid("called-ace", [buried], board_points=points) == expected


# "`penalties_doubled`: fixed penalties are multiplied by the hand's doublers and use them up
# (a misplay that costs 1, doubled on a doubler hand, is `renege_points = 1` with this on)"
def test_a_misplay_that_costs_1_is_doubled_on_a_doubler_hand() -> None:
    rules = {"nobody_picks": "no-pick", "doublers": "extend", "renege": "penalty",
             "renege_points": 1, "penalties_doubled": True}
    night = replay(make_rules("called-ace", rules), FIVE, [NO_PICK, RENEGE, RENEGE])
    doubled, plain = night.results[1], night.results[2]
    assert doubled.payouts["Bob"] == -8 and doubled.doubled and doubled.doubled_by == (1,)
    assert doubled.multiplier == 2
    assert plain.payouts["Bob"] == -4 and not plain.doubled  # the doubler was used up


def test_without_it_a_penalty_uses_the_doubler_but_is_not_doubled() -> None:
    rules = {"nobody_picks": "no-pick", "doublers": "extend", "renege": "penalty",
             "renege_points": 1}
    night = replay(make_rules("called-ace", rules), FIVE, [NO_PICK, RENEGE, RENEGE])
    assert night.results[1].payouts["Bob"] == -4 and not night.results[1].doubled
    assert night.results[1].doubled_by == (1,)
    assert night.results[1].multiplier == 1 and not night.results[2].doubled


def test_paying_the_board_uses_and_is_doubled_by_a_pending_doubler_when_penalties_double(
        ) -> None:
    buried = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann")
    win = Hand(picker="Ann", partners=("Cat",), points=70)
    on = replay(make_rules("called-ace", {"nobody_picks": "no-pick", "penalties_doubled": True}),
                FIVE, [NO_PICK, buried, win])
    assert on.results[1].payouts["Ann"] == -8 and on.results[1].doubled
    assert not on.results[2].doubled  # used up by the buried ace
    off = replay(make_rules("called-ace", {"nobody_picks": "no-pick"}), FIVE,
                 [NO_PICK, buried, win])
    assert off.results[1].payouts["Ann"] == -4 and not off.results[1].doubled
    assert off.results[2].doubled  # a buried ace neither makes nor uses a doubler


def test_a_no_trick_pick_penalty_is_doubled_on_a_doubled_hand() -> None:
    hand = Hand(picker="Ann", partners=("Bob",), points=70, no_trick_pickers=("Ann",))
    plain = Hand(picker="Ann", partners=("Bob",), points=70)
    rules = {"penalties_doubled": True}
    with_it = replay(make_rules("sheephead-4", rules), FOUR, [NO_PICK, hand]).results[1]
    without = replay(make_rules("sheephead-4", rules), FOUR, [NO_PICK, plain]).results[1]
    assert with_it.doubled and with_it.payouts["Ann"] == without.payouts["Ann"] - 6


# --- rules frozen before these options existed ----------------------------------------


@pytest.mark.parametrize("preset", ["called-ace", "imsa", "sheephead-4", "jack-of-diamonds"])
def test_rules_frozen_before_the_options_read_with_their_defaults(preset: str) -> None:
    today = make_rules(preset, {})
    frozen = {k: v for k, v in today.to_dict().items() if k not in LATER}
    assert Rules.from_dict(frozen) == today
    hands = [Hand(picker="Ann", partners=("Cat",), points=70), RENEGE
             if today.renege.flat else Hand(picker="Bob", partners=("Dan",), points=30)]
    if preset == "sheephead-4":
        hands = [Hand(picker="Ann", partners=("Bob",), points=0, tricks=Tricks.NONE,
                      no_trick_pickers=("Ann",))]
    players = FOUR if today.seats == 4 else FIVE
    assert replay(Rules.from_dict(frozen), players, hands) == replay(today, players, hands)


# A misplay that costs 1, doubled on a declared doubler: the penalty is multiplied
# by the hand's doublers, the declared one included (docs/rules.md §9).
def test_a_misplay_that_costs_1_on_a_declared_doubler_costs_2_to_each() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob", declared_doubler=True)
    assert paid("imsa", [hand], renege="penalty", renege_points=1,
                penalties_doubled=True) == (2, -8, 2, 2, 2)


def test_a_declared_doubler_and_a_pending_one_both_double_the_penalty() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob", declared_doubler=True)
    night = replay(make_rules("imsa", {"renege": "penalty", "renege_points": 1,
                                       "penalties_doubled": True}), FIVE, [NO_PICK, hand])
    assert night.results[-1].payouts["Bob"] == -16 and night.results[-1].multiplier == 4


def test_without_doubled_penalties_a_declared_doubler_on_a_flat_renege_names_the_penalty(
        ) -> None:
    rules = make_rules("imsa", {"renege": "penalty", "renege_points": 1})
    hand = Hand(kind=Kind.RENEGE, offender="Bob", declared_doubler=True)
    with pytest.raises(HandError, match="costs a flat 1 to each player"):
        replay(rules, FIVE, [hand])
