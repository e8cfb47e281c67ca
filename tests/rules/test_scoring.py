"""Payouts of single hands (docs/rules.md §2, §7 and seed 002's payout tables),
as the scorekeeper records them: every hand goes through ``replay`` so the
checks run too.  Expected numbers are copied from the documents, not
computed with the engine's formula.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import Hand, Kind, Tricks, make_rules, replay, score

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]


def paid(preset: str, hand: Hand, players: Sequence[str] = FIVE, **overrides: object
         ) -> tuple[int, ...]:
    """Each player's payout, in seat order, for ``hand`` as the first of a night."""
    night = replay(make_rules(preset, overrides), players, [hand])
    payouts = night.results[0].payouts
    assert sum(payouts.values()) == 0
    return tuple(payouts[name] for name in players)


# --- docs/rules.md §7, the worked examples -------------------------------------------------

FIVE_HANDED_EXAMPLES = [
    ("called-ace", Hand(picker="Ann", partners=("Cat",), points=75), (2, -1, 1, -1, -1)),
    ("called-ace", Hand(picker="Ann", partners=("Cat",), points=91), (4, -2, 2, -2, -2)),
    ("called-ace", Hand(picker="Ann", partners=("Cat",), points=60), (-4, 2, -2, 2, 2)),
    ("called-ace", Hand(picker="Ann", partners=("Cat",), points=30), (-8, 4, -4, 4, 4)),
    ("called-ace", Hand(picker="Ann", alone=True, points=61), (4, -1, -1, -1, -1)),
    ("called-ace", Hand(kind=Kind.LEASTER, winner="Dan"), (-1, -1, -1, 4, -1)),
    ("imsa", Hand(picker="Ann", points=120, tricks=Tricks.ALL), (32, -8, -8, -8, -8)),
    ("imsa", Hand(kind=Kind.RENEGE, offender="Bob"), (8, -32, 8, 8, 8)),
]


@pytest.mark.parametrize(("preset", "hand", "expected"), FIVE_HANDED_EXAMPLES)
def test_five_handed_worked_example_pays_as_the_rules_say(
        preset: str, hand: Hand, expected: tuple[int, ...]) -> None:
    assert paid(preset, hand) == expected


FOUR_HANDED_EXAMPLES = [
    (Hand(picker="Ann", partners=("Cat",), points=95), (2, -2, 2, -2)),
    (Hand(picker="Ann", points=70), (9, -3, -3, -3)),
    (Hand(picker="Ann", partners=("Cat",), points=70, no_trick_pickers=("Ann",)),
     (-2, 0, 2, 0)),
]


@pytest.mark.parametrize(("hand", "expected"), FOUR_HANDED_EXAMPLES)
def test_sheephead_4_worked_example_pays_as_the_rules_say(
        hand: Hand, expected: tuple[int, ...]) -> None:
    assert paid("sheephead-4", hand, FOUR) == expected


# --- seed 002: both base payout tables, every row --------------------------------------

# (picking side's points, tricks, picker, partner, each defender) for 2v2 rows.
TWO_V_TWO = [
    (120, Tricks.ALL, 3, 3, -3),
    (91, Tricks.SOME, 2, 2, -2), (119, Tricks.SOME, 2, 2, -2), (120, Tricks.SOME, 2, 2, -2),
    (61, Tricks.SOME, 1, 1, -1), (75, Tricks.SOME, 1, 1, -1), (90, Tricks.SOME, 1, 1, -1),
    (31, Tricks.SOME, -2, -2, 2), (60, Tricks.SOME, -2, -2, 2),
    (30, Tricks.SOME, -4, -4, 4), (0, Tricks.SOME, -4, -4, 4),
    (0, Tricks.NONE, -6, -6, 6), (22, Tricks.NONE, -6, -6, 6),
]
# (points, tricks, loner, each defender) for 3v1 rows.
THREE_V_ONE = [
    (120, Tricks.ALL, 27, -9),
    (91, Tricks.SOME, 18, -6), (119, Tricks.SOME, 18, -6),
    (61, Tricks.SOME, 9, -3), (90, Tricks.SOME, 9, -3),
    (31, Tricks.SOME, -18, 6), (60, Tricks.SOME, -18, 6),
    (30, Tricks.SOME, -36, 12), (1, Tricks.SOME, -36, 12),
    (0, Tricks.NONE, -54, 18), (14, Tricks.NONE, -54, 18),
]


