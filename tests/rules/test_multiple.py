"""The badge says what the engine pays: a hand's :class:`Multiple` is the
plan its payouts are made by, so every defender pays (or is paid) the base
times the multiple (times the bump on a loss), and its words name every
factor ("×4: alone, schneider").  Checked on every worked example and
preset row the scoring tests hold, and on random nights.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import Hand, Kind, Rules, Tricks, make_rules, outcome, replay
from scorekeeper.rules.night import HandResult
from scorekeeper.rules.words import badges
from tests.rules.test_properties import PROPERTY, DrawPick, night_plan
from tests.rules.test_scoring import FIVE, FIVE_HANDED_EXAMPLES, PRESET_ROWS

ROWS = [*((preset, FIVE, hand) for preset, hand, _ in FIVE_HANDED_EXAMPLES),
        *((preset, players, hand) for preset, players, hand, _ in PRESET_ROWS)]


def _first(preset: str, players: Sequence[str], hand: Hand) -> tuple[Rules, HandResult]:
    rules = make_rules(preset)
    return rules, replay(rules, tuple(players), [hand]).results[0]


def _defenders_share(rules: Rules, result: HandResult) -> int | None:
    """What the first defender of a picked hand was paid, as the base, the
    multiple and the bump make it (None: no defender's share to check)."""
    hand = result.hand
    if hand.kind is not Kind.PICKED or hand.points is None or (
            rules.seats == 2 and hand.points == 60):
        return None
    won = outcome(rules, hand.points, hand.tricks).won
    no_trick_loss = not won and outcome(rules, hand.points, hand.tricks).no_trick
    single = no_trick_loss and not rules.bump_on_no_trick or hand.forced and not \
        rules.forced_loss_doubled
    unit = rules.base * result.multiple.times * (1 if won or single else rules.bump)
    return -unit if won else unit


def _defender(result: HandResult) -> str | None:
    hand = result.hand
    return next((name for name in result.seated
                 if name != hand.picker and name not in hand.partners), None)


@pytest.mark.parametrize(("preset", "players", "hand"), ROWS,
                         ids=[f"{preset}-{n}" for n, (preset, _, _) in enumerate(ROWS)])
def test_every_defender_pays_the_base_times_the_badges_multiple(
        preset: str, players: tuple[str, ...], hand: Hand) -> None:
    rules, result = _first(preset, players, hand)
    share, defender = _defenders_share(rules, result), _defender(result)
    if share is None or defender is None:
        return
    assert result.payouts[defender] == share
    words = [badge.text for badge in badges(rules, result)]
    times = result.multiple.times
    assert (f"×{times}:" in " ".join(words)) == (times > 1), words


@pytest.mark.parametrize(("hand", "words"), [
    (Hand(picker="Gene", alone=True, points=93), "×4: alone, schneider"),
    (Hand(picker="Joan", alone=True, points=0, tricks=Tricks.NONE),
     "×8: alone, schneider, no trick"),
    (Hand(picker="Dale", partners=("Joan",), points=25), "×2: schneider"),
    (Hand(picker="Dale", partners=("Joan",), points=75, cracks=2, declared_doubler=True),
     "×8: declared doubler, re-crack"),
    (Hand(picker="Dale", partners=("Joan",), points=75, blitzes=1), "×2: blitz"),
])
def test_an_imsa_badge_names_every_factor_it_multiplies(hand: Hand, words: str) -> None:
    rules, result = _first("imsa", ("Dale", "Joan", "Gene", "Sue", "Pat"), hand)
    said = [badge.text for badge in badges(rules, result)]
    assert said[0] == words
    assert not {"alone", "blitz", "re-crack", "no trick", "declared doubler"} & set(said)


def test_a_throw_in_doubles_the_next_hand_and_its_badge_says_so() -> None:
    rules = make_rules("imsa")
    players = ("Dale", "Joan", "Gene", "Sue", "Pat")
    night = replay(rules, players, [Hand(kind=Kind.NO_PICK),
                                    Hand(picker="Gene", partners=("Sue",), points=95)])
    said = [badge.text for badge in badges(rules, night.results[1])]
    assert said == ["doubled by 1", "×4: doubled, schneider"]


def test_a_cap_says_the_table_capped_it() -> None:
    rules = make_rules("called-ace", {"max_multiplier": 4})
    result = replay(rules, FIVE, [Hand(picker="Ann", partners=("Cat",), points=0,
                                       tricks=Tricks.NONE, cracks=2)]).results[0]
    assert result.multiple.times == 4 and result.multiple.capped
    assert badges(rules, result)[0].text == "×4: re-crack, no trick (the table's cap)"


@PROPERTY
@given(st.data())
def test_on_random_nights_each_defender_pays_what_the_badge_says(data: st.DataObject) -> None:
    rules, players, hands, _ = night_plan(DrawPick(data), data.draw(st.integers(1, 8)))
    for result in replay(rules, players, hands).results:
        share, defender = _defenders_share(rules, result), _defender(result)
        if share is not None and defender is not None and not result.hand.no_trick_pickers:
            assert result.payouts[defender] == share, result
        words = " ".join(badge.text for badge in badges(rules, result))
        assert (f"×{result.multiple.times}:" in words) == (result.multiple.times > 1), words
