"""From what was said to a list of :class:`Item`: each is a player, a
number or a :data:`~scorekeeper.spoken.lexicon.PHRASES` tag, in the order
said; fillers are dropped.  A word that is none of these is said back as a
question, and so is a name that could be more than one player.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.spoken.hearing import Heard, hear, longest_name, spoken
from scorekeeper.spoken.lexicon import FILLERS, LONGEST, PHRASES, Tag
from scorekeeper.spoken.numbers import number_at

#: More words than any one hand needs: said back instead of read.
MAX_WORDS = 80
_WORD = re.compile(r"\d+|[^\W\d_]+(?:['’][^\W\d_]+)*")


@dataclass(frozen=True)
class Item:
    """One thing said: a player, a number or a tag, with the words heard."""

    said: str
    tag: Tag | None = None
    player: str | None = None
    number: int | None = None
    possessive: bool = False


@dataclass(frozen=True)
class Word:
    """A word as typed (``raw``) and as compared (``key``: lower case, no
    accents, no apostrophes; "Ann's" is "ann", possessive)."""

    raw: str
    key: str
    possessive: bool


def words_of(text: str) -> list[Word]:
    """The words of ``text``; punctuation, emoji and hyphens only separate them."""
    words = []
    for match in _WORD.finditer(unicodedata.normalize("NFKC", text)):
        raw = match.group().replace("’", "'")
        possessive = raw.lower().endswith("'s")
        key = spoken((raw[:-2] if possessive else raw).replace("'", "")).replace(" ", "")
        if key:
            words.append(Word(raw, key, possessive))
    return words


def or_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann or Annie", "Ann, Annie or Anna"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _who(raw: str, heard: Heard) -> str:
    if len(heard.candidates) == 1:
        return f"Who is '{raw}': did you mean {heard.candidates[0]}?"
    return f"Who is '{raw}': {or_list(heard.candidates)}?"


def _phrase(keys: Sequence[str], at: int) -> tuple[Tag, int] | None:
    for length in range(min(LONGEST, len(keys) - at), 0, -1):
        tag = PHRASES.get(tuple(keys[at:at + length]))
        if tag is not None:
            return tag, length
    return None


def _read(words: Sequence[Word], at: int, players: Sequence[str]
          ) -> tuple[Item | str | None, int]:
    """The item said from ``words[at]`` on (a question instead when unclear,
    None for a filler) and how many words it took."""
    keys = [word.key for word in words]
    raw, possessive = words[at].raw, words[at].possessive
    named = longest_name(keys, at, players)
    if named is not None:
        found, length = named
        said = " ".join(word.raw for word in words[at:at + length])
        if len(found) > 1:
            return f"Who is '{said}': {or_list(found)}?", length
        return Item(said, player=found[0], possessive=words[at + length - 1].possessive), length
    phrase = _phrase(keys, at)
    if phrase is not None:
        return Item(raw, tag=phrase[0]), phrase[1]
    number = number_at(keys, at)
    if number is not None:
        return Item(" ".join(w.raw for w in words[at:at + number[1]]), number=number[0]), number[1]
    if keys[at] in FILLERS:
        return None, 1
    heard = hear(keys[at], players)
    if heard is None:
        return f"I didn't catch '{raw}'", 1
    if heard.player is None:
        return _who(raw, heard), 1
    return Item(raw, player=heard.player, possessive=possessive), 1


def lex(text: str, players: Sequence[str], present: Sequence[str] | None = None
        ) -> tuple[list[Item], list[str]]:
    """The items said in ``text`` and the questions about words not understood."""
    words = words_of(text)
    if len(words) > MAX_WORDS:
        return [], ["That is more than one hand: say one hand at a time"]
    items: list[Item] = []
    questions: list[str] = []
    at = 0
    while at < len(words):
        read, length = _read(words, at, players)
        if isinstance(read, str):
            questions.append(read)
        elif read is not None:
            if read.player is not None and present is not None and read.player not in present:
                questions.append(f"{read.player} isn't at the table now")
            items.append(read)
        at += length
    return items, list(dict.fromkeys(questions))
