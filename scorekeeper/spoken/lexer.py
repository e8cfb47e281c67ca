"""From what was said to a list of :class:`Item`: each is a player, a
number or a tag of the table's vocabulary (:mod:`~scorekeeper.spoken.dialects`:
the common :data:`~scorekeeper.spoken.lexicon.PHRASES` and its preset's own
words), in the order said; fillers are dropped.  A word that is none of these is said back as a
question, and so is a name that could be more than one player; each stays in
the list as an *unplaced* item, so the hand around it is still understood
(the role it stands in is left empty, never guessed).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.spoken.dialects import COMMON, Vocabulary
from scorekeeper.spoken.hearing import Heard, hear, longest_name, spoken
from scorekeeper.spoken.lexicon import FILLERS, Tag
from scorekeeper.spoken.numbers import NOUGHT, may_be_number, number_at, number_word

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
    #: A word asked about: a name that isn't sure, or a word that is nothing known.
    unplaced: bool = False
    #: An unplaced word that is said like a name (capitalised, or close to a player's).
    name_like: bool = False


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


def _phrase(keys: Sequence[str], at: int, vocabulary: Vocabulary) -> tuple[Tag, int] | None:
    for length in range(min(vocabulary.longest, len(keys) - at), 0, -1):
        tag = vocabulary.phrases.get(tuple(keys[at:at + length]))
        if tag is not None:
            return tag, length
    return None


def _keys(words: Sequence[Word], players: Sequence[str], vocabulary: Vocabulary) -> list[str]:
    """The words as compared, a number word a finger slipped on read as that
    number ("fourty" as "forty"), unless it is surely a player's name."""
    keys = []
    for word in words:
        known = word.key in FILLERS or word.key in vocabulary.words or word.key in NOUGHT
        slip = None if known else number_word(word.key)
        heard = hear(word.key, players, short_forms=True) if slip else None
        keys.append(slip if slip and (heard is None or heard.player is None) else word.key)
    return keys


def _unplaced(raw: str, question: str, name_like: bool, length: int = 1
              ) -> tuple[Item | None, int, str]:
    return Item(raw, unplaced=True, name_like=name_like), length, question


def _read(words: Sequence[Word], keys: Sequence[str], at: int, players: Sequence[str],
          vocabulary: Vocabulary) -> tuple[Item | None, int, str]:
    """The item said from ``words[at]`` on (None for a filler), how many words
    it took, and the question about it ('' when it is clear)."""
    raw, possessive = words[at].raw, words[at].possessive
    named = longest_name(keys, at, players)
    if named is not None:
        found, length = named
        length = max(1, min(length, len(words) - at))  # a name's words, never past the text's
        said = " ".join(word.raw for word in words[at:at + length])
        if len(found) > 1:
            return _unplaced(said, f"Who is '{said}': {or_list(found)}?", True, length)
        return Item(said, player=found[0], possessive=words[at + length - 1].possessive), \
            length, ""
    phrase = _phrase(keys, at, vocabulary)
    if phrase is not None:
        return Item(raw, tag=phrase[0]), phrase[1], ""
    number = number_at(keys, at)
    if number is not None:
        said = " ".join(w.raw for w in words[at:at + number[1]])
        return Item(said, number=number[0]), number[1], ""
    if keys[at] in FILLERS:
        return None, 1, ""
    heard = hear(keys[at], players, short_forms=True)
    if heard is None:
        return _unplaced(raw, f"I didn't catch '{raw}'", raw[:1].isupper())
    if heard.player is None:
        return _unplaced(raw, _who(raw, heard), True)
    return Item(raw, player=heard.player, possessive=possessive), 1, ""


def lex(text: str, players: Sequence[str], vocabulary: Vocabulary = COMMON
        ) -> tuple[list[Item], list[str]]:
    """The items said in ``text`` (in the words of ``vocabulary``, the table's
    vocabulary) and the questions about words not understood."""
    words = words_of(text)
    if len(words) > MAX_WORDS:
        return [], ["That is more than one hand: say one hand at a time"]
    keys = _keys(words, players, vocabulary)
    items: list[Item] = []
    questions: list[str] = []
    at = 0
    while at < len(words):
        read, length, question = _read(words, keys, at, players, vocabulary)
        if question:
            questions.append(question)
        if isinstance(read, Item):
            items.append(read)
        at += length
    return _doubted(items), list(dict.fromkeys(questions))


def _doubted(items: list[Item]) -> list[Item]:
    """A number said next to a word that may have been a number word ("fithy
    five") may be only part of what was said: it is left unplaced too."""
    numberish = {at for at, item in enumerate(items)
                 if item.unplaced and not item.name_like and may_be_number(spoken(item.said))}
    return [Item(item.said, unplaced=True)
            if item.number is not None and {at - 1, at + 1} & numberish else item
            for at, item in enumerate(items)]
