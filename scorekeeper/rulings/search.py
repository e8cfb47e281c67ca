"""Finding the rulings a question asks for, in players' words ("all pass",
"loner", "who wins a 60-60 tie"), and only those: a ruling that shares
nothing but a common word with the question ("play", "picker") is not
listed, and a question no ruling is about finds nothing, so the page can
say the rules here don't cover it.

Each word is stemmed ("reneged", "reneges" and "reneging" are one) and
widened by its synonyms; it scores where it is found: in the title most,
then the option keys and topic, then the text.  Two words asked side by
side score again where they stand side by side.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.rulings import Ruling

#: Words a question is made of that say nothing about which ruling it wants.
STOP = frozenset(
    "a an the is are was be been do does did doing what who whom whose when where which why "
    "how if of to in on at for from by after before with without and or but so not no my his "
    "her he she it its i we you they them us me our your their can could should would will "
    "shall may might must has have had get gets got this that these those there here then "
    "than any some all one about into out up down happens happen mean means someone somebody "
    "anyone anybody everyone people person guy player players else just end ends ended "
    "work works worked ever really still allowed supposed okay ok want wants as too very also "
    "yet like many much".split())

#: Players' phrases and words → the words the rulings use (applied before stemming).
_PHRASES = (
    ("all pass", "everybody passes nobody picks"),
    ("everyone passes", "everybody passes nobody picks"),
    ("no one picks", "nobody picks"), ("nobody picked", "nobody picks"),
    ("sits out", "sitting seats"), ("sit out", "sitting seats"),
    ("sitting out", "sitting seats"),
    *((f"{verb} {which}", "notrick")
      for verb in ("doesnt take", "didnt take", "does not take", "did not take")
      for which in ("a trick", "any trick", "any tricks")),
    *((f"{verb} no {which}", "notrick") for verb in ("take", "takes", "took", "taken",
                                                     "taking", "gets", "got")
      for which in ("trick", "tricks")),
    ("no trick", "notrick"), ("no tricks", "notrick"),
    ("three aces", "three fail aces"), ("all the aces", "three fail aces"),
    ("lay down", "lays down"), ("laydown", "lays down"),
    ("didnt follow suit", "renege"), ("did not follow suit", "renege"),
    ("failed to follow suit", "renege"), ("not follow suit", "renege"),
    ("too many cards", "misdeal"), ("too few cards", "misdeal"),
    ("wrong number of cards", "misdeal"), ("dealt wrong", "misdeal"), ("bad deal", "misdeal"),
    ("out of turn", "too early"), ("sixty", "60"),
    # the seeds' own table words (the words box reads them too: spoken/dialects.py)
    # ("no trick" is "notrick" by now)
    ("notrick pick dollar", "picker himself notrick penalty"),
    ("notrick pick penalty", "picker himself notrick penalty"),
    ("notrick pick", "picker himself notrick penalty"),
    ("hand of doubles", "doubler"), ("hands of doubles", "doubler"),
    ("double crack", "recrack"), ("throw off the boy", "alone"),
    ("throwing off the boy", "alone"), ("the boy", "partner"),
    ("the bump", "bump paid double"),
)
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "loner": ("alone",), "lone": ("alone",), "solo": ("alone",), "alone": ("alone",),
    "chop": ("alone",), "chopped": ("alone",), "chopping": ("alone",), "chops": ("alone",),
    "boy": ("partner",), "cutthroat": ("alone",),
    "schwarz": ("notrick",), "sweep": ("notrick", "every"),
    "knock": ("crack",), "recrack": ("crack",),
    "leasters": ("leaster",), "least": ("leaster",),
    "double": ("double", "doubler", "doubled"), "doubler": ("doubler", "double"),
    "doubled": ("double", "doubler"),
    "redeal": ("misdeal", "void", "redeal"), "misdeal": ("misdeal",),
    "misdealt": ("misdeal",), "misdealing": ("misdeal",),
    "jack": ("j♦", "jack"), "jd": ("j♦",), "diamonds": ("j♦", "diamond"),
    "sitting": ("sitting", "sit", "seat"), "seats": ("seat", "sit"),
    "money": ("stake", "cent", "money"), "pay": ("pay", "paid", "pays"),
    "points": ("point",), "dealer": ("dealer", "deal"),
    "announce": ("announce", "say", "declare"), "announced": ("announce", "say", "declare"),
    "announcing": ("announce", "say", "declare"), "declare": ("declare", "say", "announce"),
    "six": ("six", "6"), "seven": ("seven", "7"),
    "five": ("five", "5"), "four": ("four", "4"), "three": ("three", "3"),
}
_TOKEN = re.compile(r"[\w♦♥♠♣]+")
#: A word found in more than this share of the rulings says little about which
#: one a question wants ("picker", "hand", "play"): it ranks, but never by
#: itself makes a ruling the answer.
COMMON = 1 / 4


def stem(word: str) -> str:
    """A word's rough stem, the same for its forms: "passes" and "passed" →
    "pass", "reneged" and "reneges" → "reneg", "buried" → "bury", "sitting" → "sit"."""
    word = word.removesuffix("'s").removesuffix("’s")
    if len(word) == 4 and word.endswith(("ied", "ies")):
        return word[:2]  # "tied", "ties" → "ti", as "tie" is
    if len(word) > 4 and word.endswith(("ied", "ies")):
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[:-len(suffix)]
            if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "sl":
                word = word[:-1]
            return word.removesuffix("e") if len(word) > 3 else word
    if word.endswith("es") and word[-3:-2] in ("s", "x", "h") and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    return word.removesuffix("e") if len(word) > 2 else word


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, apostrophes out ("didn't" is "didnt")."""
    return _TOKEN.findall(text.casefold().replace("'", "").replace("’", ""))


