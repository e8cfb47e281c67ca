"""How the event pages say a count ("1 session", "3 sessions") and how long a
table plays a session: "4 rounds" or "15 hands", and the start page's hint
under it ("4 rounds: 20 hands at a table of five, 24 at six"), whose numbers
are :func:`scorekeeper.services.events.progress.deals_due`'s.  The start
page's script is handed every hint it may show (:func:`hints`), so it
follows what is typed without working anything out itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.ledger.words import plural
from scorekeeper.limits import MAX_ROUNDS, MAX_SESSION_HANDS, whole_number
from scorekeeper.rules import OPTIONS, PRESETS
from scorekeeper.services.events.progress import Length, deals_due

#: How a page says a table's size.
SIZES = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: What a table may play a session: a number of rounds of the deal, or of hands.
LENGTHS = ("rounds", "hands")
#: Players per hand a table may be set to (the house rule's choices).
SEATS = tuple(c for o in OPTIONS if o.key == "seats" for c in o.choices
              if isinstance(c, int) and not isinstance(c, bool))


def length_words(event: Length) -> str:
    """How long each table plays a session: "4 rounds" (of the deal) or "15 hands"."""
    if event.hands is not None:
        return plural(event.hands, "hand")
    return plural(event.rounds or 0, "round")


@dataclass(frozen=True)
class _Typed:
    """Rounds or hands as typed on the start page (one of them None)."""

    rounds: int | None
    hands: int | None


def _size(players: int) -> str:
    return SIZES[players] if players < len(SIZES) else str(players)


def hint(length: str, value: int | None, seats: int) -> str:
    """The start page's words under how long a table plays, for ``value``
    rounds or hands (``length``) at tables of ``seats`` to a hand (or one
    more, the dealer sitting out)."""
    if length == "hands":
        if value is None or not 1 <= value <= MAX_SESSION_HANDS:
            return f"1 to {MAX_SESSION_HANDS} hands at every table, whatever its size."
        return (f"{plural(value, 'hand')} at every table, whatever its size (not every "
                "player deals as often).")
    if value is None or not 1 <= value <= MAX_ROUNDS:
        return f"1 to {MAX_ROUNDS} rounds of the deal: every player deals as often."
    plan = _Typed(value, None)
    return (f"{plural(value, 'round')}: {plural(deals_due(plan, seats), 'hand')} at a table "
            f"of {_size(seats)}, {deals_due(plan, seats + 1)} at {_size(seats + 1)} "
            "(the dealer sits out).")


def hints() -> dict[str, Any]:
    """Every hint the start page's script may show: by seats and rounds, by
    hands, and for a box that holds no number it takes."""
    return {"rounds": {str(s): [hint("rounds", n, s) for n in range(1, MAX_ROUNDS + 1)]
                       for s in SEATS},
            "hands": [hint("hands", n, 0) for n in range(1, MAX_SESSION_HANDS + 1)],
            "none": {length: hint(length, None, 0) for length in LENGTHS},
            "seats": {p.id: p.rules.seats for p in PRESETS.values()}}


def seats_chosen(form: Any, default_preset: str) -> int:
    """Players per hand as the start form chose them: the house rule's, else
    the preset's (``default_preset``'s on a blank form)."""
    chosen = whole_number(str(form.get("opt-seats", "")), min(SEATS), max(SEATS))
    if chosen is not None:
        return chosen
    preset = PRESETS.get(str(form.get("preset", ""))) or PRESETS[default_preset]
    return preset.rules.seats
