"""A hand said in words ("Ann with Cat 75"), understood at the table it is
dealt at: an inserted hand by the roster of the hand it goes before, an
edited hand by its own, a new hand by who is at the table now, and who sits
it out ("Ann sits out this hand" is said back, never filled in).  Nothing is
saved: the record form fills itself from the answer, and the API answers it.
The record form sends the words it was filled from with the hand, and its
Save waits while they leave a player's role open that the hand still has as
they filled it (:func:`left_open`).

And a recorded hand told in words as the ledger shows it (its line and its
badges), for the CSV and for saying a hand back.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.ledger.words import paid
from scorekeeper.limits import SAID
from scorekeeper.rules import Hand, Rules
from scorekeeper.rules.hand_json import hand_to_request
from scorekeeper.rules.night import HandResult
from scorekeeper.rules.words import badges, describe
from scorekeeper.services.nights.hands import Change, seating
from scorekeeper.services.nights.state import TableState
from scorekeeper.spoken import Open, Understood, understand
from scorekeeper.spoken.examples import prompt

#: Said back for more words than a hand is said in.
TOO_LONG = f"Say the hand in fewer words (at most {SAID} characters)"


def understood(state: TableState, text: object, number: int | None = None,
               change: Change = Change.ADD, dealer: str | None = None,
               seated: Sequence[str] = ()) -> Understood:
    """The hand ``text`` says, for hand ``number`` (None: the next hand) of the
    night in ``state``, or the questions about it in players' words.  Who plays
    it is the table's rotation, from ``dealer`` when the form names another
    one, or the ``seated`` the form ticked."""
    said = " ".join(text.split()) if isinstance(text, str) else ""
    table = seating(state, number, change).dealt_by(dealer)
    ticked = tuple(p for p in seated if p in table.present)
    playing = ticked or (table.seated if table.crowded else None)
    if not said:
        return Understood(None, (prompt(state.rules, playing or table.present),))
    if len(said) > SAID:
        return Understood(None, (TOO_LONG,))
    return understand(said, state.rules, state.players, table.present, playing,
                      state.table.preset)


def left_open(state: TableState, text: object, hand: Hand, number: int | None = None,
              change: Change = Change.ADD) -> Open | None:
    """The first player's role the words ``text`` (those the form was filled
    from) leave open that ``hand``, dealt as the form has it, still has as
    they filled it ("I couldn't place 'Gus': who was Fran's partner, or did
    Fran go alone?"); None when there are no words or nothing is left open."""
    if not isinstance(text, str) or not text.strip():
        return None
    words = understood(state, text, number, change, hand.dealer, hand.seated or ())
    still = words.unanswered(hand_to_request(hand))
    return still[0] if still else None


def told(rules: Rules, result: HandResult, also: Sequence[str] = ()) -> str:
    """A hand as the ledger shows it: the engine's line and its badges (what
    multiplied it, doubled by …), each badge the line doesn't already say
    ("Bob alone" says "alone"), then ``also``: "Ann with Cat, 75 points
    (×2: crack)"."""
    line = describe(rules, result)
    marks = ", ".join([*(b.text for b in badges(rules, result) if b.text not in line), *also])
    return f"{line} ({marks})" if marks else line


def said(rules: Rules, result: HandResult) -> str:
    """"Ann with Cat, 75 points (×4: re-crack). Ann +8, Cat +4, …": a saved hand
    in the engine's words, its badges and who won and lost what.  The record
    form's "Hand 3 saved: …" and the share page's news of a hand both say it."""
    return f"{told(rules, result)}. {paid(result.payouts)}"
