"""Penalties and the options that bend the payout formula (docs/rules.md §2, §5):
renege (penalty-8 and forfeit), the no-trick-pick dollar, a buried called
ace, a forced pick, the spared partner, the multiplier cap and the base.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import Hand, HandError, Kind, Tricks, make_rules, replay

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]
SIX = FIVE + ("Fay",)


def last_paid(preset: str, hands: Sequence[Hand], players: Sequence[str] = FIVE,
              **overrides: object) -> tuple[int, ...]:
    """Payouts of the last of ``hands``, in seat order."""
    night = replay(make_rules(preset, overrides), players, hands)
    payouts = night.results[-1].payouts
    assert sum(payouts.values()) == 0
    return tuple(payouts[name] for name in players)


NO_PICK = Hand(kind=Kind.NO_PICK)

# --- renege ---------------------------------------------------------------------------


@pytest.mark.parametrize(("offender", "expected"), [
    ("Bob", (8, -32, 8, 8, 8)), ("Eve", (8, 8, 8, 8, -32)), ("Ann", (-32, 8, 8, 8, 8)),
])
def test_renege_under_penalty_8_costs_the_offender_8_to_each_player(
        offender: str, expected: tuple[int, ...]) -> None:
    assert last_paid("imsa", [Hand(kind=Kind.RENEGE, offender=offender)]) == expected


def test_renege_under_penalty_8_is_not_multiplied_by_base() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob")
    assert last_paid("imsa", [hand], base=5) == (8, -32, 8, 8, 8)


def test_renege_under_penalty_8_is_paid_only_to_the_players_in_the_hand() -> None:
    # Six at five: Ann deals and sits out.
    hand = Hand(kind=Kind.RENEGE, offender="Bob")
    assert last_paid("imsa", [hand], SIX) == (0, -32, 8, 8, 8, 8)


FORFEITS = [
    # (hand, expected) at called-ace: Ann picks with Cat
    (Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann", partners=("Cat",)),
     (2, -1, 1, -1, -1)),
    (Hand(kind=Kind.RENEGE, offender="Cat", picker="Ann", partners=("Cat",)),
     (-4, 2, -2, 2, 2)),
    (Hand(kind=Kind.RENEGE, offender="Ann", picker="Ann", partners=("Cat",)),
     (-4, 2, -2, 2, 2)),
    (Hand(kind=Kind.RENEGE, offender="Eve", picker="Ann", alone=True), (4, -1, -1, -1, -1)),
    (Hand(kind=Kind.RENEGE, offender="Ann", picker="Ann", alone=True), (-8, 2, 2, 2, 2)),
    (Hand(kind=Kind.RENEGE, offender="Dan", picker="Ann", partners=("Cat",), cracks=2),
     (8, -4, 4, -4, -4)),
    (Hand(kind=Kind.RENEGE, offender="Cat", picker="Ann", partners=("Cat",), cracks=1),
     (-8, 4, -4, 4, 4)),
]


@pytest.mark.parametrize(("hand", "expected"), FORFEITS)
def test_forfeit_scores_the_smallest_row_against_the_offenders_side(
        hand: Hand, expected: tuple[int, ...]) -> None:
    assert last_paid("called-ace", [hand]) == expected


@pytest.mark.parametrize(("offender", "expected"), [
    ("Bob", (9 * 2, -3 * 2, -3 * 2, -3 * 2)), ("Ann", (-18 * 2, 6 * 2, 6 * 2, 6 * 2)),
])
def test_forfeit_keeps_the_alone_factor_and_the_doubler(offender: str,
                                                        expected: tuple[int, ...]) -> None:
    hand = Hand(kind=Kind.RENEGE, offender=offender, picker="Ann")
    assert last_paid("sheephead-4", [NO_PICK, hand], FOUR) == expected


def test_forfeit_keeps_blitzes_and_declared_doubler() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann", partners=("Cat",), blitzes=1,
                declared_doubler=True)
    assert last_paid("imsa", [hand], renege="forfeit") == (8, -4, 4, -4, -4)


def test_forfeit_by_a_thief_loses_as_a_loner() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob", picker="Bob", stolen_from="Ann")
    assert last_paid("sheephead-4", [hand], FOUR) == (6, -18, 6, 6)


def test_forfeit_is_multiplied_by_base() -> None:
    hand = Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann", partners=("Cat",))
    assert last_paid("called-ace", [hand], base=3) == (6, -3, 3, -3, -3)


# --- no-trick-pick ---------------------------------------------------------------------


def test_no_trick_pick_dollar_is_paid_even_when_the_picking_side_wins() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=70, no_trick_pickers=("Ann",))
    assert last_paid("sheephead-4", [hand], FOUR) == (1 - 3, -1 + 1, 1 + 1, -1 + 1)


def test_no_trick_pick_dollar_is_paid_on_a_loss_too() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=40, no_trick_pickers=("Ann",))
    assert last_paid("sheephead-4", [hand], FOUR) == (-2 - 3, 2 + 1, -2 + 1, 2 + 1)


def test_no_trick_pick_dollar_is_not_doubled_on_a_hand_of_doubles() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=70, no_trick_pickers=("Ann",))
    assert last_paid("sheephead-4", [NO_PICK, hand], FOUR) == (2 - 3, -2 + 1, 2 + 1, -2 + 1)


def test_no_trick_pick_dollar_is_not_multiplied_by_base() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=70, no_trick_pickers=("Ann",))
    assert last_paid("sheephead-4", [hand], FOUR, base=10) == (10 - 3, -10 + 1, 10 + 1,
                                                               -10 + 1)


def test_after_a_steal_both_the_thief_and_the_original_picker_pay_the_dollar() -> None:
    # A thief plays alone, so a thief who took no trick means his side took none (docs/rules.md
    # §1): Bob's 10 points are the bury, he loses at the no-trick row (3 units × 3 alone ×
    # bump 2 = 18 to each), then Bob and Ann each pay 1 to the three others.
    hand = Hand(picker="Bob", stolen_from="Ann", points=10, no_trick_pickers=("Bob", "Ann"))
    assert last_paid("sheephead-4", [hand], FOUR) == (18 - 3 + 1, -54 - 3 + 1, 18 + 2, 18 + 2)


def test_a_loner_who_took_no_trick_has_only_the_bury() -> None:
    rules = make_rules("sheephead-4")
    hand = Hand(picker="Ann", points=70, no_trick_pickers=("Ann",))
    with pytest.raises(HandError, match="without a partner and took no trick.*at most 22"):
        replay(rules, FOUR, [hand])


def test_a_loner_who_took_no_trick_pays_the_no_trick_row_and_the_penalty() -> None:
    # Seed 002's loner row for a no-trick loss (3 units × 3 alone × bump 2 = 18 to each
    # defender), plus the 1-point penalty to each, however the tricks were entered.
    for tricks in (Tricks.SOME, Tricks.NONE):
        hand = Hand(picker="Ann", points=10, tricks=tricks, no_trick_pickers=("Ann",))
        assert last_paid("sheephead-4", [hand], FOUR) == (-57, 19, 19, 19)


def test_after_a_steal_the_robbed_picker_alone_may_owe_the_dollar() -> None:
    hand = Hand(picker="Bob", stolen_from="Ann", points=75, no_trick_pickers=("Ann",))
    assert last_paid("sheephead-4", [hand], FOUR) == (-3 - 3, 9 + 1, -3 + 1, -3 + 1)


# --- called ace buried -----------------------------------------------------------------


def test_buried_called_ace_under_pay_the_board_costs_the_picker_1_to_each() -> None:
    hand = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann")
    assert last_paid("called-ace", [hand]) == (-4, 1, 1, 1, 1)
    assert last_paid("called-ace", [hand], base=5) == (-4, 1, 1, 1, 1)


def test_buried_called_ace_under_pay_the_board_is_not_doubled_and_keeps_the_doubler() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "no-pick"})
    buried = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Cat")
    picked = Hand(picker="Ann", partners=("Cat",), points=75)
    night = replay(rules, FIVE, [NO_PICK, buried, picked])
    assert night.results[1].payouts == {"Ann": 1, "Bob": 1, "Cat": -4, "Dan": 1, "Eve": 1}
    assert (night.results[1].doubled, night.results[1].pending_after) == (False, (1,))
    assert night.results[2].doubled_by == (1,)
    assert night.results[2].payouts["Ann"] == 4


def test_buried_called_ace_under_pay_the_board_passes_the_deal() -> None:
    night = replay(make_rules("called-ace"), FIVE,
                   [Hand(kind=Kind.CALLED_ACE_BURIED, picker="Cat")])
    assert (night.results[0].dealer, night.next_dealer) == ("Ann", "Bob")


def test_buried_called_ace_under_redeal_is_void_and_the_dealer_deals_again() -> None:
    hand = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Cat")
    night = replay(make_rules("called-ace", {"called_ace_buried": "redeal"}), FIVE, [hand])
    assert night.results[0].payouts == dict.fromkeys(FIVE, 0)
    assert night.next_dealer == "Ann"


def test_buried_called_ace_under_play_alone_is_recorded_as_a_loner() -> None:
    hand = Hand(picker="Ann", alone=True, points=75)
    assert last_paid("called-ace", [hand], called_ace_buried="play-alone") == (
        4, -1, -1, -1, -1)


# --- forced pick, spared partner, cap, base --------------------------------------------

FORCED = {"nobody_picks": "forced-pick"}


@pytest.mark.parametrize(("doubled", "points", "expected"), [
    (False, 45, (-2, 1, -1, 1, 1)), (True, 45, (-4, 2, -2, 2, 2)),
    (False, 20, (-4, 2, -2, 2, 2)), (False, 75, (2, -1, 1, -1, -1)),
])
def test_forced_pick_loss_pays_the_bump_only_when_forced_loss_doubled(
        doubled: bool, points: int, expected: tuple[int, ...]) -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=points, forced=True)
    assert last_paid("called-ace", [hand], **FORCED, forced_loss_doubled=doubled) == expected


def test_unforced_pick_at_a_forced_pick_table_still_pays_the_bump() -> None:
    hand = Hand(picker="Bob", partners=("Cat",), points=45)
    assert last_paid("called-ace", [hand], **FORCED, forced_loss_doubled=False) == (
        2, -4, -2, 2, 2)


@pytest.mark.parametrize(("spared", "expected"), [
    (True, (-18, 6, 0, 6, 6)), (False, (-12, 6, -6, 6, 6)),
])
def test_partner_spared_on_no_trick_leaves_the_picker_to_pay_it_all(
        spared: bool, expected: tuple[int, ...]) -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=10, tricks=Tricks.NONE)
    assert last_paid("called-ace", [hand], partner_spared_on_no_trick=spared) == expected


def test_spared_partner_still_pays_when_the_side_took_a_trick() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=10)
    assert last_paid("called-ace", [hand], partner_spared_on_no_trick=True) == (
        -8, 4, -4, 4, 4)


@pytest.mark.parametrize(("cap", "expected_unit"), [(None, 16), (8, 8), (4, 4), (1, 1)])
def test_max_multiplier_caps_tier_times_stake(cap: int | None, expected_unit: int) -> None:
    # imsa loner with every trick: tier 4 (schneider x no trick) x alone 2 x declared 2 = 16.
    hand = Hand(picker="Ann", points=120, tricks=Tricks.ALL, declared_doubler=True)
    unit = expected_unit
    assert last_paid("imsa", [hand], max_multiplier=cap) == (4 * unit, -unit, -unit, -unit,
                                                             -unit)


def test_max_multiplier_caps_before_base_and_bump() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=0, tricks=Tricks.NONE, cracks=2)
    # tier 3 x cracks 4 = 12, capped at 2, then base 5 and bump 2: unit 20 on a loss.
    assert last_paid("called-ace", [hand], max_multiplier=2, base=5) == (-40, 20, -20, 20, 20)


def test_base_multiplies_a_leaster() -> None:
    assert last_paid("called-ace", [Hand(kind=Kind.LEASTER, winner="Eve")], base=3) == (
        -3, -3, -3, -3, 12)
