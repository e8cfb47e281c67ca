"""Doublers across a night (docs/rules.md §4) under each policy: which hands are
doubled, by which earlier hands, what is still pending, and the balances.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import Hand, Kind, Night, Rules, Tricks, make_rules, replay

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]
NO_PICK = Hand(kind=Kind.NO_PICK)
MISDEAL = Hand(kind=Kind.MISDEAL)
VOID = Hand(kind=Kind.VOID)
WIN = Hand(picker="Ann", partners=("Cat",), points=75)  # Ann +2 a plain hand
SIXTY = Hand(picker="Ann", partners=("Cat",), points=60)  # Ann -4 a plain hand


#: As seed 003 (IMSA) plays it: a misdeal doubles the next hand like a throw-in.
MISDEALS_TOO = ["no-pick", "misdeal"]


def throw_in_table(policy: str, **more: object) -> Rules:
    """Five-handed J♦ table that throws in when nobody picks."""
    return make_rules("jack-of-diamonds", {"nobody_picks": "no-pick", "doublers": policy,
                                           **more})


def summary(night: Night) -> list[tuple[bool, tuple[int, ...], tuple[int, ...], int]]:
    """Per hand: doubled, doubled_by, pending_after and Ann's payout."""
    return [(r.doubled, r.doubled_by, r.pending_after, r.payouts["Ann"]) for r in night.results]


def night_of(rules: Rules, hands: Sequence[Hand], players: Sequence[str] = FIVE) -> Night:
    night = replay(rules, players, hands)
    for result in night.results:
        assert sum(result.payouts.values()) == 0
    assert night.balances == night.results[-1].balances
    assert night.pending == night.results[-1].pending_after
    return night


# --- two no-picks in a row -------------------------------------------------------------

TWO_NO_PICKS = [NO_PICK, NO_PICK, WIN, WIN, WIN]


def test_extend_two_no_picks_double_the_next_two_hands() -> None:
    night = night_of(throw_in_table("extend"), TWO_NO_PICKS)
    assert summary(night) == [
        (False, (), (1,), 0), (False, (), (1, 2), 0),
        (True, (1,), (2,), 4), (True, (2,), (), 4), (False, (), (), 2)]
    assert night.balances == {"Ann": 10, "Bob": -5, "Cat": 5, "Dan": -5, "Eve": -5}


def test_stack_two_no_picks_quadruple_the_next_hand() -> None:
    night = night_of(throw_in_table("stack"), TWO_NO_PICKS)
    assert summary(night) == [
        (False, (), (1,), 0), (False, (), (1, 2), 0),
        (True, (1, 2), (), 8), (False, (), (), 2), (False, (), (), 2)]
    assert night.results[2].multiplier == 4
    assert night.balances["Ann"] == 12


def test_previous_two_no_picks_double_only_the_hand_after_the_second() -> None:
    night = night_of(throw_in_table("previous"), TWO_NO_PICKS)
    assert summary(night) == [
        (False, (), (1,), 0), (False, (), (2,), 0),
        (True, (2,), (), 4), (False, (), (), 2), (False, (), (), 2)]
    assert night.balances["Ann"] == 8


# --- misdeals -------------------------------------------------------------------------


def test_previous_misdeal_doubles_the_next_hand() -> None:
    night = night_of(throw_in_table("previous", makes_doubler=MISDEALS_TOO), [MISDEAL, WIN, WIN])
    assert summary(night) == [(False, (), (1,), 0), (True, (1,), (), 4), (False, (), (), 2)]


@pytest.mark.parametrize("policy", ["extend", "stack"])
def test_misdeal_neither_adds_nor_uses_a_doubler_outside_previous(policy: str) -> None:
    night = night_of(throw_in_table(policy), [MISDEAL, WIN, NO_PICK, MISDEAL, WIN])
    assert summary(night) == [
        (False, (), (), 0), (False, (), (), 2), (False, (), (3,), 0), (False, (), (3,), 0),
        (True, (3,), (), 4)]


def test_previous_no_pick_then_misdeal_doubles_once_by_the_misdeal() -> None:
    night = night_of(throw_in_table("previous", makes_doubler=MISDEALS_TOO),
                     [NO_PICK, MISDEAL, WIN])
    assert summary(night)[2] == (True, (2,), (), 4)


# --- void hands are skipped ---------------------------------------------------------------


@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_void_hand_neither_uses_nor_breaks_a_pending_doubler(policy: str) -> None:
    night = night_of(throw_in_table(policy), [NO_PICK, VOID, VOID, WIN, WIN])
    assert summary(night) == [
        (False, (), (1,), 0), (False, (), (1,), 0), (False, (), (1,), 0),
        (True, (1,), (), 4), (False, (), (), 2)]


