"""The game's words, decided once: what each kind of hand and each crack is
called, a hand as one line, and the badges a hand earns (doubled, what
multiplied it with every factor named, penalty, throw-in, void, redeal, …).

The ledger, the share page and big screen, the summary, the confirmation,
the audit log, the API and the rulings print these; none of them decides a
game fact itself (compare python-chess, whose board names its own moves).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.night import HandResult
from scorekeeper.rules.options import Rules
from scorekeeper.rules.scoring import CRACK_WORDS, plays_alone
from scorekeeper.rules.vocabulary import CalledAceBuried, Doubler, Kind, Partner, Tricks

#: Each kind as the record form offers it.
KIND_LABELS = {
    Kind.PICKED: "Someone picked",
    Kind.LEASTER: "Leaster",
    Kind.NO_PICK: "Nobody picked: throw in",
    Kind.MISDEAL: "Misdeal",
    Kind.VOID: "Void: redeal, no score",
    Kind.RENEGE: "Renege",
    Kind.CALLED_ACE_BURIED: "Buried the called ace",
    Kind.ADJUSTMENT: "Other payment…",
    Kind.SCHWANZER: "Schwanzer (all passed)",
}

#: The hands that can make a doubler (option ``makes_doubler``), as a list says them.
DOUBLER_WORDS = {Doubler.NO_PICK: "throw-in", Doubler.MISDEAL: "misdeal",
                 Doubler.TIE: "60-60 tie", Doubler.LEASTER: "leaster",
                 Doubler.SCHWANZER: "schwanzer"}

#: The hands nobody is paid for, as one line.
UNSCORED = {Kind.NO_PICK: "nobody picked: thrown in", Kind.MISDEAL: "misdeal",
            Kind.VOID: "void: redealt, no score"}


#: What the record form asks about the partner, by how partners are found.
PARTNER_HINTS = {
    Partner.CALLED_ACE: "Who held the called card?",
    Partner.JACK_OF_DIAMONDS: "Who held J♦? (none ticked: the picker had it)",
    Partner.JD_AND_RIGHT: "Who held J♦? The player on the picker's right is added for you",
    Partner.JD_AND_DIE: "J♦ holder and the player the die chose",
}


def partner_hint(rules: Rules) -> str | None:
    """The record form's question about the partner at this table (None: no partners)."""
    return PARTNER_HINTS.get(rules.partner)


def away(result: HandResult, name: str) -> str:
    """Why ``name`` has no payout on this hand: he was at the table and sat it
    out, or he wasn't at the table (had not joined yet, or had left)."""
    present = result.hand.present
    return "Sat out" if present is None or name in present else "Not at the table"


def crack_label(count: int) -> str:
    """A crack count as the form's choice says it ("None", "Re-crack")."""
    return CRACK_WORDS[count].capitalize()


def describe(rules: Rules, result: HandResult) -> str:
    """A hand as one line: "Ann with Cat, 75 points", "leaster won by Dan"."""
    hand = result.hand
    if hand.kind is Kind.PICKED:
        if hand.partners:
            side = f"{hand.picker} with {' and '.join(hand.partners)}"
        else:
            side = f"{hand.picker} alone" if plays_alone(rules, hand) else str(hand.picker)
        return f"{side}, {hand.points} points"
    if hand.kind is Kind.LEASTER:
        second = f", then {hand.second_winner}" if hand.second_winner else ""
        return f"leaster won by {hand.winner}{second}"
    if hand.kind is Kind.RENEGE:
        return f"{hand.offender} reneged"
    if hand.kind is Kind.CALLED_ACE_BURIED:
        return f"{hand.picker} buried the called ace"
    if hand.kind is Kind.SCHWANZER:
        verb = "pays" if len(hand.losers) == 1 else "pay"
        return f"schwanzer: {' and '.join(hand.losers)} {verb}"
    if hand.kind is Kind.ADJUSTMENT:
        return f"other payment: {hand.note}"
    return UNSCORED[hand.kind]


