"""The wording every ruling shares: signed numbers, counts in words, option
values as players say them, interpretations marked, and example hands
scored by the engine (so an answer's numbers are the payouts themselves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.rules import Hand, Rules, Tricks, outcome, score
from scorekeeper.rules.option import OptionValue
from scorekeeper.rules.scoring import CRACK_WORDS
from scorekeeper.rules.vocabulary import Doubler
from scorekeeper.rules.words import DOUBLER_WORDS

INTERPRETATION = "Interpretation:"
MINUS = "\u2212"


# --- wording ---------------------------------------------------------------


def signed(amount: int) -> str:
    """``+4``, ``−4`` or ``0``, as payouts are written."""
    return f"+{amount}" if amount > 0 else f"{MINUS}{-amount}" if amount < 0 else "0"


def points(amount: int) -> str:
    return f"{amount} point" if amount == 1 else f"{amount} points"


def say(*parts: str | None) -> str:
    """Join the sentences that apply (``None`` or ``""`` are left out)."""
    return " ".join(part for part in parts if part)


def words(n: int) -> str:
    """Small counts as words ("four"), for prose about players."""
    names = ("none", "one", "two", "three", "four", "five", "six", "seven")
    return names[n] if 0 <= n < len(names) else str(n)


def interpret(sentence: str) -> str:
    """Mark a sentence as the app's own reading of an unsettled point."""
    return f"{INTERPRETATION} {sentence}"


# --- example hands, scored by the engine -------------------------------------


def partner_count(r: Rules) -> int:
    """How many partners a picker normally has at this table."""
    return r.most_partners


@dataclass(frozen=True)
class Split:
    """What the picker, a partner and a defender get for one example hand."""

    picker: int
    partner: int | None
    defender: int
    partners: int = 1
    defenders: int = 2

    def __str__(self) -> str:
        parts = [f"picker {signed(self.picker)}"]
        if self.partner is not None:
            who = "each partner" if self.partners > 1 else "partner"
            parts.append(f"{who} {signed(self.partner)}")
        who = "each defender" if self.defenders > 1 else "the other player"
        parts.append(f"{who} {signed(self.defender)}")
        return ", ".join(parts)


def _seated(r: Rules) -> tuple[str, ...]:
    return tuple(f"p{i}" for i in range(r.seats))


def pay(r: Rules, hand: Hand, doubling: int = 0) -> dict[str, int]:
    """The engine's payouts for ``hand``; ``p0`` is the picker, ``p1`` a defender."""
    return score(r, hand, _seated(r), doubling)


def example(r: Rules, pts: int, tricks: Tricks = Tricks.SOME, *, alone: bool = False,
            partners: int | None = None, doubling: int = 0, **extra: object) -> Split:
    """A picked hand for the picking side's ``pts``, split by role."""
    k = 0 if alone else partner_count(r) if partners is None else partners
    hand = Hand(picker="p0", partners=partner_seats(r, k), alone=alone and r.has_partner,
                points=pts, tricks=tricks, **extra)  # type: ignore[arg-type]
    return split_of(r, pay(r, hand, doubling), k)


def partner_seats(r: Rules, k: int) -> tuple[str, ...]:
    """The example partners: the last ``k`` seats (so one sits on the picker's right)."""
    return _seated(r)[r.seats - k:]


def split_of(r: Rules, paid: Mapping[str, int], k: int) -> Split:
    mates = partner_seats(r, k)
    return Split(paid["p0"], paid[mates[0]] if mates else None, paid["p1"], k,
                 r.seats - 1 - k)


def chart_split(r: Rules, cell: Mapping[str, int], partners: int) -> Split:
    return Split(cell["picker"], cell.get("partner"), cell["defender"], partners,
                 r.seats - 1 - partners)


def lines(r: Rules) -> tuple[int, int]:
    """(most a schneidered picking side can have, least that schneiders the defense)."""
    lost = max(p for p in range(61) if outcome(r, p, Tricks.SOME).schneider)
    won = min(p for p in range(61, 121) if outcome(r, p, Tricks.SOME).schneider)
    return lost, won


def pricing_note(r: Rules) -> str | None:
    """The interpretation behind prices the seeds never gave (2, 6 or 7 players)."""
    if r.seats in (6, 7):
        return interpret(f"the rule books don't price a {words(r.seats)}-handed hand; the app "
                         "splits it the five-handed way: one share per defender and per partner, "
                         "the rest to the picker.")
    if r.seats == 2:
        return interpret("two-handed has no picker in the rule books; the app scores it as "
                         "one player against the other, with no bump and a 60-60 tie paying "
                         "nothing.")
    return None


# --- option values in words ---------------------------------------------------

VALUE_WORDS: dict[str, str] = {
    "none": "nobody (alone)", "called-ace": "call an ace", "jack-of-diamonds": "J♦ holder",
    "jd-and-right": "J♦ + picker's right", "jd-and-die": "J♦ + die roll",
    "alone": "play alone", "call-up-jh": "call up J♥", "at-30": "at 30",
    "under-30": "under 30", "31-both": "31 for both", "leaster": "leaster",
    "no-pick": "throw in, doubler", "forced-pick": "dealer must pick",
    "extend": "one hand per doubler", "stack": "stack", "previous": "next hand only",
    "schwanzer": "schwanzer", "tricks": "no trick taken", "points": "no trick or no points",
    "picker-rest": "picker takes the rest", "even": "as evenly as possible",
    "total": "tier × multiplier", "stake": "the multiplier alone",
    "penalty": "a penalty to each", "penalty-8": "8 to each", "forfeit": "side forfeits",
    "pay-the-board": "pay the board",
    "play-alone": "play alone", "redeal": "redeal",
}


# --- words for option values ---------------------------------------------------------


def option_words(key: str, value: OptionValue) -> str:
    """An option's value as a player would say it ("under 30", "×2", "yes")."""
    if value is None:
        return "no cap" if key == "max_multiplier" else "doesn't apply"
    if isinstance(value, tuple | list):
        words = (DOUBLER_WORDS[Doubler(v)] if v in set(Doubler) else str(v) for v in value)
        return ", ".join(words) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in ("bump", "alone_factor"):
        return f"×{value}"
    if key == "max_cracks" and isinstance(value, int):
        return CRACK_WORDS[value]
    if key == "deck":
        return f"{value} cards"
    return VALUE_WORDS.get(str(value), str(value))
