"""Names as people type them, kept one way: players' names, a table's name,
a device's label.

A name is NFKC-normalised (so ``José`` typed with a combining accent and
``José`` typed as one character are one name, as are full-width and
ordinary letters), its runs of spaces become one, and characters that
cannot be seen or that change how text around them is drawn are refused:
controls, format characters (zero-width spaces and joiners, right-to-left
overrides), and the filler characters some scripts draw as nothing.  Two
names are the same name when they are equal after that and case-folding.

Standard library only: the rules engine's JSON parser uses it too.
"""

from __future__ import annotations

import unicodedata

#: Letters and symbols that are drawn as nothing (Hangul fillers, the braille
#: blank, the Mongolian vowel separator, the Khmer inherent vowels).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
#: Unicode categories a name may not contain: controls, format characters,
#: surrogates, private use, unassigned, line and paragraph separators.
REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class NameError_(ValueError):  # noqa: N801 - ValueError for the callers; no clash with NameError
    """A name that can't be kept, with the reason in players' words."""


def clean_name(raw: str, what: str = "A name") -> str:
    """``raw`` as the app keeps it, or :class:`NameError_` saying why not."""
    text = " ".join(unicodedata.normalize("NFKC", raw).split())
    for char in text:
        if unicodedata.category(char) in REFUSED or char in INVISIBLE:
            raise NameError_(f"{what} can't contain invisible or control characters "
                             f"(U+{ord(char):04X})")
    if not any(unicodedata.category(c)[0] in "LNPS" for c in text):
        raise NameError_(f"{what} needs at least one letter or digit")
    return text


def name_key(name: str) -> str:
    """What two names must share to be the same name (case and form folded)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
