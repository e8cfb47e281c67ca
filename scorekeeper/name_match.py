"""A player found by what people type: a number (``7``, ``#7``), a whole
name however its case, accents, spaces and punctuation were typed, or the
start of any of its words ("alv", "Tom", "schmidt").  Every player that
fits is answered, never a guess among them: the seat finder lists them
for a player to pick himself, and :func:`scorekeeper.services.events.event.find_player`
asks for the number.

Pure: no web framework, no database.  A :class:`Roster` works out each
name's words once, so a seat board kept per event version answers a
crowd's phones without folding a thousand names for every question.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from scorekeeper.limits import whole_number
from scorekeeper.names import name_key, sort_key, words

_NUMBER = re.compile(r"#?\s*(\d+)")

#: A player as a roster holds him: (number, name).
Player = tuple[int, str]


def asked_number(asked: str) -> int | None:
    """The player number ``asked`` is (``7``, ``#7``, ``# 7``), or None."""
    found = _NUMBER.fullmatch(unicodedata.normalize("NFKC", asked).strip())
    if found is None:
        return None
    # Any script's digits as a player's phone types them ("٧"), read as ASCII
    # and held to limits' bound on a typed number.
    return whole_number("".join(str(unicodedata.decimal(d)) for d in found.group(1)))


def _starts(typed: Sequence[str], name: Sequence[str]) -> bool:
    """Each word typed starts a word of its own of the name.  The longest
    first, each taking the first free word it starts: the words that start
    one word are prefixes of each other, so that never takes a word a
    shorter one needed."""
    free = list(name)
    for word in sorted(typed, key=len, reverse=True):
        at = next((i for i, w in enumerate(free) if w.startswith(word)), None)
        if at is None:
            return False
        del free[at]
    return True


class Roster:
    """Players as (number, name), found by what people type: made once and
    asked as often as needed."""

    def __init__(self, players: Iterable[Player]) -> None:
        self.players = tuple(sorted(players, key=lambda p: (sort_key(p[1]), p[0])))
        self._keys = tuple((name_key(name), words(name)) for _, name in self.players)
        self._numbers = dict(self.players)

    def find(self, asked: str) -> tuple[Player, ...]:
        """Every player ``asked`` may mean, in name order; () for none.  The
        one with that number (``7``, ``#7``); else those whose whole name it
        is, case, accents, spaces and punctuation aside ("jose  alvarez" is
        "José Álvarez", and so is "Jose Alvarez" when both play); else those
        with a word starting with each word typed ("alv", "Tom", "tom sch")."""
        number = asked_number(asked)
        if number is not None:
            name = self._numbers.get(number)
            return () if name is None else ((number, name),)
        key = name_key(" ".join(unicodedata.normalize("NFKC", asked).split()))
        typed = words(asked)
        ours = tuple(zip(self.players, self._keys, strict=True))
        whole = tuple(p for p, (k, w) in ours if k == key or (typed and w == typed))
        if whole or not typed:
            return whole
        return tuple(p for p, (_, w) in ours if _starts(typed, w))


def match_players(asked: str, players: Iterable[Player]) -> tuple[Player, ...]:
    """Every one of ``players`` that ``asked`` may mean (:meth:`Roster.find`)."""
    return Roster(players).find(asked)


def listed(players: Sequence[Player], most: int = 5) -> str:
    """Players as a sentence names them: "#3 Tom Schmidt and #9 Tom Wolf"
    (past ``most``: "... and 7 more")."""
    said = [f"#{number} {name}" for number, name in players[:most]]
    if len(players) > most:
        said.append(f"{len(players) - most} more")
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