def test_previous_skips_a_redealt_called_ace_like_a_void_hand() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "no-pick", "doublers": "previous",
                                      "called_ace_buried": "redeal"})
    buried = Hand(kind=Kind.CALLED_ACE_BURIED, picker="Bob")
    night = night_of(rules, [NO_PICK, buried, WIN])
    assert summary(night) == [(False, (), (1,), 0), (False, (), (1,), 0), (True, (1,), (), 4)]


# --- deleting the no-pick that created a doubler ---------------------------------------


@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_deleting_the_no_pick_replays_the_night_without_its_doubler(policy: str) -> None:
    rules = throw_in_table(policy)
    with_it = night_of(rules, [WIN, NO_PICK, WIN, WIN])
    without = night_of(rules, [WIN, WIN, WIN])
    assert with_it.balances["Ann"] == 2 + 4 + 2
    assert without.balances["Ann"] == 6
    assert [r.doubled for r in without.results] == [False, False, False]
    assert without.pending == ()


def test_deleting_one_of_two_no_picks_renumbers_the_sources() -> None:
    rules = throw_in_table("extend")
    night = night_of(rules, [WIN, NO_PICK, WIN, WIN])  # the hand 2 of [WIN, NO, NO, WIN, WIN]
    assert summary(night)[2:] == [(True, (2,), (), 4), (False, (), (), 2)]


# --- round of doubles: K♦ at the cut and 60-60 --------------------------------------------

KD_WIN = Hand(picker="Ann", partners=("Cat",), points=75, king_of_diamonds_cut=True)


@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_king_of_diamonds_at_the_cut_doubles_that_hand_and_the_next_three(policy: str
                                                                          ) -> None:
    rules = make_rules("sheephead-4", {"doublers": policy})
    hand = Hand(picker="Ann", partners=("Cat",), points=75, king_of_diamonds_cut=True)
    night = night_of(rules, [hand, WIN, WIN, WIN, WIN], FOUR)
    assert summary(night) == [
        (True, (1,), (1, 1, 1), 2), (True, (1,), (1, 1), 2), (True, (1,), (1,), 2),
        (True, (1,), (), 2), (False, (), (), 1)]


@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_sixty_sixty_doubles_the_next_round(policy: str) -> None:
    rules = make_rules("sheephead-4", {"doublers": policy})
    night = night_of(rules, [SIXTY, WIN, WIN, WIN, WIN, WIN], FOUR)
    assert summary(night) == [
        (False, (), (1, 1, 1, 1), -2), (True, (1,), (1, 1, 1), 2), (True, (1,), (1, 1), 2),
        (True, (1,), (1,), 2), (True, (1,), (), 2), (False, (), (), 1)]


def test_round_of_doubles_counts_the_seats_not_the_roster() -> None:
    # Five friends at a four-handed table: Ann deals the first hand and sits out.
    sixty = Hand(picker="Bob", partners=("Cat",), points=60)
    night = night_of(make_rules("sheephead-4"), [sixty, NO_PICK], FIVE)
    assert night.results[0].seated == ("Bob", "Cat", "Dan", "Eve")
    assert night.results[0].pending_after == (1, 1, 1, 1)


def test_extend_round_of_doubles_adds_to_pending_no_picks_without_quadrupling() -> None:
    night = night_of(make_rules("sheephead-4"), [NO_PICK, KD_WIN] + [WIN] * 5, FOUR)
    assert [r.doubled for r in night.results] == [False] + [True] * 5 + [False]
    assert night.results[1].doubled_by == (1,)
    assert night.results[1].pending_after == (2, 2, 2, 2)
    assert max(r.multiplier for r in night.results) == 2


@pytest.mark.parametrize("policy", ["stack", "previous"])
def test_round_of_doubles_never_combines_with_another_doubler(policy: str) -> None:
    night = night_of(make_rules("sheephead-4", {"doublers": policy}),
                     [NO_PICK, KD_WIN] + [WIN] * 4, FOUR)
    assert summary(night) == [
        (False, (), (1,), 0), (True, (1,), (2, 2, 2), 2), (True, (2,), (2, 2), 2),
        (True, (2,), (2,), 2), (True, (2,), (), 2), (False, (), (), 1)]


