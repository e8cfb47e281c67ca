"""The players' roles the words leave open, and what answers them.

A name that can't be placed ("Fran with Gus 70" at a table with no Gus), a
player who doesn't play this hand, or a partner never said ("Fran 70")
leaves its role empty in the body.  An empty role is an answer the form
would take as it is: no partner ticked reads as the picker going alone, one
loser of two as the only one.  So each such role is :class:`Open` until the
hand sent changes it from what the words filled (a partner ticked, "went
alone", another loser), or other words are said: :func:`unanswered` is that
check, asked by the record form's Save and by the page as the hand is
entered, so Save is held, never a silent loner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: What is asked about each role, in players' words ({picker}: the picker said).
ASKS = {
    "picker": "who picked?",
    "partners": "who was {picker}'s partner, or did {picker} go alone?",
    "winner": "who won the leaster?",
    "second_winner": "who else won the leaster?",
    "offender": "who reneged?",
    "losers": "who pays the schwanzer?",
    "stolen_from": "whose blind was stolen?",
    "no_trick_pickers": "which picker took no trick?",
}

#: Each role in a word or two, to offer its players under ("Fran's partner").
LABELS = {"picker": "Picker", "partners": "{picker}'s partner", "winner": "Leaster winner",
          "second_winner": "Second winner", "offender": "Who reneged",
          "losers": "Who pays", "stolen_from": "Stolen from", "no_trick_pickers": "No trick"}


@dataclass(frozen=True)
class Open:
    """A role (a field of the hand's body) the words leave open."""

    field: str
    #: The word said for the role ("Gus"; '' when none was).
    said: str
    #: Why the role is open and what answers it, in one sentence:
    #: "I couldn't place 'Gus': who was Fran's partner, or did Fran go alone?"
    ask: str
    #: The role in a word or two ("Fran's partner").
    label: str
    #: The players who may take the role in this hand, in seat order.
    choices: tuple[str, ...]


def open_role(field: str, said: str, why: str, body: Mapping[str, Any],
              playing: Sequence[str]) -> Open:
    """The role ``field`` left open by the word ``said`` (for ``why``: the
    word isn't placed, or its player doesn't play this hand)."""
    picker = body.get("picker")
    ask = ASKS[field].format(picker=picker or "the picker")
    if why:
        ask = f"{why}: {ask}"
    else:
        ask = ask[0].upper() + ask[1:]
    label = "Partner" if field == "partners" and not picker else \
        LABELS[field].format(picker=picker)
    taken = picker if field == "partners" else None
    return Open(field, said, ask, label, tuple(p for p in playing if p != taken))


def _names(value: object) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return sorted(str(name) for name in value)
    return [str(value)]


def unanswered(opened: Sequence[Open], filled: Mapping[str, Any],
               sent: Mapping[str, Any]) -> tuple[Open, ...]:
    """The roles of ``opened`` (from the body ``filled``) that the hand
    ``sent`` (its request fields) still has as the words filled them; none
    once it is another kind of hand.  Going alone answers the partner."""
    if str(sent.get("kind")) != str(filled.get("kind")):
        return ()
    return tuple(role for role in opened
                 if _names(sent.get(role.field)) == _names(filled.get(role.field))
                 and not (role.field == "partners" and sent.get("alone")))
