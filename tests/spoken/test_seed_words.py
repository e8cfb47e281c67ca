"""The table words of the four seed documents, read under the preset each
belongs to, as the seed means them: IMSA's "boy" is the partner and its "no
schneider" a side held under 30; seed 002's "chop" is going alone and its
"got schneider" a side that got out; a picker who holds J♦ or finds it in
the blind plays alone; Pagat's "cut-throat" is alone; seed 000's "lead 'em"
calls no partner.  Each phrase fills the form with nothing asked (so no red
hint), and pays as the engine pays that hand; a word of another preset's
stays what the common words make of it.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import PRESETS, make_rules, replay
from scorekeeper.rules.hand_json import parse_hand
from scorekeeper.spoken import understand
from scorekeeper.spoken.dialects import SEED_WORDS, VOCABULARIES
from scorekeeper.spoken.lexicon import PHRASES

FIVE = ("Dale", "Joan", "Gene", "Sue", "Pat")
FOUR = ("Sue", "Dale", "Joan", "Gene")
THREE = ("Dale", "Joan", "Gene")

#: (preset, players, what was said, what it must fill).
SEED_TALK: list[tuple[str, tuple[str, ...], str, dict[str, Any]]] = [
    # 003, IMSA: the boy, the bump, no schneider, throwing off the boy, Indian blitz
    ("imsa", FIVE, "Dale picked, Joan was the boy, 75",
     {"picker": "Dale", "partners": ["Joan"], "points": 75}),
    ("imsa", FIVE, "Dale picked Joan boy 75", {"picker": "Dale", "partners": ["Joan"]}),
    ("imsa", FIVE, "Gene picked, the boy was Sue, 80", {"picker": "Gene", "partners": ["Sue"]}),
    ("imsa", FIVE, "Dale picked Joan the boy, the bump, 40",
     {"picker": "Dale", "partners": ["Joan"], "points": 40}),
    ("imsa", FIVE, "Dale with Joan got the bump 52", {"points": 52}),
    ("imsa", FIVE, "Dale with Joan 95 no schneider", {"points": 95}),
    ("imsa", FIVE, "Dale with Joan 22, no schneider", {"points": 22}),
    ("imsa", FIVE, "Dale picked, threw off the boy, 70", {"picker": "Dale", "alone": True}),
    ("imsa", FIVE, "Dale picked, threw the boy off, 70", {"alone": True}),
    ("imsa", FIVE, "Dale with Joan 70, Gene indian blitz cracked",
     {"blitzes": 1, "cracks": 1}),
    ("imsa", FIVE, "Dale picked, had the jack himself, 70", {"picker": "Dale", "alone": True}),
    ("imsa", FIVE, "Dale picked the jack in the blind 70", {"picker": "Dale", "alone": True}),
    ("imsa", FIVE, "Joan picked, jack was in the blind, 81", {"picker": "Joan", "alone": True}),
    ("imsa", FIVE, "Dale with Joan double crack, 70", {"cracks": 2}),
    ("imsa", FIVE, "Dale with Joan triple crack 70", {"cracks": 3}),
    ("imsa", FIVE, "Dale with Joan no trick", {"points": 0, "tricks": "none"}),
    # 002, four-handed 26 cards: chop, got schneider, the picker's own no trick
    ("sheephead-4", FOUR, "Sue chopped 80", {"picker": "Sue", "alone": True, "points": 80}),
    ("sheephead-4", FOUR, "Sue picked and chopped, 95", {"alone": True, "points": 95}),
    ("sheephead-4", FOUR, "Sue picked with Dale, got schneider, 45",
     {"partners": ["Dale"], "points": 45}),
    ("sheephead-4", FOUR, "Sue picked with Dale 40, Sue took no tricks",
     {"points": 40, "no_trick_pickers": ["Sue"]}),
    ("sheephead-4", FOUR, "Sue picked, had the jack herself, 70", {"alone": True}),
    ("sheephead-4", FOUR, "Sue picked up the jack in the blind, 66",
     {"picker": "Sue", "alone": True, "points": 66}),
    ("sheephead-4", FOUR, "Joan stole the blind from Sue, 70",
     {"picker": "Joan", "stolen_from": "Sue"}),
    # 001, Pagat: cut-throat at three; a least
    ("three-handed", THREE, "Dale played cut throat, 70", {"picker": "Dale", "points": 70}),
    ("jack-of-diamonds", FIVE, "Gene had the jack of diamonds himself, 88",
     {"picker": "Gene", "alone": True}),
    # 000, called ace: lead 'em, pays the board
    ("called-ace", FIVE, "Dale picked, lead 'em, 70", {"picker": "Dale", "alone": True}),
    ("called-ace", FIVE, "Dale buried the called ace, pays the board",
     {"kind": "called-ace-buried", "picker": "Dale"}),
    ("called-ace", FIVE, "Pat paid the board", {"kind": "called-ace-buried", "picker": "Pat"}),
]

#: (preset, said, the first question): a word of another preset's keeps the
#: common meaning, so the table that doesn't say it is asked.
NOT_HERE = [
    ("called-ace", "Dale with Joan 95 no schneider", "I heard no schneider and 95"),
    ("called-ace", "Dale picked Joan boy 75", "I didn't catch 'boy'"),
    ("called-ace", "Dale with Joan got schneider 45", "Schneidered is 30 or fewer"),
    ("imsa", "Dale chopped 80", "I didn't catch 'chopped'"),
]


@pytest.mark.parametrize(("preset", "players", "text", "want"), SEED_TALK,
                         ids=[f"{preset}:{text}" for preset, _, text, _ in SEED_TALK])
def test_a_seeds_own_words_fill_the_hand_they_mean(
        preset: str, players: tuple[str, ...], text: str, want: dict[str, Any]) -> None:
    rules = make_rules(preset)
    understood = understand(text, rules, players, preset=preset)
    assert understood.questions == () and understood.open == (), understood.questions
    body = dict(understood.body or {})
    assert {key: body.get(key) for key in want} == want, body
    hand = parse_hand(body, players=players)

    night = replay(rules, players, [hand])
    assert sum(night.results[-1].payouts.values()) == 0 and any(night.balances.values())


@pytest.mark.parametrize(("preset", "text", "asked"), NOT_HERE)
def test_another_presets_word_keeps_the_common_meaning(preset: str, text: str,
                                                       asked: str) -> None:
    understood = understand(text, make_rules(preset), FIVE, preset=preset)
    assert understood.questions and understood.questions[0].startswith(asked)


def test_every_seed_has_its_words_in_each_preset_made_from_it() -> None:
    assert set(SEED_WORDS) == {seed for preset in PRESETS.values() for seed in preset.seeds}
    for preset in PRESETS.values():
        phrases = VOCABULARIES[preset.id].phrases
        for seed in preset.seeds:
            assert SEED_WORDS[seed].items() <= phrases.items(), (preset.id, seed)
        # the common words stand, except where a seed says them otherwise
        changed = {p for p, tag in PHRASES.items() if phrases[p] is not tag}
        assert changed <= {p for seed in preset.seeds for p in SEED_WORDS[seed]}
