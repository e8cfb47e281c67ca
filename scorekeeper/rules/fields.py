"""Which facts a hand carries, by kind and by table, and what a table's rules
decide by themselves.  The hand form, the JSON API, the checks and the
templates all ask here instead of knowing it themselves.

- :func:`allowed_kinds` / :func:`kind_refusal`: the kinds of hand a table records.
- :func:`fields_for`: the fields a hand of one kind has at one table (the form
  shows exactly these; the checks refuse any other).
- :func:`complete_hand`: what is logically forced is filled in, so nobody has
  to tap it and the form and the API can never disagree about it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from scorekeeper.rules.vocabulary import CalledAceBuried, Kind, NobodyPicks, Partner, Tricks

if TYPE_CHECKING:
    from scorekeeper.rules.hand import Hand
    from scorekeeper.rules.options import Rules

#: What the scorekeeper enters about the sides and the play of a picked hand.
_PLAYED = ("picker", "partners", "alone", "points", "tricks", "cracks", "blitzes",
           "declared_doubler", "forced", "stolen_from", "no_trick_pickers")

#: Every field a hand of each kind may carry, whatever the table.
BY_KIND: dict[Kind, frozenset[str]] = {
    Kind.PICKED: frozenset(_PLAYED + ("king_of_diamonds_cut", "last_round")),
    Kind.LEASTER: frozenset(("winner", "second_winner", "declared_doubler",
                             "king_of_diamonds_cut", "last_round")),
    Kind.NO_PICK: frozenset(("king_of_diamonds_cut",)),
    Kind.MISDEAL: frozenset(),
    Kind.VOID: frozenset(),
    Kind.RENEGE: frozenset(_PLAYED + ("offender", "king_of_diamonds_cut", "last_round"))
    - {"points", "tricks", "no_trick_pickers"},
    Kind.CALLED_ACE_BURIED: frozenset(("picker",)),
    Kind.ADJUSTMENT: frozenset(("payouts", "note")),
    Kind.SCHWANZER: frozenset(("losers", "declared_doubler", "king_of_diamonds_cut",
                               "last_round")),
}
#: A renege that costs a flat penalty needs only who reneged (and the round's flags).
FLAT_RENEGE = frozenset(("offender", "king_of_diamonds_cut", "last_round"))

#: Fields that exist only where a house rule turns them on.
ENABLED_BY: dict[str, Callable[[Rules], bool]] = {
    "partners": lambda r: r.has_partner,
    "alone": lambda r: r.has_partner,
    "no_trick_pickers": lambda r: r.counts_no_trick_pickers,
    "cracks": lambda r: r.max_cracks > 0,
    "blitzes": lambda r: r.blitz,
    "declared_doubler": lambda r: r.declared_doubler,
    "forced": lambda r: r.nobody_picks is NobodyPicks.FORCED_PICK,
    "stolen_from": lambda r: r.steal_blind,
    "king_of_diamonds_cut": lambda r: r.round_of_doubles,
    "last_round": lambda r: r.last_round_doubled,
    "second_winner": lambda r: r.leaster_second_winner,
}

_ALL_PASS = {NobodyPicks.LEASTER: "a leaster",
             NobodyPicks.NO_PICK: "a throw-in (no-pick doubler)",
             NobodyPicks.FORCED_PICK: "a forced pick by the dealer (record it as picked, forced)",
             NobodyPicks.SCHWANZER: "a schwanzer (played out; the most trump points pay)"}


def flat_renege(rules: Rules, kind: Kind) -> bool:
    """A renege that costs the offender a flat penalty to each player (no sides)."""
    return kind is Kind.RENEGE and rules.renege.flat


def kind_fields(rules: Rules, kind: Kind) -> frozenset[str]:
    """Every field a hand of ``kind`` may carry at this table, flags included.
    A flat renege takes a declared doubler only where fixed penalties are
    multiplied by the hand's doublers (``penalties_doubled``, docs/rules.md §9)."""
    if flat_renege(rules, kind):
        return FLAT_RENEGE | ({"declared_doubler"} if rules.penalties_doubled else set())
    return BY_KIND[kind]


