"""Each preset's vocabulary: the common phrases (:data:`PHRASES`) with the
words its tables use, taken from the rule documents the preset was made from
(its seeds), and the words of a table whose partner holds the jack of
diamonds.  A seed's word may mean something else elsewhere: an IMSA table's
"no schneider" is a side held under 30 (the hand doubles), where anyone else
means a side that got out; seed 002's "got schneider" is the side that got
out.  So a table reads its own preset's words, and a word of another preset's
stays what the common phrases make of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from scorekeeper.rules import PRESETS, Partner
from scorekeeper.spoken.lexicon import PHRASES, Tag


class Vocabulary:
    """The phrases a table's words are read with, longest first."""

    def __init__(self, phrases: Mapping[tuple[str, ...], Tag]) -> None:
        self.phrases: Mapping[tuple[str, ...], Tag] = MappingProxyType(dict(phrases))
        #: The most words a phrase has.
        self.longest = max(len(phrase) for phrase in self.phrases)
        #: Every word some phrase is made of: never read as a slipped number word.
        self.words = frozenset(word for phrase in self.phrases for word in phrase)


def _said(tag: Tag, *said: str) -> dict[tuple[str, ...], Tag]:
    return {tuple(phrase.split()): tag for phrase in said}


def _each(*parts: Iterable[str]) -> list[str]:
    """Every phrase made of one choice from each part ("" for none)."""
    phrases = [""]
    for part in parts:
        phrases = [f"{before} {word}".strip() for before in phrases for word in part]
    return phrases


_SELF = ("himself", "herself", "themself", "themselves")
_JACK = ("jack", "the jack", "jack of diamonds", "the jack of diamonds", "jd", "the jd")

#: A jack-of-diamonds table: the picker who holds J♦, or finds it in the
#: blind, plays alone (seeds 000 and 002: "the picker picks up the Jack of
#: Diamonds in the blind, this means that they are going alone").
JACK_PARTNER = _said(
    Tag.ALONE,
    *_each(("had", "has", "held", "holds", "kept"), _JACK, _SELF),
    *_each(("had", "held", "has"), _JACK, ("in his hand", "in her hand", "in hand")),
    *_each(("picked", "picked up", "found", "got"), _JACK, ("in the blind", "in blind")),
    *_each(_JACK, ("in the blind", "in blind", "was in the blind", "was in blind")),
    *_each(("picked", "picked up"), ("the jack", "the jack of diamonds", "the jd")),
)

#: The words of each seed document, as its tables say them.
SEED_WORDS: dict[str, dict[tuple[str, ...], Tag]] = {
    # Called ace (000): "lead 'em" (no partner called), "pays the board".
    "000": {
        **_said(Tag.ALONE, "lead em", "leadem", "led em", "lead them"),
        **_said(Tag.BURIED_ACE, "pays the board", "paid the board", "pay the board",
                "paying the board"),
    },
    # Pagat (001): the picker at three or four plays "cut-throat".
    "001": _said(Tag.ALONE, "cut throat", "cutthroat", "played cut throat",
                 "plays cut throat"),
    # Four-handed 26 cards (002): to "chop" is to go alone; to "get schneider"
    # is to lose but not badly (31 or more); a picker taking no trick herself.
    "002": {
        **_said(Tag.ALONE, "chop", "chopped", "chops", "chopping", "chopped it",
                "went chop", "called chop", "chop it", "choped"),
        **_said(Tag.NO_SCHNEIDER, "got schneider", "gets schneider", "get schneider",
                "got their schneider", "got his schneider", "got her schneider",
                "got schnieder", "got snyder"),
        **_said(Tag.DOUBLER, "hand of doubles", "a hand of doubles", "doubles hand"),
    },
    # IMSA (003): the J♦ holder is "the boy"; losing is "the bump"; "no
    # schneider" is a side held under 30; a picker "throwing off the boy"
    # goes alone; an "Indian blitz" (both red queens) is a blitz.
    "003": {
        **_said(Tag.PARTNER, "boy", "the boy", "was the boy", "is the boy", "was boy",
                "his boy", "her boy", "boy was", "the boy was", "boys"),
        **_said(Tag.LOST, "bump", "the bump", "got the bump", "took the bump", "bumps",
                "on the bump", "went on the bump", "got bump"),
        **_said(Tag.SCHNEIDER, "no schneider", "no snyder", "no snider", "no schnieder"),
        **_said(Tag.ALONE, *_each(("threw off", "throwing off", "throws off", "throw off"),
                                  ("the boy", "his boy", "her boy")),
                *_each(("threw", "throwing", "throws", "throw"),
                       ("the boy off", "his boy off", "her boy off"))),
        **_said(Tag.BLITZ, "indian blitz", "indian blitzed", "indian blitzing",
                "indian blitzes", "indian blitz crack"),
        **_said(Tag.RECRACK, "double cracked it", "double crack back"),
    },
}


def _vocabulary(preset_id: str) -> Vocabulary:
    preset = PRESETS[preset_id]
    # (at six or seven the player on the picker's right, or the die's, is a
    # partner still: holding J♦ doesn't make a loner there)
    jack = preset.options["partner"] == Partner.JACK_OF_DIAMONDS
    words = {**(JACK_PARTNER if jack else {})}
    for seed in preset.seeds:
        words.update(SEED_WORDS.get(seed, {}))
    return Vocabulary({**PHRASES, **words})


COMMON = Vocabulary(PHRASES)
#: Every preset's vocabulary, by preset id.
VOCABULARIES: Mapping[str, Vocabulary] = MappingProxyType(
    {preset_id: _vocabulary(preset_id) for preset_id in PRESETS})


def vocabulary(preset_id: str | None) -> Vocabulary:
    """The words a table of ``preset_id`` is read with (the common ones for
    a preset this app doesn't know)."""
    return VOCABULARIES.get(preset_id or "", COMMON)