@pytest.mark.parametrize(("points", "tricks", "picker", "partner", "defender"), TWO_V_TWO)
def test_sheephead_4_two_against_two_matches_the_seed_table(
        points: int, tricks: Tricks, picker: int, partner: int, defender: int) -> None:
    rules = make_rules("sheephead-4")
    hand = Hand(picker="Ann", partners=("Cat",), points=points, tricks=tricks)
    assert score(rules, hand, FOUR) == {"Ann": picker, "Bob": defender, "Cat": partner,
                                        "Dan": defender}


@pytest.mark.parametrize(("points", "tricks", "loner", "defender"), THREE_V_ONE)
@pytest.mark.parametrize("by_choice", [True, False], ids=["chops", "holds-jd"])
def test_sheephead_4_loner_matches_the_seed_table(
        points: int, tricks: Tricks, loner: int, defender: int, by_choice: bool) -> None:
    rules = make_rules("sheephead-4")
    hand = Hand(picker="Bob", alone=by_choice, points=points, tricks=tricks)
    assert score(rules, hand, FOUR) == {"Ann": defender, "Bob": loner, "Cat": defender,
                                        "Dan": defender}


@pytest.mark.parametrize(("points", "tricks", "picker", "partner", "defender"), TWO_V_TWO)
def test_sheephead_4_doubled_hand_doubles_the_seed_table(
        points: int, tricks: Tricks, picker: int, partner: int, defender: int) -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=points, tricks=tricks)
    assert score(make_rules("sheephead-4"), hand, FOUR, 1) == {
        "Ann": 2 * picker, "Bob": 2 * defender, "Cat": 2 * partner, "Dan": 2 * defender}


def test_sheephead_4_clean_sweep_loss_adds_the_no_trick_pick_dollar() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=0, tricks=Tricks.NONE,
                no_trick_pickers=("Ann",))
    assert paid("sheephead-4", hand, FOUR) == (-6 - 3, 6 + 1, -6 + 1, 6 + 1)


def test_sheephead_4_stolen_blind_is_priced_like_a_loner() -> None:
    hand = Hand(picker="Bob", stolen_from="Ann", points=75)
    assert paid("sheephead-4", hand, FOUR) == (-3, 9, -3, -3)


# --- representative rows for the other presets ---------------------------------------