def fields_for(rules: Rules, kind: Kind) -> frozenset[str]:
    """The fields the scorekeeper fills in for a hand of ``kind`` at this table."""
    return frozenset(name for name in kind_fields(rules, kind)
                     if name not in ENABLED_BY or ENABLED_BY[name](rules))


def kind_refusal(rules: Rules, kind: Kind) -> str | None:
    """Why this table never records a hand of ``kind`` (None: it does)."""
    if kind in (Kind.LEASTER, Kind.NO_PICK, Kind.SCHWANZER):
        wanted = {Kind.LEASTER: NobodyPicks.LEASTER, Kind.NO_PICK: NobodyPicks.NO_PICK,
                  Kind.SCHWANZER: NobodyPicks.SCHWANZER}[kind]
        if rules.nobody_picks is None:
            return "Two-handed has no blind: record every hand as picked"
        if rules.nobody_picks is not wanted:
            return f"This table plays {_ALL_PASS[rules.nobody_picks]} when nobody picks"
    if kind is Kind.CALLED_ACE_BURIED:
        if rules.called_ace_buried is None:
            return "Burying the called ace only happens when the picker calls an ace"
        if rules.called_ace_buried is CalledAceBuried.PLAY_ALONE:
            return ("At this table a picker who buried his called ace plays it out alone: "
                    "record a picked hand with the picker alone")
    return None


def allowed_kinds(rules: Rules) -> tuple[Kind, ...]:
    """The kinds of hand this table records, in the order the form offers them."""
    return tuple(kind for kind in Kind if kind_refusal(rules, kind) is None)


def shown_for(rules: Rules) -> dict[str, tuple[Kind, ...]]:
    """For each field, the kinds whose form shows it at this table (a field
    with no kinds is not on this table's form at all)."""
    kinds = allowed_kinds(rules)
    every = set().union(*BY_KIND.values())
    return {name: tuple(k for k in kinds if name in fields_for(rules, k)) for name in every}


def right_of(player: str, seated: Sequence[str]) -> str:
    """The seated player on ``player``'s right: the seat before him."""
    return seated[(list(seated).index(player) - 1) % len(seated)]


def complete_hand(rules: Rules, hand: Hand, seated: Sequence[str]) -> Hand:
    """``hand`` with what the rules already decide filled in:

    - with the no-trick-pick penalty or the Smith rule, a picking side that
      took no trick means the picker took none either;
    - with J♦ and the picker's right (six-handed), the player on the picker's
      right is always a partner, so only the J♦ holder needs naming;
    - a picker without partner (alone, or a thief) who took no trick himself
      means his side took no trick (docs/rules.md §1).

    Anything else is left for the checks to judge; a hand that already says
    it is returned unchanged.
    """
    picker = hand.picker
    if hand.kind is not Kind.PICKED or picker is None or picker not in seated:
        return hand
    if (rules.counts_no_trick_pickers and hand.tricks is Tricks.NONE
            and picker not in hand.no_trick_pickers):
        hand = replace(hand, no_trick_pickers=(picker, *hand.no_trick_pickers))
    if (rules.partner is Partner.JD_AND_RIGHT and not hand.alone and hand.stolen_from is None
            and len(hand.partners) <= 1):
        right = right_of(picker, seated)
        if right not in hand.partners and right != picker:
            hand = replace(hand, partners=(*hand.partners, right))
    if not hand.partners and picker in hand.no_trick_pickers and hand.tricks is Tricks.SOME:
        hand = replace(hand, tricks=Tricks.NONE)  # alone and no trick: his side took none
    return hand


def alone_unsaid(rules: Rules, hand: Hand) -> bool:
    """A picked hand at a jack-of-diamonds table with no partner named and
    "alone" not said (nor a stolen blind): the engine pays it as a loner (the
    picker held J♦, or found it in the blind), so the record form asks
    before it saves one.  Elsewhere the checks already refuse a hand with
    no partner that doesn't say alone."""
    return (hand.kind is Kind.PICKED and rules.partner is Partner.JACK_OF_DIAMONDS
            and not hand.partners and not hand.alone and hand.stolen_from is None
            and hand.picker is not None)