@dataclass(frozen=True)
class Badge:
    """One mark on a hand: its words, what it means (a tooltip) and its tone
    (``doubled``, ``penalty`` or plain)."""

    text: str
    title: str = ""
    tone: str = ""


def badges(rules: Rules, result: HandResult) -> tuple[Badge, ...]:
    """Every badge ``result`` earns at a table playing ``rules``, in the order shown."""
    return tuple(b for b in (*_doubling(result), *_flags(rules, result),
                             *_kind(rules, result)) if b is not None)


def _doubling(result: HandResult) -> tuple[Badge | None, ...]:
    sources = ", ".join(str(n) for n in result.doubled_by)
    if result.doubled:
        used: Badge | None = Badge(f"doubled by {sources}" if sources else "doubled",
                                   f"Doubled by hand {sources}" if sources else "Doubled",
                                   "doubled")
    elif result.doubled_by:
        used = Badge(f"used the doubler from {sources}",
                     "A flat penalty uses a pending doubler without being doubled")
    else:
        used = None
    multiple = result.multiple
    times = Badge(multiple.words, "What multiplied what this hand pays, each factor named: "
                  "the payouts are this times the base") if multiple.times > 1 else None
    return used, times


def _flags(rules: Rules, result: HandResult) -> tuple[Badge | None, ...]:
    """The hand's flags the multiple's badge doesn't already name."""
    named = {factor.word for factor in result.multiple.factors}
    return tuple(badge for badge in _said_flags(rules, result)
                 if badge is None or badge.text not in named)


def _said_flags(rules: Rules, result: HandResult) -> tuple[Badge | None, ...]:
    hand = result.hand
    picked = hand.kind is Kind.PICKED
    return (
        Badge(CRACK_WORDS[hand.cracks], "Cracked: doubles the hand") if hand.cracks else None,
        Badge("blitz" if hand.blitzes == 1 else "double blitz", "Blitzed: doubles the hand")
        if hand.blitzes else None,
        Badge("alone", "The picker played without a partner")
        if picked and plays_alone(rules, hand) else None,
        Badge("no trick", "The picking side took no trick")
        if picked and hand.tricks is Tricks.NONE else None,
        Badge("every trick", "The picking side took every trick")
        if picked and hand.tricks is Tricks.ALL else None,
        Badge("declared doubler", "Declared before play: doubles the hand", "doubled")
        if hand.declared_doubler else None,
        Badge("last round", "The table announced the last round: doubled", "doubled")
        if hand.last_round else None,
        Badge(f"stole from {hand.stolen_from}", "Took the blind out of turn")
        if hand.stolen_from else None,
        Badge("penalty", "A picker who took no trick himself pays the table's penalty",
              "penalty") if hand.no_trick_pickers else None,
    )


def _kind(rules: Rules, result: HandResult) -> tuple[Badge | None, ...]:
    kind = result.hand.kind
    if kind is Kind.CALLED_ACE_BURIED and rules.called_ace_buried is CalledAceBuried.REDEAL:
        return (Badge("redeal", "The called ace was buried: the same dealer deals again"),)
    return ({
        Kind.LEASTER: Badge("leaster", "Everyone passed: fewest points wins"),
        Kind.SCHWANZER: Badge("schwanzer", "Everyone passed: played out, the losers pay"),
        Kind.RENEGE: Badge("penalty", "A renege", "penalty"),
        Kind.CALLED_ACE_BURIED: Badge("penalty", "The picker buried the called ace", "penalty"),
        Kind.NO_PICK: Badge("throw-in", "Everyone passed: thrown in, nobody paid"),
        Kind.MISDEAL: Badge("misdeal", "Misdealt: nobody paid"),
        Kind.VOID: Badge("void", "Redealt without a score"),
    }.get(kind),)
