"""A hand as players say it at the table, or as a phone keyboard's offline
dictation types it: "Ann with Cat 75", "Ann w/ Cat fourty", "Bob alone
ninety-five", "leaster Dan", "Cat picked Dan partner no trick cracked",
"Ann n Cat 75; Bob cracked", "the dealer misdealt".

:func:`understand` answers the hand's body in the API's own fields
(:data:`scorekeeper.rules.hand_json.REQUEST_FIELDS`), ready for
``parse_hand`` and the night's replay, and what is unclear as questions in
players' words ("Who is 'Anne': Ann or Annie?").  A word it can't place is
asked about and the rest of the hand is still answered, without the part
that word stood for: the body is then partial and the questions say what is
missing.  It never saves and never guesses.

Pure: the rules engine and jellyfish (names by sound and spelling), no web
framework and no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Kind, Rules
from scorekeeper.spoken.grammar import body_for
from scorekeeper.spoken.kinds import all_pass_here, forced_all_pass, kind_said
from scorekeeper.spoken.lexer import lex
from scorekeeper.spoken.roles import placed

#: Said back when nothing in the words is a hand.
NOTHING_HEARD = ("I didn't hear a hand: say who picked, with whom and the points "
                 "('Ann with Cat 75'), or 'leaster Dan', or 'misdeal'")


@dataclass(frozen=True)
class Understood:
    """The hand's body as understood, and what to ask.  With no questions the
    body is the whole hand; with questions it is the part understood (None
    when nothing of a hand was)."""

    body: Mapping[str, Any] | None
    questions: tuple[str, ...] = ()

    @property
    def question(self) -> str:
        """Every question in one line ('' when the hand was understood)."""
        return " ".join(q if q.endswith(("?", ".")) else q + "." for q in self.questions)

    @property
    def complete(self) -> bool:
        """True when the body is the whole hand, nothing left to ask."""
        return self.body is not None and not self.questions


#: The body's fields that name players.
NAMED = ("picker", "partners", "winner", "second_winner", "offender", "losers",
         "stolen_from", "no_trick_pickers")


def _seated(body: dict[str, Any], present: Sequence[str] | None,
            seated: Sequence[str] | None) -> tuple[dict[str, Any], list[str]]:
    """The body without placeholders and players who don't play this hand,
    and why each such player was left out."""
    why: list[str] = []

    def plays(name: str) -> bool:
        if not placed(name):
            return False
        if present is not None and name not in present:
            why.append(f"{name} isn't at the table now")
            return False
        if seated is not None and name not in seated:
            why.append(f"{name} sits out this hand")
            return False
        return True

    kept: dict[str, Any] = {}
    for key, value in body.items():
        if key in NAMED and isinstance(value, list):
            value = [name for name in value if plays(name)] or None
        elif key in NAMED and value is not None and not plays(value):
            value = None
        if value is not None:
            kept[key] = value
    return kept, why


def understand(text: str, rules: Rules, players: Sequence[str],
               present: Sequence[str] | None = None,
               seated: Sequence[str] | None = None) -> Understood:
    """The hand said in ``text`` at a table of ``players`` (``present``: who is
    at the table now, when not everyone is; ``seated``: who plays this hand,
    when someone sits it out), and the questions about what is unclear."""
    items, questions = lex(str(text), list(players))
    if not any(not item.unplaced for item in items):
        return Understood(None, tuple(questions) or (NOTHING_HEARD,))
    kind = kind_said(rules, items)
    if not isinstance(kind, Kind):
        questions.append(kind)
        if forced_all_pass(rules, items):
            return Understood({"kind": str(Kind.PICKED), "forced": True},
                              tuple(dict.fromkeys(questions)))
        here = all_pass_here(rules, items)  # "throw in" at a leaster table: a leaster
        if here is None:
            return Understood(None, tuple(dict.fromkeys(questions)))
        kind = here
    body, asked = body_for(rules, kind, items)
    body, away = _seated(body, present, seated)
    asked = [question for question in asked if placed(question)]
    return Understood(body, tuple(dict.fromkeys([*questions, *away, *asked])))


__all__ = ["NOTHING_HEARD", "Understood", "understand"]