def test_stack_no_picks_during_a_round_still_stack_but_the_round_adds_nothing() -> None:
    night = night_of(make_rules("sheephead-4", {"doublers": "stack"}),
                     [SIXTY, NO_PICK, NO_PICK, WIN, WIN], FOUR)
    assert [r.multiplier for r in night.results[3:]] == [4, 2]
    assert night.results[3].doubled_by == (2, 3)
    assert night.results[4].doubled_by == (1,)


def test_king_of_diamonds_on_a_thrown_in_hand_doubles_the_next_hands() -> None:
    hand = Hand(kind=Kind.NO_PICK, king_of_diamonds_cut=True)
    night = night_of(make_rules("sheephead-4"), [hand] + [WIN] * 6, FOUR)
    assert [r.doubled for r in night.results] == [False] + [True] * 5 + [False]


# --- a leaster while doublers are pending -------------------------------------------------

LEASTER = Hand(kind=Kind.LEASTER, winner="Dan")


@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_leaster_uses_a_pending_doubler_and_pays_double(policy: str) -> None:
    rules = make_rules("jack-of-diamonds", {"round_of_doubles": True, "doublers": policy})
    night = night_of(rules, [SIXTY, LEASTER, WIN, WIN, WIN, WIN, WIN])
    leaster = night.results[1]
    assert (leaster.doubled, leaster.doubled_by, leaster.multiplier) == (True, (1,), 2)
    assert leaster.payouts == {"Ann": -2, "Bob": -2, "Cat": -2, "Dan": 8, "Eve": -2}
    assert [r.doubled for r in night.results[2:]] == [True, True, True, True, False]


def test_previous_leaster_after_a_misdeal_is_doubled() -> None:
    rules = make_rules("jack-of-diamonds", {"doublers": "previous",
                                            "makes_doubler": MISDEALS_TOO})
    night = night_of(rules, [MISDEAL, LEASTER])
    assert night.results[1].payouts["Dan"] == 8


def test_multiplier_cap_also_caps_a_doubled_leaster() -> None:
    rules = make_rules("jack-of-diamonds", {"doublers": "previous", "max_multiplier": 1,
                                            "makes_doubler": MISDEALS_TOO})
    night = night_of(rules, [MISDEAL, LEASTER])
    assert night.results[1].payouts["Dan"] == 4
    assert night.results[1].multiplier == 1


# --- renege and doublers ----------------------------------------------------------------


def test_renege_under_penalty_8_uses_up_a_doubler_without_doubling_the_8() -> None:
    rules = throw_in_table("extend", renege="penalty-8")
    night = night_of(rules, [NO_PICK, Hand(kind=Kind.RENEGE, offender="Bob"), WIN])
    # It uses the doubler up but is not multiplied by it: not reported as doubled.
    assert summary(night) == [(False, (), (1,), 0), (False, (1,), (), 8), (False, (), (), 2)]
    assert night.results[1].payouts["Bob"] == -32


def test_imsa_renege_after_a_throw_in_costs_a_flat_8() -> None:
    night = night_of(make_rules("imsa"), [NO_PICK, Hand(kind=Kind.RENEGE, offender="Bob"),
                                          WIN])
    assert night.results[1].payouts["Bob"] == -32
    assert night.results[2].doubled is False


def test_forfeit_renege_is_doubled_by_a_pending_doubler() -> None:
    rules = throw_in_table("extend")
    renege = Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann", partners=("Cat",))
    night = night_of(rules, [NO_PICK, renege])
    assert night.results[1].payouts == {"Ann": 4, "Bob": -2, "Cat": 2, "Dan": -2, "Eve": -2}


# --- balances and multipliers -----------------------------------------------------------


def test_balances_run_hand_by_hand_and_sum_to_zero() -> None:
    rules = make_rules("sheephead-4")
    hands = [
        Hand(picker="Bob", partners=("Dan",), points=95),
        NO_PICK,
        Hand(picker="Cat", points=70),
        Hand(picker="Dan", partners=("Ann",), points=0, tricks=Tricks.NONE,
             no_trick_pickers=("Dan",)),
    ]
    night = night_of(rules, hands, FOUR)
    assert [dict(r.balances) for r in night.results] == [
        {"Ann": -2, "Bob": 2, "Cat": -2, "Dan": 2},
        {"Ann": -2, "Bob": 2, "Cat": -2, "Dan": 2},
        {"Ann": -8, "Bob": -4, "Cat": 16, "Dan": -4},
        {"Ann": -13, "Bob": 3, "Cat": 23, "Dan": -13},
    ]
    assert sum(night.balances.values()) == 0


