"""Rulings: the questions players ask at the table, each answered for one
table's rules, and a search over them.

This module owns the list (ids, topics, titles, which options each ruling
follows, when it applies).  The answers about play are in
:mod:`scorekeeper.rulings.play`, the answers about money in
:mod:`scorekeeper.rulings.money`, their shared wording in
:mod:`scorekeeper.rulings.text`, and the payout chart as a page lays it out
in :mod:`scorekeeper.rulings.chart`.  Standard library and the rules engine only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.rules import NobodyPicks, Partner, Rules, find_option
from scorekeeper.rulings import money
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
from scorekeeper.rulings.text import INTERPRETATION, option_words


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


def _always(r: Rules) -> bool:
    return True


@dataclass(frozen=True)
class _Spec:
    id: str
    topic: str
    title: str
    answer: Callable[[Rules], str]
    options: tuple[str, ...] | Callable[[Rules], tuple[str, ...]] = ()
    when: Applies = _always


def _blind(r: Rules) -> bool:
    return r.seats != 2


def _called(r: Rules) -> bool:
    return r.partner is Partner.CALLED_ACE


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
          money.other_payment),
    _Spec("doublers", DOUBLERS, "What makes a hand a doubler, and what if there are several?",
          money.doublers, ("makes_doubler", "doublers", "nobody_picks", "penalties_doubled")),
    _Spec("round-of-doubles", DOUBLERS, "What is a round of doubles?", money.round_of_doubles,
          ("round_of_doubles", "doublers")),
    _Spec("last-round", DOUBLERS, "Is the last round doubled?", money.last_round,
          ("last_round_doubled", "doublers")),
    _Spec("cracks", ANNOUNCEMENTS, "Who can crack, and how far can it go?", money.cracks,
          ("max_cracks",)),
    _Spec("blitz", ANNOUNCEMENTS, "What is a blitz?", money.blitz, ("blitz",)),
    _Spec("cracked-schneider", ANNOUNCEMENTS,
          "Does a crack or a blitz double a schneider or no-trick hand too?",
          money.announcements_and_schneider,
          ("max_cracks", "blitz", "ladder", "max_multiplier", "cap"), _blind),
    _Spec("declared-doubler", ANNOUNCEMENTS, "Can the table declare a doubler?",
          money.declared_doubler, ("declared_doubler",)),
    _Spec("renege", PENALTIES, "What happens when someone reneges?", money.renege,
          ("renege", "renege_points", "penalties_doubled", "no_trick_pick_points",
           "board_points")),
    _Spec("jd-buried", PENALTIES, "What if the picker buries the J♦ without saying so?",
          money.jd_buried, ("renege", "renege_points"), _jd),
    _Spec("called-ace-buried", PENALTIES, "What if the picker buried the ace he called?",
          money.called_ace_buried, ("called_ace_buried", "board_points", "penalties_doubled"),
          _called),
    _Spec("no-trick-pick", PENALTIES, "What if the picker doesn't take a trick himself?",
          money.no_trick_pick, ("no_trick_pick_penalty", "no_trick_pick_points",
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


def search(rulings: list[Ruling], query: str) -> list[Ruling]:
    """The rulings that answer ``query`` best first, as players ask it: in their own
    words ("all pass", "loner", "three aces"), with any word order and no need for
    every word to match.  Each word (stemmed, with its synonyms) scores where it is
    found: in the title most, then the option keys and topic, then the text; two
    words asked next to each other ("call an ace", "ace he holds") score again
    where they stand next to each other.  An empty query returns them all, in
    their order."""
    terms = _terms(query)
    if not terms:
        return list(rulings)
    scored = [(score, index, ruling) for index, ruling in enumerate(rulings)
              if (score := _score(ruling, terms)) > 0]
    if not scored:
        return []
    best = max(score for score, _, _ in scored)
    return [ruling for score, _, ruling in sorted(scored, key=lambda s: (-s[0], s[1]))
            if score * 3 >= best]


#: Words a question is made of that say nothing about which ruling it wants.
_STOP = frozenset(
    "a an the is are was be been do does did doing what who whom whose when where which why "
    "how if of to in on at for from by after before with without and or but so not no my his "
    "her he she it its i we you they them us me our your their can could should would will "
    "shall may might must has have had get gets got this that these those there here then "
    "than any some all one about into out up down happens happen mean means".split())

#: Players' phrases and words → the words the rulings use (applied before stemming).
_PHRASES = (
    ("all pass", "everybody passes nobody picks"),
    ("everyone passes", "everybody passes nobody picks"),
    ("no one picks", "nobody picks"), ("nobody picked", "nobody picks"),
    ("sits out", "sitting seats"), ("sit out", "sitting seats"),
    ("sitting out", "sitting seats"),
    ("no trick", "notrick"), ("no tricks", "notrick"), ("no-trick", "notrick"),
    ("three aces", "three fail aces"), ("all the aces", "three fail aces"),
    ("lay down", "lays down"), ("laydown", "lays down"),
)
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "loner": ("alone",), "lone": ("alone",), "solo": ("alone",), "alone": ("alone",),
    "schwarz": ("notrick",), "sweep": ("notrick", "every"),
    "knock": ("crack",), "recrack": ("crack",), "re-crack": ("crack",),
    "leasters": ("leaster",), "least": ("leaster",),
    "double": ("double", "doubler", "doubled"), "doubler": ("doubler", "double"),
    "doubled": ("double", "doubler"),
    "redeal": ("misdeal", "void", "redeal"), "misdeal": ("misdeal",),
    "jack": ("j♦", "jack"), "jd": ("j♦",), "diamonds": ("j♦", "diamond"),
    "sitting": ("sitting", "sit", "seat"), "seats": ("seat", "sit"),
    "money": ("stake", "cent", "money"), "pay": ("pay", "paid", "pays"),
    "points": ("point",), "dealer": ("dealer", "deal"),
    "players": ("player", "seat"), "six": ("six", "6"), "seven": ("seven", "7"),
    "five": ("five", "5"), "four": ("four", "4"), "three": ("three", "3"),
}
_TOKEN = re.compile(r"[\w♦♥♠♣-]+")


def _stem(word: str) -> str:
    """A word's rough stem: "passes" → "pass", "dealer's" → "dealer", "sitting" → "sit"."""
    word = word.removesuffix("'s").removesuffix("’s")
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[:-len(suffix)]
            if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "sl":
                word = word[:-1]
            return word
    if word.endswith("es") and word[-3:-2] in ("s", "x", "h") and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    return _TOKEN.findall(text.casefold())