def said(query: str) -> str:
    """The question in the rulings' own words: players' phrases replaced."""
    text = " ".join(words(query))
    for phrase, meant in _PHRASES:
        text = re.sub(rf"\b{re.escape(phrase)}\b", meant, text)
    return text


def terms(query: str) -> list[frozenset[str]]:
    """Each meaningful word of ``query`` (once) as the set of stems that answer it."""
    found: list[frozenset[str]] = []
    for word in said(query).split():
        if word in STOP:
            continue
        stems = frozenset({stem(word), *(stem(s) for s in _SYNONYMS.get(word, ()))})
        if stems not in found:
            found.append(stems)
    return found


def marks(text: str, query: str) -> list[tuple[int, int]]:
    """Where ``text`` has a word the search for ``query`` used: (start, end) of
    each whole word whose stem it looked for, for a page to highlight.  Words
    the search leaves out ("a", "the", "he") are never marked, nor a word
    inside another ("hand" holds no "a")."""
    stems = frozenset().union(*terms(query))
    return [(found.start(), found.end()) for found in _TOKEN.finditer(text)
            if stem(found.group().casefold()) in stems]


def _meaningful(text: str) -> list[str]:
    """The stems of ``text``'s words in order, its phrases said as a question's
    are ("no trick" is "notrick"), without the words a search leaves out."""
    return [stem(w) for w in said(text).split() if w not in STOP]


class _Read:
    """One ruling as the search reads it: its title's, keys' and text's stems."""

    def __init__(self, ruling: Ruling) -> None:
        self.ruling = ruling
        self.title = _meaningful(ruling.title)
        keys = words(" ".join((ruling.topic, *ruling.options)))
        self.keys = {stem(w) for w in keys} | set(_meaningful(" ".join(keys).replace("_", " ")))
        self.text = _meaningful(ruling.text)
        self.every = set(self.title) | self.keys | set(self.text)

    def has(self, term: frozenset[str]) -> bool:
        return bool(term & self.every)

    def score(self, asked: Sequence[tuple[frozenset[str], float]]) -> float:
        """Each word's weight where it is found (title 3, keys 2, text 1), and
        again for two words asked side by side that stand side by side here."""
        score = sum(weight * (3 if term.intersection(self.title) else 2 if term & self.keys
                              else 1 if term.intersection(self.text) else 0)
                    for term, weight in asked)
        for (first, one), (second, other) in zip(asked, asked[1:], strict=False):
            score += min(one, other) * (2 if _side_by_side(first, second, self.title) else
                                        1 if _side_by_side(first, second, self.text) else 0)
        return score

    def held(self, asked: Sequence[tuple[frozenset[str], float]]) -> float:
        """How much of the question this ruling holds: the weights of its words here."""
        return sum(weight for term, weight in asked if self.has(term))


def _side_by_side(first: frozenset[str], second: frozenset[str], said: list[str]) -> bool:
    return any(a in first and b in second for a, b in zip(said, said[1:], strict=False))


def _weighed(read: Sequence[_Read], asked: Sequence[frozenset[str]]
             ) -> tuple[list[tuple[frozenset[str], float]], bool]:
    """Each word asked with its weight (the fewer rulings hold it, the more it
    tells), and whether the question is about something no ruling is: a word
    no ruling holds, asked with none but common words ("play chess")."""
    weighed, unknown, telling = [], False, False
    for term in asked:
        holding = sum(r.has(term) for r in read)
        unknown = unknown or holding == 0
        telling = telling or 0 < holding <= COMMON * len(read)
        if holding:
            weighed.append((term, math.log((len(read) + 1) / holding)))
    return weighed, unknown and not telling


def search(rulings: list[Ruling], query: str) -> list[Ruling]:
    """The rulings that answer ``query``, best first; none when no ruling is
    about what it asks.  Listed: the best, and the rulings that score at least
    half as well and hold two thirds as much of the question (a word many
    rulings hold counts for little there).  An empty query returns them all,
    in their order."""
    asked = terms(query)
    if not asked:
        return list(rulings)
    read = [_Read(ruling) for ruling in rulings]
    weighed, elsewhere = _weighed(read, asked)
    if not weighed or elsewhere:
        return []
    scored = sorted(((r.score(weighed), r.held(weighed), index, r.ruling)
                     for index, r in enumerate(read)), key=lambda s: (-s[0], s[2]))
    best, most = scored[0][0], max(held for _, held, _, _ in scored)
    return [ruling for score, held, _, ruling in scored
            if score > 0 and score * 2 >= best and held * 3 >= most * 2]


def mentioned(rulings: list[Ruling], query: str) -> bool:
    """True when some ruling holds any word of ``query`` at all."""
    asked = terms(query)
    return any(_Read(ruling).has(term) for ruling in rulings for term in asked)
