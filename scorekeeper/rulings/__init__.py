"""Rulings: the questions players ask at the table, each answered for one
table's rules, and a search over them.

This module owns the list (ids, topics, titles, which options each ruling
follows, when it applies).  The answers about play are in
:mod:`scorekeeper.rulings.play`, the answers about money in
:mod:`scorekeeper.rulings.money`, their shared wording in
:mod:`scorekeeper.rulings.text`, and the payout chart as a page lays it out
in :mod:`scorekeeper.rulings.chart`, the search in :mod:`scorekeeper.rulings.search`
and the questions the rules leave to the table in
:mod:`scorekeeper.rulings.questions`.  Standard library and the rules engine only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.rules import NobodyPicks, Rules, find_option
from scorekeeper.rulings import money, penalties
from scorekeeper.rulings.play import (
    bury,
    call_a_king,
    call_a_ten,
    call_own_ace,
    called_ace_early,
    card_points,
    deal,
    deal_rotation,
    follow_suit,
    going_alone,
    hold_card,
    lay_down,
    leaster,
    misdeal,
    nobody_picks,
    partner,
    partner_options,
    picker_holds_jd,
    second_partner,
    sitting_out,
    steal_blind,
    trump_order,
    unknown_ace,
    void,
    who_picks,
)
from scorekeeper.rulings.questions import known
from scorekeeper.rulings.search import marks, mentioned, search, terms
from scorekeeper.rulings.text import INTERPRETATION, option_words
from scorekeeper.rulings.when import always as _always
from scorekeeper.rulings.when import blind as _blind
from scorekeeper.rulings.when import called as _called

__all__ = ["Answer", "Ruling", "ask", "by_topic", "follows", "marks", "rulings", "search"]


@dataclass(frozen=True)
class Ruling:
    """One question and its answer under a table's rules."""

    id: str
    topic: str
    title: str
    text: str
    options: tuple[str, ...]
    interpretation: bool


# --- the list ---------------------------------------------------------------------------

Applies = Callable[[Rules], bool]


@dataclass(frozen=True)
class _Spec:
    id: str
    topic: str
    title: str
    answer: Callable[[Rules], str]
    options: tuple[str, ...] | Callable[[Rules], tuple[str, ...]] = ()
    when: Applies = _always


def _jd(r: Rules) -> bool:
    return r.partner.by_jack


def _two_partners(r: Rules) -> bool:
    return r.partner.two_partners


CARDS, DEAL, PICKING, PARTNER = "Cards", "Seats and deal", "Picking", "Partner"
NOBODY, SCORING, DOUBLERS = "Nobody picks", "Scoring", "Doublers"
ANNOUNCEMENTS, PENALTIES = "Announcements", "Penalties"

