"""The stored form of a hand: versioned, read back without the API parser,
and rows written before the version key existed still read."""

from __future__ import annotations

import pytest

from scorekeeper.db import codec
from scorekeeper.rules import Hand, Kind, Tricks

#: A hand exactly as the first release stored it: the API's request fields plus
#: who was at the table, and no format version.
FIRST_RELEASE_HAND = {
    "kind": "picked", "picker": "Bob", "partners": ["Cat"], "alone": False, "points": 75,
    "tricks": "some", "cracks": 0, "blitzes": 0, "declared_doubler": False, "forced": False,
    "king_of_diamonds_cut": False, "stolen_from": None, "no_trick_pickers": [],
    "winner": None, "offender": None, "dealer": "Ann",
    "seated": ["Ann", "Bob", "Cat", "Dan", "Eve"],
    "present": ["Ann", "Bob", "Cat", "Dan", "Eve"],
}
#: Hand fields added since (docs/rules.md §9), as a first-release hand reads them.
ADDED_SINCE = {"last_round": False, "second_winner": None, "payouts": {}, "note": None,
               "losers": []}

HANDS = [
    Hand(picker="Bob", partners=("Cat",), points=75, dealer="Ann",
         seated=("Ann", "Bob", "Cat", "Dan", "Eve"), present=("Ann", "Bob", "Cat", "Dan", "Eve")),
    Hand(kind=Kind.LEASTER, winner="Dan", king_of_diamonds_cut=True),
    Hand(picker="Ann", points=0, tricks=Tricks.NONE, no_trick_pickers=("Ann",), cracks=2,
         blitzes=1, declared_doubler=True, stolen_from="Eve", forced=True),
    Hand(kind=Kind.RENEGE, offender="Eve"),
]


@pytest.mark.parametrize("hand", HANDS)
def test_a_stored_hand_reads_back_as_the_same_hand(hand: Hand) -> None:
    stored = codec.encode(hand)
    assert stored["v"] == codec.VERSION
    assert codec.decode(stored) == hand


def test_a_hand_stored_by_the_first_release_reads_as_version_one() -> None:
    hand = codec.decode(FIRST_RELEASE_HAND)
    assert (hand.picker, hand.partners, hand.points, hand.dealer) == ("Bob", ("Cat",), 75, "Ann")
    # fields added since (with their defaults) are written back too
    assert codec.encode(hand) == {"v": 1, **FIRST_RELEASE_HAND, **ADDED_SINCE}


def test_a_hand_from_a_newer_app_is_refused_rather_than_misread() -> None:
    with pytest.raises(ValueError, match="format 2"):
        codec.decode({**FIRST_RELEASE_HAND, "v": 2})
