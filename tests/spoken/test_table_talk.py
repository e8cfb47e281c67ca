"""Hands as a noisy table says them to the scorekeeper's phone, at tables
whose players aren't Ann, Bob and Cat: names in any case, misspelt or
nicknamed, "with herself", numbers in words, schneider and no schneider,
cracks said after the hand, the defenders' points, leasters and misdeals.

Each is understood as the hand meant, or asked back; and asked back means
Save can't take the form as the words filled it: either the engine refuses
what was filled (no picker, no points), or the words leave a role open
(:attr:`Understood.open`), which holds Save until it is answered.  Never a
wrong hand one tap away.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import PRESETS, HandError, Rules, make_rules, replay
from scorekeeper.rules.hand_json import parse_hand
from scorekeeper.spoken import Understood, understand
from scorekeeper.spoken.examples import examples
from tests.spoken.phrasings import ASK_POINTS, alone, leaster, picked

KSM = ("Kathy", "David", "Mike", "Sue", "Liz")
JD = ("Fran", "Gus", "Hank", "Ida", "Joe")
NO_GUS = ("Fran", "Hank", "Ida", "Joe", "Kim")
SIX = (*JD, "Kim")
THREE = ("Fran", "Gus", "Hank")
ASK = ASK_POINTS.lower()

#: (table, players, what was said, the hand meant or the first question asked).
TALK: list[tuple[str, tuple[str, ...], str, Any]] = [
    # names in any case, misspelt, nicknamed
    ("called-ace", KSM, "kathy with sue 61", picked("Kathy", "Sue", points=61)),
    ("called-ace", KSM, "KATHY W/ SUE SIXTY ONE", picked("Kathy", "Sue", points=61)),
    ("called-ace", KSM, "Cathy with Sue 75", picked("Kathy", "Sue", points=75)),
    ("called-ace", KSM, "Mikey alone 90", alone("Mike", 90)),
    ("called-ace", KSM, "Dave with Mike 75", picked("David", "Mike", points=75)),
    ("called-ace", KSM, "Kathy with Suzy 75", "I didn't catch 'Suzy'"),  # Sue's not Susan
    ("called-ace", KSM, "Liz with Liz 75", "Liz can't be both picker and partner"),
    # going alone, every way
    ("called-ace", KSM, "Sue with herself 70", alone("Sue", 70)),
    ("called-ace", KSM, "Mike with himself, ninety one", alone("Mike", 91)),
    ("called-ace", KSM, "Liz by herself ninety one", alone("Liz", 91)),
    ("called-ace", KSM, "Mike went alone and got schneidered, 25", alone("Mike", 25)),
    ("called-ace", KSM, "Mike alone, laid them down", alone("Mike", 120, tricks="all")),
    ("called-ace", KSM, "Mike alon 80", "I didn't catch 'alon'"),
    # numbers in words, and the defenders' points
    ("called-ace", KSM, "Kathy with Sue one oh five", picked("Kathy", "Sue", points=105)),
    ("called-ace", KSM, "Kathy with Sue, defense got 29", picked("Kathy", "Sue", points=91)),
    ("called-ace", KSM, "Kathy and Sue lost, defense had 61",
     picked("Kathy", "Sue", points=59)),
    ("called-ace", KSM, "Kathy with Sue sixty one and the defense fifty nine",
     picked("Kathy", "Sue", points=61)),
    ("called-ace", KSM, "Kathy with Sue, 61 for the pickers", picked("Kathy", "Sue", points=61)),
    ("called-ace", KSM, "Kathy with Sue got bumped, 45", picked("Kathy", "Sue", points=45)),
    ("called-ace", KSM, "Kathy with Sue 61, defense 60", f"I heard 61, 60: {ASK}"),
    ("called-ace", KSM, "Kathy with Sue sixty won", f"I heard 'won' and 60: {ASK_POINTS}"),
    # schneider, no schneider
    ("called-ace", KSM, "Kathy with Sue 25 schnieder", picked("Kathy", "Sue", points=25)),
    ("called-ace", KSM, "Kathy with Sue thirty one, out of schneider",
     picked("Kathy", "Sue", points=31)),
    ("called-ace", KSM, "Kathy with Sue 61 schneider",
     f"Schneidered is 30 or fewer, but I heard 61: {ASK_POINTS}"),
    ("called-ace", KSM, "Kathy with Sue ninety one, no schneider",
     f"I heard no schneider and 91: {ASK_POINTS}"),
    # cracks, and no crack
    ("called-ace", KSM, "Mike alone sixty one, Kathy cracked, Mike recracked",
     alone("Mike", 61, cracks=2)),
    ("called-ace", KSM, "Kathy w Sue 75, Mike cracked it back",
     picked("Kathy", "Sue", points=75, cracks=2)),
    ("called-ace", KSM, "Mike went alone 80 no crack", alone("Mike", 80)),
    ("called-ace", KSM, "Kathy w Sue 75, no cracks", picked("Kathy", "Sue", points=75)),
    # leasters, misdeals
    ("called-ace", KSM, "leaster won by Liz with 8 points", leaster("Liz")),
    ("called-ace", KSM, "no one picked, Mike had the fewest", leaster("Mike")),
    ("called-ace", KSM, "misdeal, Sue dealt", {"kind": "misdeal"}),
    ("called-ace", KSM, "Sue misdealt so redeal", {"kind": "misdeal"}),
    # the jack of diamonds: a name not at the table, a partner never said
    ("jack-of-diamonds", NO_GUS, "Fran with Gus 70", "I didn't catch 'Gus'"),
    ("jack-of-diamonds", JD, "Fran 70", "Who was Fran's partner, or did Fran go alone?"),
    ("jack-of-diamonds", JD, "fran n gus seventy", picked("Fran", "Gus", points=70)),
    ("jack-of-diamonds", JD, "Gus had the diamond jack, Fran picked, 61",
     picked("Fran", "Gus", points=61)),
    ("jack-of-diamonds", JD, "ida threw it in", "This table plays a leaster when nobody picks"),
    ("imsa", JD, "Joe reneged on the jack", {"kind": "renege", "offender": "Joe"}),
    ("imsa", JD, "Fran w Gus 75 Hank cracked Fran recracked blitzed",
     picked("Fran", "Gus", points=75, cracks=2, blitzes=1)),
    # two partners, no partner, a schwanzer's losers
    ("six-handed", SIX, "Fran with Gus and Hank 75", picked("Fran", "Gus", "Hank", points=75)),
    ("six-handed", SIX, "Fran with Gus and Zed 75", "I didn't catch 'Zed'"),
    ("three-handed", THREE, "Gus with himself 75", picked("Gus", points=75)),
    ("called-ace nobody_picks=schwanzer", KSM, "schwanzer, Mike and Zed pay",
     "I didn't catch 'Zed'"),
]


def _rules(table: str) -> Rules:
    preset, *options = table.split()
    return make_rules(preset, dict(option.split("=", 1) for option in options))


def _saved_as_filled(understood: Understood, rules: Rules, players: tuple[str, ...]) -> bool:
    """True when one tap on Save would record the part understood as it is."""
    if understood.open or understood.body is None:
        return False
    try:
        replay(rules, players, [parse_hand(dict(understood.body), players=players)])
    except HandError:
        return False
    return True


def test_the_talk_is_fresh_and_wide() -> None:
    assert len(TALK) >= 30
    assert len({text for _, _, text, _ in TALK}) == len(TALK)
    asked = [want for *_, want in TALK if isinstance(want, str)]
    assert 8 <= len(asked) < len(TALK) / 2


@pytest.mark.parametrize(("table", "players", "text", "want"), TALK,
                         ids=[f"{table.split()[0]}:{text}" for table, _, text, _ in TALK])
def test_a_hand_said_at_a_noisy_table_is_the_hand_meant_or_asked_back(
        table: str, players: tuple[str, ...], text: str, want: Any) -> None:
    rules = _rules(table)
    understood = understand(text, rules, players, preset=table.split()[0])
    if isinstance(want, dict):
        assert understood.questions == ()
        assert dict(understood.body or {}) == want
        return
    assert understood.questions[0] == want
    assert not _saved_as_filled(understood, rules, players), understood.body


@pytest.mark.parametrize(("sent", "held"), [
    ({}, True),
    ({"partners": ["Hank"]}, False),
    ({"alone": True}, False),
    ({"kind": "leaster", "winner": "Ida"}, False),
    ({"points": 91}, True),  # another number answers nobody's partner
])
def test_an_open_partner_is_answered_by_a_partner_alone_or_another_hand(
        sent: dict[str, Any], held: bool) -> None:
    understood = understand("Fran with Gus 70", make_rules("jack-of-diamonds"), NO_GUS)
    hand = {"kind": "picked", "picker": "Fran", "partners": [], "alone": False, "points": 70,
            **sent}
    assert bool(understood.unanswered(hand)) is held


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_boxs_examples_are_hands_this_table_understands_by_its_own_players(
        preset: str) -> None:
    rules = make_rules(preset)
    players = (*SIX, "Lou")[:rules.seats]
    said = examples(rules, players)
    assert said[-1] == "misdeal" and len(said) == (2 if rules.nobody_picks is None else 3)
    for text in said:
        understood = understand(text, rules, players)
        assert understood.complete, (text, understood.questions)
        body = dict(understood.body or {})
        replay(rules, players, [parse_hand(body, players=players)])
        named = {p for key in ("picker", "winner") for p in [body.get(key)] if p}
        assert named | set(body.get("partners", ())) | set(body.get("losers", ())) <= set(players)
    assert said[0].split()[0] == players[0]
