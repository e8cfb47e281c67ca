"""The announcements said with a hand (cracks, blitzes, a declared doubler,
a forced pick, the king of diamonds at the cut, the last round) and whether
this table plays them: a flag the table doesn't play, or that a kind of hand
doesn't carry, is said back, never filled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.rules import Kind, Rules, fields_for
from scorekeeper.rules.fields import BY_KIND, flat_renege
from scorekeeper.spoken.lexer import Item
from scorekeeper.spoken.lexicon import Tag
from scorekeeper.spoken.points import is_count

#: How many a tag counts by itself.
_LEVELS = {Tag.CRACK: ("cracks", 1), Tag.RECRACK: ("cracks", 2), Tag.CRACK3: ("cracks", 3),
           Tag.BLITZ: ("blitzes", 1), Tag.BLITZ2: ("blitzes", 2)}
_SET = {Tag.DECLARED: "declared_doubler", Tag.FORCED: "forced",
        Tag.KING_CUT: "king_of_diamonds_cut", Tag.LAST_ROUND: "last_round"}
#: What a table that doesn't play a flag says about it.
NOT_PLAYED = {
    "cracks": "This table doesn't play cracks",
    "blitzes": "This table doesn't play blitzes",
    "declared_doubler": "This table doesn't declare doublers",
    "forced": "Only a forced-pick table forces the dealer to pick",
    "king_of_diamonds_cut": "This table doesn't play rounds of doubles (K♦ at the cut)",
    "last_round": "This table doesn't double the last round",
    "stolen_from": "This table doesn't allow stealing the blind",
    "no_trick_pickers": "This table has no no-trick-pick penalty",
    "second_winner": "Only one player wins a leaster here",
}
FLAG_WORDS = {"cracks": "cracks", "blitzes": "blitzes", "declared_doubler": "declared doubler",
              "forced": "forced pick", "king_of_diamonds_cut": "king of diamonds at the cut",
              "last_round": "doubled last round", "stolen_from": "stolen blind",
              "no_trick_pickers": "no-trick pick", "second_winner": "second winner"}
KIND_WORDS = {Kind.PICKED: "a picked hand", Kind.LEASTER: "a leaster",
              Kind.NO_PICK: "a throw-in", Kind.MISDEAL: "a misdeal", Kind.VOID: "a void hand",
              Kind.RENEGE: "a renege", Kind.CALLED_ACE_BURIED: "a buried called ace",
              Kind.ADJUSTMENT: "another payment", Kind.SCHWANZER: "a schwanzer"}


def _count(items: Sequence[Item], at: int) -> int:
    """How many cracks or blitzes ``items[at]`` says ("2 cracks", "cracked twice")."""
    level = _LEVELS[items[at].tag][1]  # type: ignore[index]
    if at > 0 and is_count(items, at - 1):
        return items[at - 1].number or level
    if at + 1 < len(items) and items[at + 1].tag is Tag.TWICE:
        return 2
    return level


def said_flags(items: Sequence[Item]) -> dict[str, Any]:
    """Every announcement said, whatever the table."""
    said: dict[str, Any] = {}
    for at, item in enumerate(items):
        if item.tag in _LEVELS:
            name = _LEVELS[item.tag][0]
            said[name] = max(said.get(name, 0), _count(items, at))
        elif item.tag in _SET:
            said[_SET[item.tag]] = True
    return said


def refusal(rules: Rules, kind: Kind, name: str) -> str | None:
    """Why a hand of ``kind`` here can't carry the field ``name`` (None: it can)."""
    if name in fields_for(rules, kind):
        return None
    if flat_renege(rules, kind):
        return (f"A renege here costs the one who reneged a flat {rules.renege_penalty} "
                f"to each player: no {FLAG_WORDS.get(name, name)}")
    if name in BY_KIND[kind]:
        return NOT_PLAYED.get(name, f"This table doesn't play {FLAG_WORDS.get(name, name)}")
    return f"{KIND_WORDS[kind].capitalize()} has no {FLAG_WORDS.get(name, name)}"


def flags_for(rules: Rules, kind: Kind, items: Sequence[Item]) -> tuple[dict[str, Any], list[str]]:
    """The flags said that this table plays for ``kind``, and what is refused
    (a refused flag is left out)."""
    said = said_flags(items)
    questions = []
    for name in list(said):
        why = refusal(rules, kind, name)
        if why is not None:
            questions.append(why)
            del said[name]
    cracks = said.get("cracks", 0)
    if cracks and any(item.tag is Tag.NO_CRACK for item in items):
        questions.append("I heard a crack and no crack: was it cracked?")
        del said["cracks"]
    elif cracks > rules.max_cracks:
        questions.append(f"This table plays up to {rules.max_cracks} cracks, and I heard {cracks}")
        del said["cracks"]
    if doubler_asked(rules, kind, items):
        questions.append(DOUBLER_QUESTION)
    return said, questions


#: Asked for "doubler" at a table that declares doublers.
DOUBLER_QUESTION = ("Was a doubler declared? Say 'declared doubler' (a doubler from a "
                    "thrown-in hand counts by itself)")


def doubler_asked(rules: Rules, kind: Kind, items: Sequence[Item]) -> bool:
    """ "Doubler" said at a table that declares doublers, with neither
    "declared" nor "not declared": which it was is asked."""
    tags = {item.tag for item in items}
    return Tag.DOUBLER in tags and not tags & {Tag.DECLARED, Tag.NOT_DECLARED} \
        and "declared_doubler" in fields_for(rules, kind)