PRESET_ROWS = [
    # three-handed: the picker alone against two, no alone factor
    ("three-handed", FIVE[:3], Hand(picker="Ann", points=75), (2, -1, -1)),
    ("three-handed", FIVE[:3], Hand(picker="Ann", points=95), (4, -2, -2)),
    ("three-handed", FIVE[:3], Hand(picker="Ann", points=120, tricks=Tricks.ALL), (6, -3, -3)),
    ("three-handed", FIVE[:3], Hand(picker="Bob", points=45), (2, -4, 2)),
    ("three-handed", FIVE[:3], Hand(picker="Bob", points=30), (4, -8, 4)),
    ("three-handed", FIVE[:3], Hand(picker="Bob", points=0, tricks=Tricks.NONE), (6, -12, 6)),
    # four-handed cut-throat
    ("four-handed", FOUR, Hand(picker="Dan", points=61), (-1, -1, -1, 3)),
    ("four-handed", FOUR, Hand(picker="Dan", points=44, tricks=Tricks.NONE), (6, 6, 6, -18)),
    # jack-of-diamonds five-handed: J♦ partner, picker holding it is alone (factor 1)
    ("jack-of-diamonds", FIVE, Hand(picker="Ann", partners=("Eve",), points=75),
     (2, -1, -1, -1, 1)),
    ("jack-of-diamonds", FIVE, Hand(picker="Ann", points=75), (4, -1, -1, -1, -1)),
    ("jack-of-diamonds", FIVE, Hand(picker="Ann", points=45), (-8, 2, 2, 2, 2)),
    # six-handed: J♦ holder and the player on the picker's right
    ("six-handed", FIVE + ("Fay",), Hand(picker="Cat", partners=("Bob", "Eve"), points=75),
     (-1, 1, 1, -1, 1, -1)),
    ("six-handed", FIVE + ("Fay",), Hand(picker="Cat", partners=("Bob", "Eve"), points=45),
     (2, -2, -2, 2, -2, 2)),
    ("six-handed", FIVE + ("Fay",), Hand(picker="Cat", partners=("Bob",), points=75),
     (-1, 1, 3, -1, -1, -1)),
    ("six-handed", FIVE + ("Fay",), Hand(picker="Cat", partners=("Bob",), points=20),
     (4, -4, -12, 4, 4, 4)),
    ("six-handed", FIVE + ("Fay",), Hand(picker="Ann", partners=("Fay",), points=95),
     (6, -2, -2, -2, -2, 2)),
    # seven-handed: J♦ holder and a player the die chose
    ("seven-handed", FIVE + ("Fay", "Gus"),
     Hand(picker="Ann", partners=("Cat", "Fay"), points=75), (2, -1, 1, -1, -1, 1, -1)),
    ("seven-handed", FIVE + ("Fay", "Gus"),
     Hand(picker="Ann", partners=("Cat",), points=75), (4, -1, 1, -1, -1, -1, -1)),
    ("seven-handed", FIVE + ("Fay", "Gus"),
     Hand(picker="Ann", partners=("Cat", "Fay"), points=44, tricks=Tricks.NONE),
     (-12, 6, -6, 6, 6, -6, 6)),
    # two-handed: the loser pays 1, 2 with 29 or less, 3 with no trick; 60-60 nothing
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=75), (1, -1)),
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=60), (0, 0)),
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=30), (-1, 1)),
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=29), (-2, 2)),
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=0, tricks=Tricks.NONE), (-3, 3)),
    ("two-handed", FIVE[:2], Hand(picker="Bob", points=91), (-2, 2)),
    ("two-handed", FIVE[:2], Hand(picker="Bob", points=90), (-1, 1)),
    ("two-handed", FIVE[:2], Hand(picker="Bob", points=120, tricks=Tricks.ALL), (-3, 3)),
    # imsa: doubling ladder, under-30, loner ×2
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75), (2, -1, 1, -1, -1)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=91), (4, -2, 2, -2, -2)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=120, tricks=Tricks.ALL),
     (8, -4, 4, -4, -4)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=30), (-4, 2, -2, 2, 2)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=29), (-8, 4, -4, 4, 4)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=0, tricks=Tricks.NONE),
     (-16, 8, -8, 8, 8)),
    ("imsa", FIVE, Hand(picker="Ann", points=75), (8, -2, -2, -2, -2)),
    ("imsa", FIVE, Hand(picker="Ann", alone=True, points=95), (16, -4, -4, -4, -4)),
    ("imsa", FIVE, Hand(picker="Ann", points=22, tricks=Tricks.NONE), (-64, 16, 16, 16, 16)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, cracks=1),
     (4, -2, 2, -2, -2)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, cracks=3),
     (16, -8, 8, -8, -8)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, blitzes=2),
     (8, -4, 4, -4, -4)),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, declared_doubler=True),
     (4, -2, 2, -2, -2)),
    ("imsa", FIVE, Hand(picker="Ann", points=120, tricks=Tricks.ALL, cracks=1, blitzes=1,
                        declared_doubler=True), (256, -64, -64, -64, -64)),
    # called-ace: cracks double, the alone factor is 1
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, cracks=2),
     (8, -4, 4, -4, -4)),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=0, tricks=Tricks.NONE),
     (-12, 6, -6, 6, 6)),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=120,
                              tricks=Tricks.ALL), (6, -3, 3, -3, -3)),
]


@pytest.mark.parametrize(("preset", "players", "hand", "expected"), PRESET_ROWS)
def test_preset_row_pays_as_expected(preset: str, players: tuple[str, ...], hand: Hand,
                                     expected: tuple[int, ...]) -> None:
    assert paid(preset, hand, players) == expected


@pytest.mark.parametrize(("preset", "players", "hand", "expected"), PRESET_ROWS[:12])
def test_base_multiplies_every_payout(preset: str, players: tuple[str, ...], hand: Hand,
                                      expected: tuple[int, ...]) -> None:
    assert paid(preset, hand, players, base=5) == tuple(5 * x for x in expected)


def test_call_up_jh_makes_the_jack_of_hearts_holder_the_partner() -> None:
    hand = Hand(picker="Ann", partners=("Bob",), points=75)
    assert paid("jack-of-diamonds", hand, jd_in_pickers_hand="call-up-jh") == (2, 1, -1, -1, -1)


def test_bump_of_one_makes_a_loss_cost_what_a_win_earns() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=45)
    assert paid("called-ace", hand, bump=1) == (-2, 1, -1, 1, 1)


def test_alone_factor_does_not_apply_when_everyone_plays_alone() -> None:
    assert paid("three-handed", Hand(picker="Ann", points=75), FIVE[:3],
                alone_factor=3) == (2, -1, -1)


@pytest.mark.parametrize("factor", [1, 2, 3])
def test_loner_takes_every_defenders_share_times_the_alone_factor(factor: int) -> None:
    hand = Hand(picker="Cat", alone=True, points=75)
    assert paid("called-ace", hand, alone_factor=factor) == (
        -factor, -factor, 4 * factor, -factor, -factor)
