"""A hand said in words ("Ann with Cat 75"), understood at the table it is
dealt at: an inserted hand by the roster of the hand it goes before, an
edited hand by its own, a new hand by who is at the table now.  Nothing is
saved: the record form fills itself from the answer, and the API answers it.
"""

from __future__ import annotations

from scorekeeper.limits import SAID
from scorekeeper.services.hands import Change, seating
from scorekeeper.services.state import TableState
from scorekeeper.spoken import Understood, understand

#: Said back for a box left empty, or more words than a hand is said in.
NOTHING = "Say the hand, e.g. 'Ann with Cat 75', 'leaster Dan' or 'misdeal'"
TOO_LONG = f"Say the hand in fewer words (at most {SAID} characters)"


def understood(state: TableState, text: object, number: int | None = None,
               change: Change = Change.ADD) -> Understood:
    """The hand ``text`` says, for hand ``number`` (None: the next hand) of the
    night in ``state``, or the questions about it in players' words."""
    said = " ".join(text.split()) if isinstance(text, str) else ""
    if not said:
        return Understood(None, (NOTHING,))
    if len(said) > SAID:
        return Understood(None, (TOO_LONG,))
    present = seating(state, number, change).present
    return understand(said, state.rules, state.players, present)
