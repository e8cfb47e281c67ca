"""A hand as players say it at the table, or as a phone keyboard's offline
dictation types it: "Ann with Cat 75", "Bob alone ninety-five", "leaster
Dan", "Cat picked Dan partner no trick cracked", "misdeal".

:func:`understand` answers the hand's body in the API's own fields
(:data:`scorekeeper.rules.hand_json.REQUEST_FIELDS`), ready for
``parse_hand`` and the night's replay, or what is unclear as questions in
players' words ("Who is 'Anne': Ann or Annie?").  It never saves and never
guesses: what it can't place it asks.

Pure: the rules engine and jellyfish (names by sound and spelling), no web
framework and no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Kind, Rules
from scorekeeper.spoken.grammar import body_for
from scorekeeper.spoken.kinds import kind_said
from scorekeeper.spoken.lexer import lex

#: Said back when nothing in the words is a hand.
NOTHING_HEARD = ("I didn't hear a hand: say who picked, with whom and the points "
                 "('Ann with Cat 75'), or 'leaster Dan', or 'misdeal'")


@dataclass(frozen=True)
class Understood:
    """The hand's body (``questions`` empty), or what to ask (``body`` None)."""

    body: Mapping[str, Any] | None
    questions: tuple[str, ...] = ()

    @property
    def question(self) -> str:
        """Every question in one line ('' when the hand was understood)."""
        return " ".join(q if q.endswith(("?", ".")) else q + "." for q in self.questions)


def understand(text: str, rules: Rules, players: Sequence[str],
               present: Sequence[str] | None = None) -> Understood:
    """The hand said in ``text`` at a table of ``players`` (``present``: who is
    at the table now, when not everyone is), or the questions about it."""
    items, questions = lex(str(text), list(players), present)
    if questions:
        return Understood(None, tuple(questions))
    if not items:
        return Understood(None, (NOTHING_HEARD,))
    kind = kind_said(rules, items)
    if not isinstance(kind, Kind):
        return Understood(None, (kind,))
    body, questions = body_for(rules, kind, items)
    if questions:
        return Understood(None, tuple(dict.fromkeys(questions)))
    return Understood(body)


__all__ = ["NOTHING_HEARD", "Understood", "understand"]
