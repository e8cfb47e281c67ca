"""The players' roles the words leave open, the words heard but not placed,
and what answers them.

A name that can't be placed ("Fran with Gus 70" at a table with no Gus), a
player who doesn't play this hand, or a partner never said ("Fran 70")
leaves its role empty in the body.  An empty role is an answer the form
would take as it is: no partner ticked reads as the picker going alone, one
loser of two as the only one.  So each such role is :class:`Open` until the
hand sent changes it from what the words filled (a partner ticked, "went
alone", another loser), or other words are said: :func:`unanswered` is that
check, asked by the record form's Save and by the page as the hand is
entered, so Save is held, never a silent loner.

Nothing heard is dropped either: a word that fills nothing ("I didn't catch
'schmeered'"), or "doubler" at a table that declares doublers (declared, or
left by a throw-in?), is :class:`Open` too, answered by other words: each
such hold offers its answers as the words to say instead (:class:`Answer`:
the same words without the one not placed, or with "declared" or "not
declared"), or by ticking its field on the form.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.spoken.lexer import Item

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
class Answer:
    """An answer to a hold, said as words: tapping it says ``text`` instead."""

    label: str
    text: str


@dataclass(frozen=True)
class Open:
    """A role (a field of the hand's body) the words leave open; a word heard
    and placed nowhere has no field ('')."""

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
    #: The words that answer it, each said instead of the words as they are.
    words: tuple[Answer, ...] = ()


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
    return tuple(role for role in opened if _as_filled(role.field, filled, sent)
                 and not (role.field == "partners" and sent.get("alone")))


#: Holds on a yes-or-no field: ticking it answers them.
FLAGS = frozenset({"declared_doubler"})


def _as_filled(field: str, filled: Mapping[str, Any], sent: Mapping[str, Any]) -> bool:
    if field in FLAGS:
        return bool(sent.get(field)) == bool(filled.get(field))
    return _names(sent.get(field)) == _names(filled.get(field))


def _printed(text: str) -> str:
    """``text`` as words to say again: what can't be printed (a control
    character) is a space, and spaces are one."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def _without(text: str, word: str) -> str:
    """``text`` with the first ``word`` said in it left out."""
    return _printed(re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text, count=1))


def word_holds(text: str, items: Sequence[Item], opened: Sequence[Open],
               questions: Sequence[str], doubler: str | None) -> tuple[Open, ...]:
    """The holds of words heard and placed nowhere: each word not placed that
    no open role took (answered by the words without it), and the
    ``doubler`` question when it was asked (answered by "declared" or "not
    declared" said too, or the form's Declared doubler ticked)."""
    taken = {role.said for role in opened}
    holds: list[Open] = []
    for item in items:
        if not item.unplaced or item.said in taken:
            continue
        taken.add(item.said)
        ask = next((q for q in questions if f"'{item.said}'" in q),
                   f"I didn't catch '{item.said}'")
        holds.append(Open("", item.said, f"{ask}: say it again, or leave it out",
                          f"'{item.said}'", (),
                          (Answer(f"Leave out '{item.said}'", _without(text, item.said)),)))
    if doubler is not None:
        holds.append(Open("declared_doubler", "doubler", doubler, "Declared doubler", (), (
            Answer("Declared", f"{_printed(text)} declared"),
            Answer("Not declared", f"{_printed(text)} not declared"))))
    return tuple(holds)