def test_reported_multiplier_includes_cracks_and_the_alone_factor() -> None:
    rules = make_rules("imsa")
    hand = Hand(picker="Ann", points=75, cracks=2)
    night = night_of(rules, [NO_PICK, hand])
    assert night.results[1].multiplier == 2 * 4 * 2
    assert night.results[1].payouts["Ann"] == 4 * 16


# --- makes_doubler (docs/rules.md §9): which recorded hands double later hands ---------------

LEASTER_WON = Hand(kind=Kind.LEASTER, winner="Dan")


@pytest.mark.parametrize(("makes", "first", "second_doubled"), [
    (["no-pick"], NO_PICK, True),
    ([], NO_PICK, False),
    (["misdeal"], MISDEAL, True),
    (["no-pick"], MISDEAL, False),
    (["no-pick", "tie"], SIXTY, True),
    (["no-pick"], SIXTY, False),
])
@pytest.mark.parametrize("policy", ["extend", "stack", "previous"])
def test_the_hands_named_make_a_doubler_under_every_policy(
        makes: list[str], first: Hand, second_doubled: bool, policy: str) -> None:
    night = night_of(throw_in_table(policy, makes_doubler=makes), [first, WIN, WIN])
    assert [r.doubled for r in night.results] == [False, second_doubled, False]
    assert night.results[1].doubled_by == ((1,) if second_doubled else ())


def test_a_tie_that_makes_a_doubler_doubles_the_next_hand_once() -> None:
    # "`tie` = a 60-60 `picked` hand": the tie itself is a plain loss (Ann −4), the next
    # hand is doubled (Ann +4), the one after is plain (+2).
    night = night_of(throw_in_table("extend", makes_doubler=["tie"]), [SIXTY, WIN, WIN])
    assert summary(night) == [(False, (), (1,), -4), (True, (1,), (), 4), (False, (), (), 2)]


def test_a_leaster_that_makes_a_doubler_is_not_doubled_by_itself() -> None:
    rules = make_rules("jack-of-diamonds", {"makes_doubler": ["leaster"]})
    night = night_of(rules, [LEASTER_WON, LEASTER_WON, WIN])
    assert [(r.doubled, r.doubled_by) for r in night.results] == [
        (False, ()), (True, (1,)), (True, (2,))]
    assert [r.payouts["Dan"] for r in night.results] == [4, 8, -2]


def test_a_schwanzer_can_make_a_doubler() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "schwanzer",
                                      "makes_doubler": ["schwanzer"]})
    night = night_of(rules, [Hand(kind=Kind.SCHWANZER, losers=("Bob",)), WIN])
    assert night.results[1].doubled_by == (1,) and night.results[1].payouts["Ann"] == 4


@pytest.mark.parametrize(("policy", "doubled"), [("extend", 5), ("stack", 4),
                                                  ("previous", 4)])
def test_a_tie_with_a_round_of_doubles(policy: str, doubled: int) -> None:
    # Independent of round_of_doubles: under extend the round's four hands and the tie's
    # own doubler add up; under stack and previous the round never compounds with it.
    rules = make_rules("sheephead-4", {"doublers": policy, "makes_doubler": ["no-pick", "tie"]})
    sixty = Hand(picker="Ann", partners=("Cat",), points=60)
    win = Hand(picker="Ann", partners=("Cat",), points=75)
    night = night_of(rules, [sixty] + [win] * 8, FOUR)
    assert sum(r.doubled for r in night.results) == doubled
    assert max(r.multiplier for r in night.results) == 2


def test_rules_frozen_before_the_option_replay_as_they_did() -> None:
    # Before makes_doubler, `previous` counted a misdeal and the other policies didn't.
    for policy, misdeal_doubles in (("previous", True), ("extend", False), ("stack", False)):
        frozen = throw_in_table(policy).to_dict()
        del frozen["makes_doubler"]
        night = night_of(Rules.from_dict(frozen), [MISDEAL, WIN])
        assert night.results[1].doubled is misdeal_doubles


def test_imsa_counts_a_misdeal_and_the_other_presets_do_not() -> None:
    assert [str(d) for d in make_rules("imsa").makes_doubler] == ["no-pick", "misdeal"]
    assert [str(d) for d in make_rules("called-ace").makes_doubler] == ["no-pick"]


@pytest.mark.parametrize(("value", "message"), [
    (["leaster"], "never plays a leaster"),
    (["no-pick", "no-pick"], "twice"),
    (["doubler"], "takes only"),
    ("no-pick", "must be a list"),
    ([1], "takes only"),
])
def test_makes_doubler_refuses_what_cannot_be(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_rules("imsa", {"makes_doubler": value})
