"""Every schneider line at its boundaries (docs/rules.md §2 step 2), on both
ladders.  The expected tier is worked out here from the words of the rules,
independently of the engine.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import Hand, Tricks, make_rules, outcome, replay

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
BOUNDARIES = (29, 30, 31, 60, 61, 89, 90, 91, 119, 120)
LINES = ("at-30", "under-30", "31-both")


def schneidered_by_the_words(line: str, points: int) -> bool:
    """docs/rules.md §2: who is schneidered, as the text defines each line."""
    if line == "at-30":   # picking side needs 31; the defense is out with 30 (P <= 90)
        return points <= 30 or 120 - points <= 29
    if line == "under-30":  # fewer than 30 for either side
        return points < 30 or 120 - points < 30
    return points < 31 or 120 - points < 31  # 31-both: either side needs 31


def expected_payouts(line: str, ladder: str, points: int, tricks: Tricks
                     ) -> tuple[int, int, int, int, int]:
    """Ann picks with Cat at a five-handed table: (picker, partner, defender) spread."""
    won = points > 60
    no_trick = tricks is not Tricks.SOME
    schneider = schneidered_by_the_words(line, points) or no_trick
    if ladder == "additive":
        tier = 3 if no_trick else 2 if schneider else 1
    else:
        tier = (2 if schneider else 1) * (2 if no_trick else 1)
    unit = tier if won else -2 * tier
    return (2 * unit, -unit, unit, -unit, -unit)


CASES = [(line, ladder, p) for line in LINES for ladder in ("additive", "doubling")
         for p in BOUNDARIES]


@pytest.mark.parametrize(("line", "ladder", "points"), CASES)
def test_schneider_line_boundary_pays_the_right_tier(line: str, ladder: str, points: int
                                                     ) -> None:
    rules = make_rules("called-ace", {"schneider_line": line, "ladder": ladder})
    hand = Hand(picker="Ann", partners=("Cat",), points=points)
    payouts = replay(rules, FIVE, [hand]).results[0].payouts
    assert tuple(payouts[n] for n in FIVE) == expected_payouts(line, ladder, points,
                                                               Tricks.SOME)


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("ladder", ["additive", "doubling"])
def test_clean_sweep_is_the_top_tier_on_every_line(line: str, ladder: str) -> None:
    rules = make_rules("called-ace", {"schneider_line": line, "ladder": ladder})
    hand = Hand(picker="Ann", partners=("Cat",), points=120, tricks=Tricks.ALL)
    payouts = replay(rules, FIVE, [hand]).results[0].payouts
    assert tuple(payouts[n] for n in FIVE) == expected_payouts(line, ladder, 120, Tricks.ALL)


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("points", [0, 10, 22])
def test_picking_side_without_a_trick_is_the_top_tier_on_every_line(line: str, points: int
                                                                     ) -> None:
    rules = make_rules("called-ace", {"schneider_line": line})
    hand = Hand(picker="Ann", partners=("Cat",), points=points, tricks=Tricks.NONE)
    payouts = replay(rules, FIVE, [hand]).results[0].payouts
    assert tuple(payouts[n] for n in FIVE) == (-12, 6, -6, 6, 6)


@pytest.mark.parametrize(("line", "points", "won", "schneider"), [
    ("at-30", 30, False, True), ("at-30", 31, False, False), ("at-30", 90, True, False),
    ("at-30", 91, True, True), ("under-30", 29, False, True), ("under-30", 30, False, False),
    ("under-30", 90, True, False), ("under-30", 91, True, True), ("31-both", 30, False, True),
    ("31-both", 31, False, False), ("31-both", 89, True, False), ("31-both", 90, True, True),
    ("at-30", 60, False, False), ("at-30", 61, True, False),
])
def test_outcome_reports_win_and_schneider(line: str, points: int, won: bool, schneider: bool
                                           ) -> None:
    result = outcome(make_rules("called-ace", {"schneider_line": line}), points, Tricks.SOME)
    assert (result.won, result.schneider, result.no_trick) == (won, schneider, False)
    assert result.tier == (2 if schneider else 1)


def test_sixty_sixty_goes_to_the_defense() -> None:
    assert outcome(make_rules("called-ace"), 60, Tricks.SOME).won is False
