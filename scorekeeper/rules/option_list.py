"""Every house-rule option a table can set, in the order a form asks them
(docs/rules.md §6 and §9), with the options added since the first release and
which of them change anything at a given table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.limits import MAX_BASE, MAX_MULTIPLIER_CAP, MAX_PENALTY
from scorekeeper.rules.option import Option, OptionValue, plain
from scorekeeper.rules.vocabulary import (
    CalledAceBuried,
    Cap,
    Doubler,
    Doublers,
    JdInPickersHand,
    Ladder,
    NobodyPicks,
    Partner,
    Renege,
    SchneiderLine,
    Schwarz,
    Shares,
)

if TYPE_CHECKING:
    from scorekeeper.rules.options import Rules


def _not_two_handed(r: Mapping[str, Any]) -> bool:
    return r.get("seats") != 2


BOOL = (True, False)

OPTIONS: tuple[Option, ...] = (
    Option("seats", "Players per hand", "Table",
           "How many play each hand; extra players sit out in turn.",
           choices=(2, 3, 4, 5, 6, 7)),
    Option("deck", "Deck", "Table",
           "32 cards (7 through ace), or the 26-card four-handed deck.",
           choices=(32, 26)),
    Option("partner", "Partner", "Partner",
           "How the picker's partner is found.",
           choices=tuple(Partner)),
    Option("jd_in_pickers_hand", "Picker holds J♦", "Partner",
           "When the picker holds the jack of diamonds: play alone, or call up J♥.",
           choices=tuple(JdInPickersHand),
           matters=lambda r: Partner(r["partner"]).by_jack),
    Option("ladder", "Ladder", "Scoring",
           "Additive (1, 2, 3 units) or doubling (x2 schneider, x2 no trick).",
           choices=tuple(Ladder)),
    Option("schneider_line", "Schneider line", "Scoring",
           "Where schneider falls: at 30, under 30, or 31 for both sides.",
           choices=tuple(SchneiderLine)),
    Option("bump", "Bump", "Scoring",
           "A losing picking side pays this many times what it would have won.",
           choices=(2, 1)),
    Option("alone_factor", "Alone factor", "Scoring",
           "Stake multiplier when the picker plays without a partner.",
           choices=(1, 2, 3)),
    Option("nobody_picks", "Nobody picks", "Nobody picks",
           "When all pass: play a leaster, throw in for a doubler, or the dealer must pick.",
           choices=tuple(NobodyPicks), default=NobodyPicks.LEASTER,
           applies=_not_two_handed),
    Option("forced_loss_doubled", "Forced picker pays the bump", "Nobody picks",
           "Whether a dealer forced to pick pays double on a loss like anyone else.",
           choices=BOOL, default=True, applies=_not_two_handed),
    Option("doublers", "Doublers", "Doublers",
           "How thrown-in hands double later hands: extend, stack, or the next hand only.",
           choices=tuple(Doublers)),
    Option("round_of_doubles", "Round of doubles", "Doublers",
           "K♦ at the cut or a 60-60 hand doubles a whole round of hands.",
           choices=BOOL),
    Option("max_cracks", "Cracks", "Announcements",
           "How far cracking may go: 0 none, 1 crack, 2 re-crack, 3 triple crack.",
           choices=(0, 1, 2, 3)),
    Option("blitz", "Blitz", "Announcements",
           "Showing both black (or both red) queens before picking doubles the stakes.",
           choices=BOOL),
    Option("declared_doubler", "Declared doubler", "Announcements",
           "The table may declare a hand a doubler before it is dealt.",
           choices=BOOL),
    Option("no_trick_pick_penalty", "No-trick-pick penalty", "Penalties",
           "A picker who takes no trick personally pays 1 to every other player.",
           choices=BOOL),
    Option("steal_blind", "Steal the blind", "Picking",
           "A player may steal the blind after the bury and play it alone.",
           choices=BOOL),
    Option("renege", "Renege", "Penalties",
           "Caught reneging: pay 8 to everyone, or the offender's side forfeits.",
           choices=tuple(Renege)),
    Option("called_ace_buried", "Called ace buried", "Penalties",
           "Picker buried the ace he called: pay the board, play alone, or redeal.",
           choices=tuple(CalledAceBuried), default=CalledAceBuried.PAY_THE_BOARD,
           applies=lambda r: r.get("partner") == Partner.CALLED_ACE),
    Option("leaster_needs_trick", "Leaster needs a trick", "Nobody picks",
           "A leaster is won only by a player who took at least one trick.",
           choices=BOOL, default=True, applies=_not_two_handed),
    Option("partner_spared_on_no_trick", "Partner spared on no trick", "Scoring",
           "When the picking side takes no trick the picker pays the partner's share too.",
           choices=BOOL),
    Option("max_multiplier", "Multiplier cap", "Scoring",
           "Cap on tier x multiplier (blank for no cap).", minimum=1,
           maximum=MAX_MULTIPLIER_CAP, nullable=True),
    Option("base", "Base", "Scoring",
           "Points in one unit of the payout ladder.", minimum=1, maximum=MAX_BASE),
    Option("no_pick_same_dealer", "Same dealer after a throw-in", "Nobody picks",
           "After a thrown-in hand the same dealer deals again.",
           choices=BOOL, default=False,
           applies=lambda r: r.get("nobody_picks") == NobodyPicks.NO_PICK),
    Option("no_trick_pick_points", "No-trick-pick points", "Penalties",
           "What a picker who took no trick pays each other player.", minimum=1,
           maximum=MAX_PENALTY, default=1, applies=lambda r: bool(r.get("no_trick_pick_penalty"))),
    Option("renege_points", "Renege points", "Penalties",
           "What the offender pays each other player when renege is a flat penalty.",
           minimum=1, maximum=MAX_PENALTY, default=8,
           applies=lambda r: r.get("renege") == Renege.PENALTY),
    Option("board_points", "Board points", "Penalties",
           "What a picker who buried the called ace pays each other player.", minimum=1,
           maximum=MAX_PENALTY, default=1,
           applies=lambda r: r.get("called_ace_buried") == CalledAceBuried.PAY_THE_BOARD),
    Option("penalties_doubled", "Penalties doubled", "Penalties",
           "Fixed penalties are doubled by pending doublers, and use them up.",
           choices=BOOL, default=False),
    Option("schwarz", "No trick means", "Scoring",
           "tricks: a side that took no trick; points: also a side with no card points.",
           choices=tuple(Schwarz), default=Schwarz.TRICKS),
    Option("bump_on_no_trick", "Bump on a no-trick loss", "Scoring",
           "Off: a picking side that took no trick loses at single stakes, not doubled.",
           choices=BOOL, default=True),
    Option("shares", "How the picking side splits", "Scoring",
           "picker-rest: each partner one share, the picker the rest; even: as evenly as "
           "possible, the picker taking any larger part.",
           choices=tuple(Shares), default=Shares.PICKER_REST),
    Option("cap", "What the cap caps", "Scoring",
           "total: tier x multiplier; stake: the multiplier alone, the tier on top.",
           choices=tuple(Cap), default=Cap.TOTAL),
    Option("smith_rule", "Smith rule", "Scoring",
           "A picker who took no trick himself gets nothing of a win (his partner gets it) "
           "and pays his partner's part of a loss.", choices=BOOL, default=False),
    Option("last_round_doubled", "Last round doubled", "Doublers",
           "The table may announce the last round: that hand and the next ones, one per "
           "seat, are doubled.", choices=BOOL, default=False),
    Option("leaster_second_winner", "Leaster second winner", "Nobody picks",
           "A leaster may name a second winner (a tie for fewest points): he collects one "
           "share, the winner the rest.", choices=BOOL, default=False),
    Option("makes_doubler", "Hands that make a doubler", "Doublers",
           "Which recorded hands double later hands: a throw-in, a misdeal, a 60-60 tie, "
           "a leaster, a schwanzer.", choices=tuple(Doubler), many=True,
           default=(Doubler.NO_PICK,)),
)

OPTION_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


#: Options added after the first release: rules frozen before them lack them.
LATER = ("no_trick_pick_points", "renege_points", "board_points", "penalties_doubled",
         "schwarz", "bump_on_no_trick", "shares", "cap", "smith_rule",
         "last_round_doubled", "leaster_second_winner", "makes_doubler")


def with_later_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each option added since it was frozen at its default
    (or None where it doesn't apply), as :func:`resolve` would have made it."""
    filled = dict(values)
    if "makes_doubler" not in filled:
        # Before the option, ``previous`` doublers counted a misdeal as well.
        filled["makes_doubler"] = (["no-pick", "misdeal"] if filled.get("doublers") == "previous"
                                   else ["no-pick"])
    for key in LATER:
        if key not in filled:
            option = OPTION_BY_KEY[key]
            filled[key] = plain(option.default) if option.applies(filled) else None
    return filled


def in_effect(rules: Rules) -> tuple[tuple[Option, OptionValue], ...]:
    """The options that apply to ``rules`` and change something there, with
    their values, in declaration order: what a Rules page lists."""
    values = rules.to_dict()
    return tuple((option, values[option.key]) for option in OPTIONS
                 if option.applies(values) and option.matters(values))


def find_option(key: str) -> Option:
    """The option called ``key``; a ValueError names the valid keys otherwise."""
    try:
        return OPTION_BY_KEY[key]
    except KeyError:
        raise ValueError(
            f"Unknown option {key!r}; the options are: {', '.join(OPTION_BY_KEY)}"
        ) from None
