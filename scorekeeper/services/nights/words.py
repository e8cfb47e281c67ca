"""A hand said in words ("Ann with Cat 75"), understood at the table it is
dealt at: an inserted hand by the roster of the hand it goes before, an
edited hand by its own, a new hand by who is at the table now, and who sits
it out ("Ann sits out this hand" is said back, never filled in).  Nothing is
saved: the record form fills itself from the answer, and the API answers it.

And a recorded hand told in words as the ledger shows it (its line and its
badges), for the CSV and for saying a hand back.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.limits import SAID
from scorekeeper.rules import Rules
from scorekeeper.rules.night import HandResult
from scorekeeper.rules.words import badges, describe
from scorekeeper.services.nights.hands import Change, seating
from scorekeeper.services.nights.state import TableState
from scorekeeper.spoken import Understood, understand

#: Said back for a box left empty, or more words than a hand is said in.
NOTHING = "Say the hand, e.g. 'Ann with Cat 75', 'leaster Dan' or 'misdeal'"
TOO_LONG = f"Say the hand in fewer words (at most {SAID} characters)"


def understood(state: TableState, text: object, number: int | None = None,
               change: Change = Change.ADD, dealer: str | None = None,
               seated: Sequence[str] = ()) -> Understood:
    """The hand ``text`` says, for hand ``number`` (None: the next hand) of the
    night in ``state``, or the questions about it in players' words.  Who plays
    it is the table's rotation, from ``dealer`` when the form names another
    one, or the ``seated`` the form ticked."""
    said = " ".join(text.split()) if isinstance(text, str) else ""
    if not said:
        return Understood(None, (NOTHING,))
    if len(said) > SAID:
        return Understood(None, (TOO_LONG,))
    table = seating(state, number, change).dealt_by(dealer)
    ticked = tuple(p for p in seated if p in table.present)
    playing = ticked or (table.seated if table.crowded else None)
    return understand(said, state.rules, state.players, table.present, playing)


def told(rules: Rules, result: HandResult, also: Sequence[str] = ()) -> str:
    """A hand as the ledger shows it: the engine's line and its badges (crack,
    re-crack, blitz, no trick, doubled by …), each badge the line doesn't
    already say ("Bob alone" says "alone ×2"), then ``also``:
    "Ann with Cat, 75 points (crack ×2)"."""
    line = describe(rules, result)
    marks = ", ".join([*(b.text for b in badges(rules, result)
                         if b.text.split(" ×")[0] not in line), *also])
    return f"{line} ({marks})" if marks else line
