"""A hand said the way this table would say it, with its own players: the
words box's placeholder, what an empty box is told and what is said back
when no hand was heard.  Never a name that isn't at the table, and never a
hand its rules don't record ("Ann with Cat" where the picker plays alone, a
leaster where a pass is thrown in).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules import NobodyPicks, Rules
from scorekeeper.spoken.lexer import or_list

#: The points in the example hand: a win, said the usual way.
POINTS = 75


def _hand(rules: Rules, names: Sequence[str]) -> str:
    picker = names[0]
    if not rules.has_partner or len(names) < 2:
        return f"{picker} {POINTS}"
    partner = names[min(2, len(names) - 1)]
    if rules.partner.two_partners and len(names) > 3:
        # the second partner sits at the picker's right: the seat before him
        return f"{picker} with {partner} and {names[-1]} {POINTS}"
    return f"{picker} with {partner} {POINTS}"


def _all_pass(rules: Rules, names: Sequence[str]) -> str | None:
    if rules.nobody_picks is None:
        return None  # two-handed: no blind to pass
    last = names[min(3, len(names) - 1)]
    return {NobodyPicks.LEASTER: f"leaster {last}", NobodyPicks.NO_PICK: "nobody picked",
            NobodyPicks.SCHWANZER: f"schwanzer {last}"}.get(rules.nobody_picks)


def examples(rules: Rules, playing: Sequence[str]) -> tuple[str, ...]:
    """Hands said at this table by the players of this hand (seat order):
    "Ann with Cat 75", "leaster Dan", "misdeal"."""
    if not playing:
        return ("misdeal",)
    passed = _all_pass(rules, playing)
    return (_hand(rules, playing), *([passed] if passed else []), "misdeal")


def prompt(rules: Rules, playing: Sequence[str]) -> str:
    """What an empty box is told: "Say the hand, e.g. 'Ann with Cat 75',
    'leaster Dan' or 'misdeal'"."""
    return "Say the hand, e.g. " + or_list([f"'{said}'" for said in examples(rules, playing)])


def nothing_heard(rules: Rules, playing: Sequence[str]) -> str:
    """Said back when nothing in the words is a hand."""
    hand, *others = examples(rules, playing)
    who = "who picked, with whom and the points" if rules.has_partner else \
        "who picked and the points"
    rest = "".join(f", or '{said}'" for said in others)
    if hand == "misdeal":
        return f"I didn't hear a hand: say {who}, or 'misdeal'"
    return f"I didn't hear a hand: say {who} ('{hand}'){rest}"