_SPECS: tuple[_Spec, ...] = (
    _Spec("trump-order", CARDS, "Which cards are trump, and how do they rank?", trump_order,
          ("deck",)),
    _Spec("card-points", CARDS, "What is each card worth?", card_points, ("deck",)),
    _Spec("follow-suit", CARDS, "Do I have to follow suit?", follow_suit),
    _Spec("deal", DEAL, "How many cards does each player get?", deal, ("seats", "deck")),
    _Spec("misdeal", DEAL, "What happens after a misdeal?", misdeal, ("makes_doubler",)),
    _Spec("void", DEAL, "When is a hand thrown in without any penalty?", void),
    _Spec("sitting-out", DEAL, "What if more people want to play than there are seats?",
          sitting_out, ("seats",)),
    _Spec("deal-rotation", DEAL, "Who deals next?", deal_rotation, ("no_pick_same_dealer",)),
    _Spec("who-picks", PICKING, "Who gets to pick first?", who_picks, when=_blind),
    _Spec("bury", PICKING, "Do the buried cards count?", bury, ("seats", "deck"), _blind),
    _Spec("steal-blind", PICKING, "Can a player steal the blind?", steal_blind,
          ("steal_blind", "alone_factor")),
    _Spec("lay-down", PICKING, "What if the picker lays his hand down without playing it?",
          lay_down, ("ladder", "alone_factor"), _blind),
    _Spec("partner", PARTNER, "Who is the picker's partner?", partner, partner_options),
    _Spec("call-own-ace", PARTNER, "Can the picker call an ace he holds himself?",
          call_own_ace, ("partner",), _called),
    _Spec("hold-card", PARTNER, "What must the picker keep after calling an ace?", hold_card,
          ("partner",), _called),
    _Spec("unknown-ace", PARTNER, "What if every fail suit the picker holds has its ace?",
          unknown_ace, ("partner",), _called),
    _Spec("call-a-ten", PARTNER, "What if the picker holds all three fail aces?", call_a_ten,
          ("partner",), _called),
    _Spec("call-a-king", PARTNER, "What if he holds all three fail aces and all three tens?",
          call_a_king, ("partner",), _called),
    _Spec("called-ace-early", PARTNER, "What if the partner plays the called ace too early?",
          called_ace_early, ("partner",), _called),
    _Spec("picker-holds-jd", PARTNER, "What if the picker has the J♦, or finds it in the blind?",
          picker_holds_jd, ("partner", "jd_in_pickers_hand"), _jd),
    _Spec("second-partner", PARTNER, "What if one player is both partners?", second_partner,
          ("partner",), _two_partners),
    _Spec("going-alone", PARTNER, "Can the picker go alone, and what does it pay?", going_alone,
          ("partner", "alone_factor")),
    _Spec("nobody-picks", NOBODY, "What happens when everybody passes?", nobody_picks,
          ("nobody_picks", "leaster_needs_trick", "forced_loss_doubled",
           "leaster_second_winner")),
    _Spec("leaster", NOBODY, "How is a leaster won and paid?", leaster,
          ("leaster_needs_trick", "base", "leaster_second_winner"),
          lambda r: r.nobody_picks is NobodyPicks.LEASTER),
    _Spec("winning-line", SCORING, "How many points win, and who wins a 60-60 tie?",
          money.winning_line, ("round_of_doubles", "makes_doubler")),
    _Spec("schneider", SCORING, "What is schneider, and where exactly is the line?",
          money.schneider, ("schneider_line",)),
    _Spec("no-trick", SCORING, "What if a side takes no trick at all?", money.no_trick,
          ("ladder", "schwarz")),
    _Spec("ladder", SCORING, "What does each result pay?", money.ladder,
          ("ladder", "schneider_line", "bump", "base")),
    _Spec("bump", SCORING, "Does a losing picker pay more than a winner collects?",
          money.bump, ("bump", "bump_on_no_trick")),
    _Spec("shares", SCORING, "How is a hand split between picker, partner and defenders?",
          money.shares, ("seats", "partner", "shares")),
    _Spec("two-handed", SCORING, "How is two-handed scored?", money.two_handed, ("seats",),
          lambda r: r.seats == 2),
    _Spec("base", SCORING, "What is one point worth?", money.base, ("base",)),
    _Spec("multiplier-cap", SCORING, "Is there a limit on how big a hand can get?",
          money.multiplier_cap, ("max_multiplier", "cap")),
    _Spec("partner-spared", SCORING, "If the picking side takes no trick, does the partner pay?",
          money.partner_spared, ("partner_spared_on_no_trick",)),
    _Spec("other-payment", SCORING, "How do we record three kings, a side bet or a correction?",
          penalties.other_payment),
    _Spec("doublers", DOUBLERS, "What makes a hand a doubler, and what if there are several?",
          money.doublers, ("makes_doubler", "doublers", "nobody_picks", "penalties_doubled")),
    _Spec("round-of-doubles", DOUBLERS, "What is a round of doubles?", money.round_of_doubles,
          ("round_of_doubles", "doublers")),
    _Spec("last-round", DOUBLERS, "Is the last round doubled?", money.last_round,
          ("last_round_doubled", "doublers")),
    _Spec("cracks", ANNOUNCEMENTS, "Who can crack, and how far can it go?", penalties.cracks,
          ("max_cracks",)),
    _Spec("blitz", ANNOUNCEMENTS, "What is a blitz?", penalties.blitz, ("blitz",)),
    _Spec("cracked-schneider", ANNOUNCEMENTS,
          "Does a crack or a blitz double a schneider or no-trick hand too?",
          penalties.announcements_and_schneider,
          ("max_cracks", "blitz", "ladder", "max_multiplier", "cap"), _blind),
    _Spec("declared-doubler", ANNOUNCEMENTS, "Can the table declare a doubler?",
          penalties.declared_doubler, ("declared_doubler",)),
    _Spec("renege", PENALTIES, "What happens when someone reneges?", penalties.renege,
          ("renege", "renege_points", "penalties_doubled", "no_trick_pick_points",
           "board_points")),
    _Spec("jd-buried", PENALTIES, "What if the picker buries the J♦ without saying so?",
          penalties.jd_buried, ("renege", "renege_points"), _jd),
    _Spec("called-ace-buried", PENALTIES, "What if the picker buried the ace he called?",
          penalties.called_ace_buried, ("called_ace_buried", "board_points", "penalties_doubled"),
          _called),
    _Spec("no-trick-pick", PENALTIES, "What if the picker doesn't take a trick himself?",
          penalties.no_trick_pick, ("no_trick_pick_penalty", "no_trick_pick_points",
                                "penalties_doubled", "smith_rule")),
)


