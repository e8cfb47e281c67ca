"""The pending-doublers banner is worded from the engine's own plan for the
next hands, under every ``doublers`` policy: what it says is what the next
hands are then scored with (which hands' doublers, how many times doubled).
After a leaster and two misdeals: ``extend`` doubles the next three hands
once each, ``stack`` the next hand three times (×8), ``previous`` only the
next hand, by the last misdeal."""

from __future__ import annotations

import pytest

from scorekeeper.ledger.words import pending_text
from scorekeeper.rules import Hand, Kind, replay
from scorekeeper.rules.presets import make_rules

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
PLAIN = Hand(kind=Kind.PICKED, picker="Bob", partners=("Cat",), points=75)
THROWN = [Hand(kind=Kind.LEASTER, winner="Ann"), Hand(kind=Kind.MISDEAL),
          Hand(kind=Kind.MISDEAL)]


@pytest.mark.parametrize(("policy", "said"), [
    ("extend", "Next 3 hands doubled — from hands 3, 4 and 5"),
    ("stack", "Next hand ×8 — from hands 3, 4 and 5"),
    ("previous", "Next hand doubled — from hand 5"),
])
def test_the_banner_says_what_the_next_hands_are_scored_with(policy: str, said: str) -> None:
    rules = make_rules("called-ace", {"doublers": policy,
                                      "makes_doubler": ["leaster", "misdeal"]})
    before = [PLAIN, PLAIN, *THROWN]
    night = replay(rules, PLAYERS, before)
    assert pending_text(night) == said
    after = replay(rules, PLAYERS, before + [PLAIN] * (len(night.upcoming) + 1))
    scored = after.results[len(before):]
    for (times, sources), result in zip(night.upcoming, scored, strict=False):
        assert result.doubled_by == sources
        assert result.payouts["Bob"] == 2 * 2 ** times  # picker's 2 points, doubled so
    assert scored[len(night.upcoming)].doubled_by == ()
    assert pending_text(after) is None


@pytest.mark.parametrize(("policy", "said"), [
    ("extend", "This hand and the next 2 doubled (by hands 3, 4 and 5)"),
    ("stack", "This hand ×8 (by hands 3, 4 and 5)"),
    ("previous", "This hand doubled (by hand 5)"),
])
def test_the_doubled_hands_own_form_says_this_hand(policy: str, said: str) -> None:
    rules = make_rules("called-ace", {"doublers": policy,
                                      "makes_doubler": ["leaster", "misdeal"]})
    assert pending_text(replay(rules, PLAYERS, [PLAIN, PLAIN, *THROWN]), here=True) == said


def test_a_hand_doubled_then_hands_doubled_otherwise_say_each_run() -> None:
    rules = make_rules("called-ace", {"doublers": "stack", "makes_doubler": ["misdeal"],
                                      "round_of_doubles": True})
    tie = Hand(kind=Kind.PICKED, picker="Bob", partners=("Cat",), points=60)
    night = replay(rules, PLAYERS, [PLAIN, tie, Hand(kind=Kind.MISDEAL), Hand(kind=Kind.MISDEAL)])
    here = pending_text(night, here=True)
    assert here is not None and here.startswith("This hand ×")
    assert "; then the next " in here


def test_a_round_of_doubles_with_a_stacked_doubler_is_said_as_the_engine_uses_them() -> None:
    """Under ``stack`` a 60-60 tie starts a round of doubles (a hand each
    seat); a misdeal after it doubles the next hand, which is the round's
    first hand too: five hands doubled once, the first by the misdeal."""
    rules = make_rules("called-ace", {"doublers": "stack", "makes_doubler": ["misdeal"],
                                      "round_of_doubles": True})
    tie = Hand(kind=Kind.PICKED, picker="Bob", partners=("Cat",), points=60)
    before = [PLAIN, tie, Hand(kind=Kind.MISDEAL)]
    night = replay(rules, PLAYERS, before)
    assert pending_text(night) == "Next 5 hands doubled — from hands 2 and 3"
    after = replay(rules, PLAYERS, before + [PLAIN] * 6)
    assert [r.doubled_by for r in after.results[3:]] == [(3,), (2,), (2,), (2,), (2,), ()]
