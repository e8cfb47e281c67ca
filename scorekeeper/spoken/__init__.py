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
missing, and a player's role left empty is :class:`~scorekeeper.spoken.held.Open`
until the hand sent answers it (:meth:`Understood.unanswered`).  It never saves
and never guesses.

Pure: the rules engine and jellyfish (names by sound and spelling), no web
framework and no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Kind, Rules
from scorekeeper.spoken.dialects import vocabulary
from scorekeeper.spoken.examples import nothing_heard
from scorekeeper.spoken.flags import DOUBLER_QUESTION, doubler_asked
from scorekeeper.spoken.grammar import body_for
from scorekeeper.spoken.held import Answer, Open, open_role, unanswered, word_holds
from scorekeeper.spoken.kinds import all_pass_here, forced_all_pass, kind_said
from scorekeeper.spoken.lexer import lex
from scorekeeper.spoken.roles import placed, unplaced_word


@dataclass(frozen=True)
class Understood:
    """The hand's body as understood, and what to ask.  With no questions the
    body is the whole hand; with questions it is the part understood (None
    when nothing of a hand was)."""

    body: Mapping[str, Any] | None
    questions: tuple[str, ...] = ()
    #: The players' roles the body leaves empty that the form would take as
    #: answered (no partner: alone), in the body's order.
    open: tuple[Open, ...] = ()

    @property
    def question(self) -> str:
        """Every question in one line ('' when the hand was understood)."""
        return " ".join(q if q.endswith(("?", ".")) else q + "." for q in self.questions)

    @property
    def complete(self) -> bool:
        """True when the body is the whole hand, nothing left to ask."""
        return self.body is not None and not self.questions

    def unanswered(self, sent: Mapping[str, Any]) -> tuple[Open, ...]:
        """The open roles the hand ``sent`` (its request fields) still has
        as the words left them: what holds its Save."""
        return unanswered(self.open, self.body or {}, sent)


#: The body's fields that name players.
NAMED = ("picker", "partners", "winner", "second_winner", "offender", "losers",
         "stolen_from", "no_trick_pickers")


def _away(name: str, present: Sequence[str] | None, seated: Sequence[str] | None) -> str | None:
    """Why the player ``name`` doesn't play this hand (None: he does)."""
    if present is not None and name not in present:
        return f"{name} isn't at the table now"
    if seated is not None and name not in seated:
        return f"{name} sits out this hand"
    return None


def _seated(body: dict[str, Any], players: Sequence[str], present: Sequence[str] | None,
            seated: Sequence[str] | None) -> tuple[dict[str, Any], list[str], list[Open]]:
    """The body without placeholders and players who don't play this hand,
    why each such player was left out, and the roles that leaves open (the
    first word left out of each)."""
    why: list[str] = []
    left: dict[str, tuple[str, str]] = {}

    def plays(key: str, name: str) -> bool:
        if not placed(name):
            word = unplaced_word(name)
            left.setdefault(key, (word, f"I couldn't place '{word}'" if word else ""))
            return False
        away = _away(name, present, seated)
        if away is not None:
            why.append(away)
            left.setdefault(key, (name, away))
        return away is None

    kept: dict[str, Any] = {}
    for key, value in body.items():
        if key in NAMED and isinstance(value, list):
            value = [name for name in value if plays(key, name)] or None
        elif key in NAMED and value is not None and not plays(key, value):
            value = None
        if value is not None:
            kept[key] = value
    playing = [p for p in players if _away(p, present, seated) is None]
    return kept, why, [open_role(key, word, reason, kept, playing)
                       for key, (word, reason) in left.items()]


def understand(text: str, rules: Rules, players: Sequence[str],
               present: Sequence[str] | None = None,
               seated: Sequence[str] | None = None, preset: str | None = None
               ) -> Understood:
    """The hand said in ``text`` at a table of ``players`` (``present``: who is
    at the table now, when not everyone is; ``seated``: who plays this hand,
    when someone sits it out; ``preset``: whose words the table says, see
    :mod:`~scorekeeper.spoken.dialects`), and the questions about what is
    unclear."""
    items, questions = lex(str(text), list(players), vocabulary(preset))
    if not any(not item.unplaced for item in items):
        playing = [p for p in players if _away(p, present, seated) is None]
        return Understood(None, tuple(questions) or (nothing_heard(rules, playing),))
    kind = kind_said(rules, items)
    played_here = isinstance(kind, Kind)
    if not isinstance(kind, Kind):
        questions.append(kind)
        if forced_all_pass(rules, items):
            return Understood({"kind": str(Kind.PICKED), "forced": True},
                              tuple(dict.fromkeys(questions)))
        here = all_pass_here(rules, items)  # "throw in" at a leaster table: a leaster
        if here is None:
            return Understood(None, tuple(dict.fromkeys(questions)))
        kind = here
    # A kind this table doesn't play ("Ida threw it in" at a leaster table)
    # gives no role to a name said without one: Ida threw in, she didn't win.
    body, asked = body_for(rules, kind, items, loose=played_here)
    body, away, opened = _seated(body, players, present, seated)
    asked = [question for question in asked if placed(question)]
    held = word_holds(str(text), items, opened, questions,
                      DOUBLER_QUESTION if doubler_asked(rules, kind, items) else None)
    return Understood(body, tuple(dict.fromkeys([*questions, *away, *asked])),
                      (*opened, *held))


__all__ = ["Answer", "Open", "Understood", "understand"]