def _terms(query: str) -> list[frozenset[str]]:
    """Each meaningful word of ``query`` as the set of stems that answer it."""
    text = " ".join(_words(query))
    for phrase, said in _PHRASES:
        text = re.sub(rf"\b{re.escape(phrase)}\b", said, text)
    terms = []
    for word in text.split():
        if word in _STOP:
            continue
        stems = {_stem(word), *(_stem(s) for s in _SYNONYMS.get(word, ()))}
        terms.append(frozenset(stems))
    return terms


def marks(text: str, query: str) -> list[tuple[int, int]]:
    """Where ``text`` has a word the search for ``query`` used: (start, end) of
    each whole word whose stem it looked for, for a page to highlight.  Words
    the search leaves out ("a", "the", "he") are never marked, nor a word
    inside another ("hand" holds no "a")."""
    stems = frozenset().union(*_terms(query))
    return [(found.start(), found.end()) for found in _TOKEN.finditer(text)
            if _stem(found.group().casefold()) in stems]


def _meaningful(text: str) -> list[str]:
    """The stems of ``text``'s words in order, without the words a search leaves out."""
    return [_stem(w) for w in _words(text) if w not in _STOP]


def _side_by_side(first: frozenset[str], second: frozenset[str], said: list[str]) -> bool:
    return any(a in first and b in second for a, b in zip(said, said[1:], strict=False))


def _score(ruling: Ruling, terms: list[frozenset[str]]) -> int:
    title = _meaningful(ruling.title)
    keys = {_stem(w) for w in _words(" ".join((ruling.topic, *ruling.options)))}
    text = _meaningful(ruling.text)
    score = 0
    for stems in terms:
        score += 3 if stems.intersection(title) else 2 if stems & keys else \
            1 if stems.intersection(text) else 0
    if score == 0:
        return 0
    for first, second in zip(terms, terms[1:], strict=False):  # words asked side by side
        score += 2 if _side_by_side(first, second, title) else \
            1 if _side_by_side(first, second, text) else 0
    return score


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
