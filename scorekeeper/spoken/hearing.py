"""Players' names as dictation types them: "Anne" for Ann, "Kat" for Cat,
"Dann" for Dan, "Eave" for Eve.  A word is matched to a player by sound
(Metaphone and NYSIIS codes) and by spelling (Damerau-Levenshtein and
Jaro-Winkler), from jellyfish.

A word is *sure* to be a player when it is the name itself or sounds like it
and is spelled close to it; it *may* be a player when it is spelled close to
it but sounds different ("Rob" for Bob).  At the table, a short form of a
player's name, or the whole name of a player called by a short form ("Dave"
for David, :mod:`scorekeeper.spoken.nicknames`), is sure too.  Only a sure match of
exactly one player is taken; anything else is asked (see :class:`Heard`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import jellyfish

from scorekeeper.spoken.nicknames import called

#: Shortest word compared by sound or spelling (shorter ones must be exact).
SHORTEST = 3
#: Jaro-Winkler similarity from which a sound-alike is spelled close enough.
SURE_SIMILARITY = 0.85
#: Jaro-Winkler similarity from which a word may be a player even if it sounds different.
MAY_SIMILARITY = 0.9


@dataclass(frozen=True)
class Heard:
    """Who a word may be: one player (``sure``) or several to ask between."""

    candidates: tuple[str, ...]
    sure: bool

    @property
    def player(self) -> str | None:
        """The player meant, when there is no doubt."""
        return self.candidates[0] if self.sure and len(self.candidates) == 1 else None


def spoken(name: str) -> str:
    """How a name is said: its words of letters and digits, lower case and
    without accents ("Eve ❤️" is said "eve", "José" "jose")."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))
    return " ".join(kept.split())


def _sounds(word: str) -> tuple[str, str] | None:
    if not word.isascii() or not word.isalpha():
        return None
    return jellyfish.metaphone(word), jellyfish.nysiis(word)


def _closeness(word: str, name: str, short_forms: bool) -> int:
    """3 the name itself, 2 sure by sound and spelling (or, with
    ``short_forms``, one a short form of the other), 1 may be, 0 not this player."""
    if word == name:
        return 3
    if min(len(word), len(name)) < SHORTEST or " " in name:
        return 0
    if short_forms and called(word, name):  # "Dave" for David: unlike in sound
        return 2
    distance = jellyfish.damerau_levenshtein_distance(word, name)
    similar = jellyfish.jaro_winkler_similarity(word, name)
    heard, said = _sounds(word), _sounds(name)
    alike = heard is not None and said is not None and bool(heard[0]) and (
        heard[0] == said[0] or heard[1] == said[1])
    if alike and (distance <= 2 or similar >= SURE_SIMILARITY):
        return 2
    if alike or distance <= 1 or similar >= MAY_SIMILARITY:
        return 1
    return 0


def hear(word: str, players: Sequence[str], short_forms: bool = False) -> Heard | None:
    """Which of ``players`` the spoken ``word`` may be, or None when none;
    with ``short_forms`` (table talk, where a player is called by one), a
    usual short form of one's name is that player too.  A sheet's columns
    are not matched so: "Dave" and "David" may be two people there."""
    said = spoken(word)
    if not said:
        return None
    scores = {player: _closeness(said, spoken(player), short_forms) for player in players}
    best = max(scores.values(), default=0)
    if best == 0:
        return None
    closest = tuple(player for player, score in scores.items() if score == best)
    return Heard(closest, sure=best >= 2)


def longest_name(words: Sequence[str], at: int, players: Sequence[str]
                 ) -> tuple[tuple[str, ...], int] | None:
    """The players whose whole name is said from ``words[at]`` on (the
    longest name first: "Mary Ann" before "Mary"), and how many words it is."""
    forms = {player: spoken(player).split() for player in players}
    for length in sorted({len(form) for form in forms.values() if form}, reverse=True):
        window = words[at:at + length]
        found = tuple(p for p, form in forms.items() if form == list(window))
        if found:
            return found, length
    return None
