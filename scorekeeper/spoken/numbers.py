"""Numbers as players say them and as dictation types them: "75",
"seventy five", "seventy-five" (the hyphen is split off before this),
"a hundred and twenty", "one twenty", "one oh five", "sixty one", "zero",
"nothing"; a number word a finger slipped on ("fourty", "ninty", "sixy") is
read as the word it is one letter away from (:func:`number_word`).

Works on words already lower-cased; :func:`number_at` reads the longest
number starting at one word and says how many words it took.
"""

from __future__ import annotations

from collections.abc import Sequence

import jellyfish

UNITS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {word: 10 * value for value, word in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
#: Words that mean no points at all.
NOUGHT = {"nothing": 0, "nil": 0, "none": 0, "zip": 0, "nada": 0}
#: Digit strings longer than this are never points or counts (and never slow).
LONGEST_DIGITS = 6
#: The number words a slip is compared with: long enough that one letter off
#: is still clearly that word ("six" and "ten" are not: "sit", "tan").
SLIPPED = tuple(word for word in (*UNITS, *TENS, "hundred") if len(word) >= 4)


#: Jaro-Winkler similarity from which a word not understood may be a number
#: word ("fithy"): the numbers said next to it are then in doubt too.
NUMBERISH = 0.8


def may_be_number(word: str) -> bool:
    """True when ``word`` looks like a number word gone wrong."""
    return word.isalpha() and len(word) >= 3 and any(
        jellyfish.jaro_winkler_similarity(word, number) >= NUMBERISH
        for number in (*UNITS, *TENS, "hundred") if len(number) >= 3)


def number_word(word: str) -> str | None:
    """The number word ``word`` is a slip of, one letter off and starting with
    the same letter ("fourty" → "forty", "eigthy" → "eighty"), or None."""
    if len(word) < 4 or not word.isascii() or not word.isalpha() or word in SLIPPED \
            or word.endswith("th"):  # "fifth" is a hand's number, not fifty
        return None
    close = [number for number in SLIPPED if number[0] == word[0]
             and jellyfish.damerau_levenshtein_distance(word, number) == 1]
    return close[0] if len(close) == 1 else None


def _digits(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= LONGEST_DIGITS:
        return int(word)
    return None


def _below_hundred(words: Sequence[str], at: int) -> tuple[int, int] | None:
    """A number from 0 to 99 in words ("sixty one", "seventeen") or digits."""
    if at >= len(words):
        return None
    word = words[at]
    digits = _digits(word)
    if digits is not None:
        return digits, 1
    if word in UNITS:
        return UNITS[word], 1
    if word in TENS:
        after = words[at + 1] if at + 1 < len(words) else ""
        if after in UNITS and 0 < UNITS[after] < 10:
            return TENS[word] + UNITS[after], 2
        return TENS[word], 1
    return None


def _hundreds(words: Sequence[str], at: int) -> tuple[int, int] | None:
    """ "a hundred (and) twenty", "one hundred five", "hundred"."""
    start = at
    if words[at] in ("a", "one") and at + 1 < len(words) and words[at + 1] == "hundred":
        at += 1
    if words[at] != "hundred":
        return None
    at += 1
    if at < len(words) and words[at] == "and" and _below_hundred(words, at + 1):
        at += 1
    rest = _below_hundred(words, at)
    if rest is None:
        return 100, at - start
    return 100 + rest[0], at - start + rest[1]


def number_at(words: Sequence[str], at: int) -> tuple[int, int] | None:
    """The number said from ``words[at]`` on and how many words it took, or None."""
    word = words[at]
    if word in NOUGHT:
        return NOUGHT[word], 1
    if word in ("a", "one", "hundred"):
        hundreds = _hundreds(words, at)
        if hundreds is not None:
            return hundreds
    if word == "a":
        return None
    first = _below_hundred(words, at)
    oh, unit = (*words[at + 1:at + 3], "", "")[:2]
    if word == "one" and oh in ("oh", "o") and 0 < UNITS.get(unit, 0) < 10:
        return 100 + UNITS[unit], 3  # "one oh five" is 105
    if first is not None and word == "one" and at + 1 < len(words):
        after = _below_hundred(words, at + 1)  # "one twenty" is 120
        tens = words[at + 1] in TENS or words[at + 1] == "ten"
        if after is not None and tens and 10 <= after[0] <= 20:
            return 100 + after[0], 1 + after[1]
    return first
