"""The picking side's points and tricks as said: "75", "defense had 40"
(so 80), "75 to 45", "took every trick" (120), "no trick" (its bury, 0
when no number is said), "got schneidered" (a range, so asked unless a
number is said too).  What doesn't add up is asked, never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules import Rules, SchneiderLine, Tricks
from scorekeeper.spoken.lexer import Item
from scorekeeper.spoken.lexicon import Tag

#: A small number before one of these counts them ("2 cracks"), it isn't points.
COUNTED = (Tag.CRACK, Tag.RECRACK, Tag.CRACK3, Tag.BLITZ, Tag.BLITZ2, Tag.TRICKS)
#: The most cracks or blitzes anyone says.
MOST_COUNTED = 3
ASK = "How many points did the picking side take?"
_PICKING = (Tag.PICK, Tag.WITH, Tag.ALONE, Tag.PICKING_SIDE, Tag.PARTNER, Tag.STOLE)
#: After "defense got schneidered" a number is the picking side's again.
_SCHNEIDER = (Tag.SCHNEIDER, Tag.SCHNEIDERED_THEM, Tag.NO_SCHNEIDER)


def is_count(items: Sequence[Item], at: int) -> bool:
    """True for a number that counts the cracks, blitzes or tricks after it."""
    number = items[at].number
    following = items[at + 1].tag if at + 1 < len(items) else None
    return number is not None and following in COUNTED and (
        number <= MOST_COUNTED or following is Tag.TRICKS)


def _numbers(items: Sequence[Item]) -> tuple[list[int], list[int], list[str]]:
    """The numbers said for the picking side and for the defense."""
    picking: list[int] = []
    defense: list[int] = []
    questions: list[str] = []
    on_defense = False
    for at, item in enumerate(items):
        if item.tag is Tag.DEFENSE:
            on_defense = True
        elif item.player is not None or item.tag in _PICKING or item.tag in _SCHNEIDER:
            on_defense = False
        elif item.number is not None and is_count(items, at):
            if items[at + 1].tag is Tag.TRICKS and item.number:
                questions.append(f"I heard {item.number} tricks: {ASK.lower()}")
        elif item.number is not None:
            if item.number > 120:
                questions.append(f"Points go from 0 to 120, and I heard {item.said}: {ASK}")
            (defense if on_defense else picking).append(item.number)
    return picking, defense, questions


def _points(items: Sequence[Item]) -> tuple[int | None, list[str]]:
    picking, defense, questions = _numbers(items)
    if questions:
        return None, questions
    if len(picking) == 2 and not defense and sum(picking) == 120:
        return picking[0], []  # "75 to 45"
    said = list(dict.fromkeys([*picking, *(120 - d for d in defense)]))
    if len(said) > 1:
        heard = ", ".join(str(n) for n in [*picking, *defense])
        return None, [f"I heard {heard}: {ASK.lower()}"]
    return (said[0] if said else None), []


def _trick_words(items: Sequence[Item]) -> tuple[bool, bool]:
    """Whether the picking side was said to take no trick, and every trick
    ("the defense took none" is every trick for the picking side)."""
    none = every = on_defense = False
    for at, item in enumerate(items):
        if item.tag is Tag.DEFENSE:
            on_defense = True
        elif item.player is not None or item.tag in _PICKING:
            on_defense = False
        zero = item.number == 0 and is_count(items, at)
        if item.tag is Tag.NO_TRICK or zero:
            every, none = (True, none) if on_defense else (every, True)
        elif item.tag is Tag.ALL_TRICKS:
            every, none = (every, True) if on_defense else (True, none)
    return none, every


def _tricks(rules: Rules, items: Sequence[Item], points: int | None
            ) -> tuple[Tricks, int | None, list[str]]:
    none, every = _trick_words(items)
    buried = rules.bury_points
    if none and every:
        return Tricks.SOME, None, ["Did the picking side take every trick or no trick?"]
    if every:
        if points not in (None, 120):
            return Tricks.ALL, None, [f"Every trick is 120 points, but I heard {points}: {ASK}"]
        return Tricks.ALL, 120, []
    if none:
        if points is not None and points > buried:
            return Tricks.NONE, None, [f"With no trick the picking side has only its bury "
                                       f"(at most {buried}), but I heard {points}: {ASK}"]
        return Tricks.NONE, points or 0, []
    return Tricks.SOME, points, []


def schneidered(rules: Rules, picking_side: bool) -> range:
    """The picking side's points when that side (or the defense) is schneidered."""
    line = rules.schneider_line
    if picking_side:
        return range(0, 30 if line is SchneiderLine.UNDER_30 else 31)
    return range(90 if line is SchneiderLine.BOTH_31 else 91, 121)


def _schneider_checks(rules: Rules, items: Sequence[Item], points: int | None) -> list[str]:
    on_defense = False
    for item in items:
        on_defense = item.tag is Tag.DEFENSE or (on_defense and item.tag is not Tag.PICKING_SIDE
                                                 and item.player is None)
        if item.tag in (Tag.SCHNEIDER, Tag.SCHNEIDERED_THEM):
            picking = item.tag is Tag.SCHNEIDER and not on_defense
            span = schneidered(rules, picking)
            words = f"{span[-1]} or fewer" if picking else f"{span[0]} or more"
            if points is None:
                who = "schneidered" if picking else "the defense schneidered"
                return [f"{ASK} ({who}: {words})"]
            if points not in span and not (item.tag is Tag.SCHNEIDER
                                           and points in schneidered(rules, not picking)):
                # "93 schneider": the side that took 93 made schneider (the
                # other side was schneidered); only numbers neither side's
                # schneider allows contradict it
                return [f"Schneidered is {words}, but I heard {points}: {ASK}"]
        if item.tag is Tag.NO_SCHNEIDER and points is not None and (
                points in schneidered(rules, True) or points in schneidered(rules, False)):
            return [f"I heard no schneider and {points}: {ASK}"]
    return []


def _outcome(items: Sequence[Item], points: int | None) -> list[str]:
    """ "Won" with 60 or less, or "lost" with 61 or more, doesn't add up."""
    for item in items:
        if points is not None and (item.tag is Tag.WON and points <= 60
                                   or item.tag is Tag.LOST and points >= 61):
            return [f"I heard '{item.said}' and {points}: {ASK}"]
    return []


def said_points(rules: Rules, items: Sequence[Item]) -> tuple[int | None, Tricks, list[str]]:
    """The picking side's points and tricks, or the questions about them."""
    points, questions = _points(items)
    if questions:
        return None, Tricks.SOME, questions
    tricks, points, questions = _tricks(rules, items, points)
    questions = questions or _schneider_checks(rules, items, points) or _outcome(items, points)
    if questions:
        return None, tricks, questions  # points that don't add up are asked, not filled
    return points, tricks, ([ASK] if points is None else [])
