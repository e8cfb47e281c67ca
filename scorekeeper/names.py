"""Names as people type them, kept one way: players' names, a table's name,
a device's label.

A name is NFKC-normalised (so ``José`` typed with a combining accent and
``José`` typed as one character are one name, as are full-width and
ordinary letters), its runs of spaces become one, and characters that
cannot be seen or that change how text around them is drawn are refused:
controls, format characters (zero-width spaces and joiners, right-to-left
overrides), every code point Unicode calls default-ignorable (variation
selectors, the combining grapheme joiner, Hangul fillers, tags: a font
draws them as nothing, so ``Ann`` and ``Ann`` + U+FE0F would look alike)
and the braille blank.  Two names are the same name when they are equal
after that and case-folding.

Free text the app keeps and shows (an other payment's note) follows the
same rule for what it may contain, so whatever is accepted can be shown,
exported and imported again.

Standard library only: the rules engine uses it too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

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


class NameError_(ValueError):  # noqa: N801 - ValueError for the callers; no clash with NameError
    """A name that can't be kept, with the reason in players' words."""


def hidden(char: str) -> bool:
    """True for a character that can't be seen or changes how text around it
    is drawn (see the module's docstring)."""
    point = ord(char)
    return (unicodedata.category(char) in REFUSED or char in INVISIBLE
            or any(low <= point <= high for low, high in IGNORABLE))


def check_text(text: str, what: str) -> str:
    """``text`` itself, or :class:`NameError_` naming its first hidden character."""
    for char in text:
        if hidden(char):
            raise NameError_(f"{what} can't contain invisible or control characters "
                             f"(U+{ord(char):04X})")
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


def find_name(typed: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that ``typed`` is (however its case and Unicode
    form were typed: "ann" and "ＡＮＮ" find "Ann"), or None."""
    key = name_key(typed)
    return next((name for name in names if name_key(name) == key), None)