def rulings(rules: Rules) -> list[Ruling]:
    """Every ruling that applies to ``rules``, answered with this table's numbers.

    A ruling is flagged as an interpretation exactly when its answer states
    one (a sentence starting "Interpretation:"), so flag and text can't drift.
    """
    out = []
    for spec in _SPECS:
        if not spec.when(rules):
            continue
        text = spec.answer(rules)
        options = spec.options(rules) if callable(spec.options) else spec.options
        out.append(Ruling(spec.id, spec.topic, spec.title, text, options,
                          INTERPRETATION in text))
    return out


@dataclass(frozen=True)
class Answer:
    """What the rulings say to a question: the rulings that answer it, best
    first, and a sentence of their own when the question needs one (``said``);
    ``covered`` is False when the rules here don't cover what was asked."""

    found: list[Ruling]
    said: str = ""
    covered: bool = True


def ask(rules: Rules, query: str) -> Answer:
    """The answer to ``query`` under ``rules``: a question the rule books leave
    to the table is said so plainly (with the rulings nearest to it), and so is a
    question no ruling is about, instead of rulings that share a word with it."""
    every = rulings(rules)
    question = known(rules, query)
    if question is not None:
        by_id = {ruling.id: ruling for ruling in every}
        return Answer([by_id[i] for i in question.see if i in by_id], question.answer,
                      question.covered)
    found = search(every, query)
    if found or not terms(query):
        return Answer(found)
    asked = " ".join(query.split())
    if not mentioned(every, query):
        return Answer([], f"No ruling mentions “{asked}”: the rules here don't cover it.",
                      False)
    return Answer([], f"The rules here don't cover “{asked}”.", False)


def by_topic(found: list[Ruling]) -> list[tuple[str, list[Ruling]]]:
    """Rulings grouped by topic, topics in the order the rulings come in."""
    groups: dict[str, list[Ruling]] = {}
    for ruling in found:
        groups.setdefault(ruling.topic, []).append(ruling)
    return list(groups.items())


def follows(rules: Rules) -> Callable[[Ruling], list[tuple[str, str]]]:
    """For a page: (option label, this rule set's value) for each option a ruling follows."""
    values = rules.to_dict()

    def labels(ruling: Ruling) -> list[tuple[str, str]]:
        return [(find_option(key).label, option_words(key, values[key]))
                for key in ruling.options]

    return labels
