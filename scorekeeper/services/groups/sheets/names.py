"""The names in a spreadsheet matched to the group's members: the same name
however its case was typed, the same once accents, spaces and punctuation
are set aside or by the start of its words ("Tom" for "Tom Schmidt",
:mod:`scorekeeper.name_match`), or the same by sound and spelling ("Jon"
for "John", "Kathy" for "Cathy": :mod:`scorekeeper.spoken.hearing`, with
jellyfish).  A name that is none of the members' is a new member, listed
for the person bringing the sheet in to confirm; two new spellings that
sound alike ("Zeke", "Zeek") are one new member, spelled as the sheet
spells them most often.  Nothing is a guess among several: a name that may
be two members is new until the person chooses.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import jellyfish

from scorekeeper.limits import PLAYER_NAME, QUOTED
from scorekeeper.name_match import Roster
from scorekeeper.names import (
    NameError_,
    clean_name,
    find_name,
    look_alike,
    looks_like,
    name_key,
    words,
)
from scorekeeper.services import ServiceError
from scorekeeper.spoken.hearing import hear, spoken

#: Jaro-Winkler similarity from which a name of several words is the same spelled otherwise.
SPELLED_ALIKE = 0.93
#: How a name was matched, in words.
HOW_WORDS = {"same": "the member's name", "spelling": "spelled otherwise",
             "sound": "sounds the same", "new": "a new member", "chosen": "your choice",
             "remembered": "as an earlier sheet had it"}


@dataclass(frozen=True)
class NameMatch:
    """One name of the sheet: who it will be (a member's name, or the new
    member's as kept), how it was matched, how often the sheet names it,
    and why it can't be kept (a new name that isn't a valid one)."""

    sheet: str
    name: str
    member: bool
    how: str
    count: int
    problem: str | None = None


def member_for(typed: str, members: Sequence[str]) -> tuple[str, str] | None:
    """The one member ``typed`` is, and how: (member, "same" | "spelling" |
    "sound").  Never a member whose name carries other numbers ("Member 02"
    isn't "Member 01", however alike they look and sound)."""
    found = find_name(typed, members)
    if found is not None:
        return found, "same"
    members = [m for m in members if _numbers(m) == _numbers(typed)]
    typed_words = set(words(typed))
    whole = [name for _, name in Roster(enumerate(members)).find(typed)
             if typed_words and typed_words <= set(words(name))]
    if len(whole) == 1:
        return whole[0], "spelling"
    heard = hear(typed, members)
    if heard is not None and heard.player is not None:
        return heard.player, "sound"
    said = spoken(typed)
    close = [m for m in members if " " in said + spoken(m)
             and jellyfish.jaro_winkler_similarity(said, spoken(m)) >= SPELLED_ALIKE]
    return (close[0], "spelling") if len(close) == 1 else None


def _numbers(name: str) -> list[int]:
    """The numbers in a name, in order ("Player 07" → [7])."""
    return [int(n) for n in re.findall(r"\d+", name)]


def _new(sheet: str, members: Sequence[str]) -> tuple[str, str | None]:
    """A new member's name as kept, and why it can't be (None: it can)."""
    try:
        name = clean_name(sheet, f"The name {sheet[:QUOTED]!r}")
    except NameError_ as error:
        return sheet, str(error)
    if len(name) > PLAYER_NAME:
        return name, f"{name[:QUOTED]!r} is longer than {PLAYER_NAME} characters"
    twin = look_alike(name, members)
    if twin is not None:
        return name, looks_like(name, twin)
    return name, None


def match_names(counts: Counter[str], members: Sequence[str],
                chosen: Mapping[str, str | None] | None = None,
                remembered: Mapping[str, str] | None = None) -> dict[str, NameMatch]:
    """Every name of the sheet (with how often it comes up) matched: what the
    person ``chosen`` (a member's name, or None/"" for a new member) first,
    then a spelling the group ``remembered`` (name key → member), then a
    member, else a new member (new names spelled alike made one)."""
    chosen = chosen or {}
    remembered = remembered or {}
    found: dict[str, NameMatch] = {}
    new: list[str] = []
    for sheet in sorted(counts, key=lambda s: (-counts[s], s)):
        kept = remembered.get(name_key(sheet))
        member: tuple[str, str] | None = member_for(sheet, members)
        if kept is not None and kept in members and (member is None or member[1] != "same"):
            member = (kept, "remembered")
        if sheet in chosen and not _agrees(chosen[sheet], member, members):
            found[sheet] = _chosen(sheet, chosen[sheet], members, counts[sheet])
            continue
        if member is not None:
            found[sheet] = NameMatch(sheet, member[0], True, member[1], counts[sheet])
            continue
        twin = _spelled_as(sheet, new)
        name, problem = (twin[0], None) if twin is not None else _new(sheet, members)
        if twin is None and problem is None:
            new.append(name)
        found[sheet] = NameMatch(sheet, name, False, "new" if twin is None or twin[0] == sheet
                                 else twin[1], counts[sheet], problem)
    return found


def _spelled_as(sheet: str, new: Sequence[str]) -> tuple[str, str] | None:
    """The new name of the sheet that ``sheet`` is the same as, and how:
    spelled otherwise (case, accents, spaces, a letter or two: "Kiebzack"
    beside "Kiebzak") or, word by word, sounding the same ("Zeek" beside
    "Zeke"); or None.  Never a shared first name alone: two new players
    "Tom Weber" and "Tom Wagner" stay two."""
    found = find_name(sheet, new)
    if found is not None:
        return found, "spelling"
    said = spoken(sheet).split()
    close = [(m, how) for m in new if (how := _alike(said, spoken(m).split()))]
    return close[0] if len(close) == 1 else None


def _alike(a: Sequence[str], b: Sequence[str]) -> str | None:
    """How two names are one: the same but for their spaces, or word by
    word each the same or spelled alike ("spelling"), or sounding the same
    ("sound"); None: two names."""
    if "".join(a) == "".join(b):
        return "spelling"
    if len(a) != len(b):
        return None
    pairs = list(zip(a, b, strict=True))
    if _numbers(" ".join(a)) != _numbers(" ".join(b)):
        return None  # "Player 27" and "Player 02": numbers are never alike
    if all(x == y or jellyfish.jaro_winkler_similarity(x, y) >= SPELLED_ALIKE for x, y in pairs):
        return "spelling"
    if all(x == y or jellyfish.metaphone(x) == jellyfish.metaphone(y) for x, y in pairs):
        return "sound"
    return None


def _agrees(choice: str | None, guess: tuple[str, str] | None,
            members: Sequence[str]) -> bool:
    """The person chose what the match had found (the same member, or new)."""
    if not choice:
        return guess is None
    return guess is not None and find_name(choice, members) == guess[0]


def _chosen(sheet: str, choice: str | None, members: Sequence[str], count: int) -> NameMatch:
    if not choice:
        name, problem = _new(sheet, members)
        return NameMatch(sheet, name, False, "chosen", count, problem)
    member = find_name(choice, members) if isinstance(choice, str) else None
    if member is None:
        raise ServiceError(f"names: {str(choice)[:QUOTED]!r} isn't a member of the group "
                           f"(for {sheet[:QUOTED]!r}; leave it empty for a new member)",
                           "names")
    return NameMatch(sheet, member, True, "chosen", count)
