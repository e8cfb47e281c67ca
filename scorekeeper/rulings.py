"""Rulings: the questions players ask at the table, each answered for one
table's rules, and a search over them.

This module owns the list of rulings (ids, topics, titles, which options each
follows) and the answers about play: cards, the deal, partners, picking and
what happens when everybody passes.  The answers about money (scoring,
doublers, announcements, penalties) are in :mod:`scorekeeper.rulings_text`.
Standard library and the rules engine only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper import rulings_text as money
from scorekeeper.rules import Hand, Kind, Rules
from scorekeeper.rulings_text import (
    INTERPRETATION,
    JD_METHODS,
    example,
    interpret,
    pay,
    points,
    pricing_note,
    say,
    signed,
    words,
)


@dataclass(frozen=True)
class Ruling:
    """One question and its answer under a table's rules."""

    id: str
    topic: str
    title: str
    text: str
    options: tuple[str, ...]
    interpretation: bool


# --- cards and the deal ----------------------------------------------------------


def trump_order(r: Rules) -> str:
    rest = "A fail card takes a trick only when its own suit was led and nobody trumped."
    if r.deck == 26:
        return say("This table plays with 26 cards: ace, ten, king, queen, jack and nine of "
                   "every suit, plus the 8♦ and 7♦. Fourteen are trump: the four queens, the "
                   "four jacks and the six diamonds left. The 7♦ is the second-best card, "
                   "right under the Q♣. Trump from the top: Q♣ 7♦ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, "
                   "A♦ 10♦ K♦ 9♦ 8♦. Clubs, spades and hearts are fail suits of four cards, "
                   "ranked A 10 K 9.", rest)
    return say("This table plays with 32 cards, seven through ace in each suit. Fourteen are "
               "trump: the four queens, the four jacks and every diamond. Trump from the top: "
               "Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦. Clubs, spades and hearts are "
               "fail suits of six cards, ranked A 10 K 9 8 7 (the ten outranks the king).", rest)


def card_points(r: Rules) -> str:
    blank = "nines, the 8♦ and the 7♦" if r.deck == 26 else "nines, eights and sevens"
    return (f"Ace 11, ten 10, king 4, queen 3, jack 2; {blank} count nothing. The deck holds "
            "120 points, and the picking side's count includes the cards it buried.")


def follow_suit(r: Rules) -> str:
    return ("Yes, if you can. Trump is one suit: when trump is led you must play trump if you "
            "hold any, and when a fail suit is led you must follow it even if you would rather "
            "trump. Only a player who can't follow may play anything. The highest trump takes "
            "the trick; with no trump in it, the highest card of the suit led. The player on "
            "the dealer's left leads first, then whoever took the last trick. Not following "
            "when you could is a renege.")


def deal(r: Rules) -> str:
    if r.seats == 2:
        return ("There is no blind. Each player gets 16 cards: four to hold, and twelve laid "
                "out in front of him as four piles of three, only the top card face up. You "
                "may play from your hand or from a face-up card; when a pile's top card is "
                "played, turn up the one under it.")
    blind = r.bury_size
    each = (r.deck - blind) // r.seats
    seven = None
    if r.seats == 7:
        seven = ("The picker takes two of the four blind cards and rolls a die; the player it "
                 "picks takes the other two, and each of them buries two."
                 if r.partner == "jd-and-die" else "The picker takes all four and buries four.")
    return say(f"Each of the {r.seats} players gets {each} cards and {blind} go face down in "
               "the middle as the blind. Deal a few at a time and lay the blind aside between "
               "rounds, never from the bottom of the deck; the player on the dealer's right "
               "cuts.", seven)


def bury(r: Rules) -> str:
    return (f"The picker takes the blind into his hand and lays {r.bury_size} cards away face "
            "down; they may include cards from the blind, and nobody sees them. The buried "
            "cards count for the picking side at the end, so the points you enter include "
            "them.")


def who_picks(r: Rules) -> str:
    return ("The player on the dealer's left is asked first, then each player clockwise, the "
            "dealer last. Pick up the blind and you are the picker: you can't hand it back. "
            "Pass and the next player may pick.")


def misdeal(r: Rules) -> str:
    doubler = ("At this table the next hand is then a doubler." if r.doublers == "previous"
               else "It makes no doubler here.")
    return say("If the dealer errs (say, a card turns face up during the deal), collect, "
               "shuffle and deal again. Record a misdeal: nobody pays and the deal passes to "
               f"the left as after any hand. {doubler} If the same dealer should deal again, "
               "record the hand as void instead.")


def void(r: Rules) -> str:
    spotted = (", for instance a called ace played before its suit was led that nobody caught "
               "in time" if r.partner == "called-ace" else "")
    return (f"When the table agrees a hand can't be scored fairly{spotted}. Record it as void: "
            "nobody pays, it neither makes nor uses a doubler, and the same dealer deals "
            "again.")


def sitting_out(r: Rules) -> str:
    return say(f"Each hand is played by {r.seats}. With more at the table the dealer sits "
               "out; if more must sit out, so does the player on the dealer's right, then the "
               "next one to the right, and so on. Whoever sits out scores 0 for the hand, and "
               "the scorekeeper may name who plays instead.",
               f"A round of doubles still counts {r.seats} hands." if r.round_of_doubles else None)


def deal_rotation(r: Rules) -> str:
    stays = ["a void hand"]
    if r.called_ace_buried == "redeal":
        stays.append("a redeal for a buried called ace")
    if r.no_pick_same_dealer:
        stays.append("a thrown-in hand")
    passing = ("A thrown-in hand passes the deal like any other."
               if r.nobody_picks == "no-pick" and not r.no_pick_same_dealer else None)
    return say("The first player listed deals the first hand. After each hand the deal moves "
               f"one seat to the left, except after {' or '.join(stays)}, when the same "
               "dealer deals again.", passing, "The scorekeeper can always name the dealer.")


# --- partners, going alone, stealing --------------------------------------------------


def partner(r: Rules) -> str:
    no_ace, plain_jd = "Nobody calls an ace here.", "The J♦ is just another trump here."
    if r.partner == "none":
        if r.seats == 2:
            return "Nobody: two-handed is one player against the other, with no blind."
        return (f"Nobody. The picker plays alone against the other {words(r.seats - 1)}, who "
                "play together. Nobody calls an ace, and the J♦ is just another trump.")
    if r.partner == "called-ace":
        return say("After burying, the picker names a fail ace he doesn't hold (A♣, A♠ or "
                   "A♥); whoever has it is his partner. The partner keeps quiet: the table "
                   "finds out when the called suit is first led and the ace must come out.",
                   plain_jd)
    if r.partner == "jack-of-diamonds":
        return say("Whoever holds the J♦. Nobody announces it: the holder shows himself when "
                   "he plays the jack, which he may do on any trick where a trump is allowed.",
                   no_ace)
    if r.partner == "jd-and-right":
        return say("Two partners: whoever holds the J♦, and the player on the picker's right "
                   "(the seat before him). It is three against three.", no_ace)
    return say("Two partners: whoever holds the J♦, and a player chosen by a die. After taking "
               "two blind cards the picker rolls one die and counts that many seats clockwise "
               "from himself. It is three against four.", no_ace)


def _partner_options(r: Rules) -> tuple[str, ...]:
    moot = ("called_ace_buried",) if r.partner != "called-ace" else ()
    return ("partner", *moot, *(() if r.partner in JD_METHODS else ("jd_in_pickers_hand",)))


def hold_card(r: Rules) -> str:
    return ("At least one card of the called suit, the hold card, kept until that suit is "
            "first led; then he must play it, and the partner must play the called ace, which "
            "shows everyone who the partner is. Either of them may lead the suit. If nobody "
            "leads it, both cards come out on the last trick.")


def unknown_ace(r: Rules) -> str:
    return ("If he holds even one fail card of a suit whose ace he lacks, he must call that "
            "ace. If not, he calls the ace of a suit he has no card of, 'unknown', and lays one "
            "card from his hand face down as his under card. The first time the called suit is "
            "led he plays that card face down: it can't win, and only the player who takes the "
            "trick looks at it. Scoring is unchanged: enter the partner as usual.")


def call_a_ten(r: Rules) -> str:
    return ("He calls a fail ten instead and keeps the ace of that suit. When the suit is first "
            "led he plays the ace and the partner plays the ten; if nobody trumps, the ten "
            "takes the trick by agreement and the partner leads next.")


def call_a_king(r: Rules) -> str:
    return ("It almost never happens, but he calls a fail king. He plays that suit's ace when "
            "the suit is first led and the partner plays the king; if nobody trumps, the king "
            "takes the trick, just like a called ten.")


def called_ace_early(r: Rules) -> str:
    return ("If someone catches it at once, the partner takes it back and plays another card. "
            "If nobody notices and play goes on, the whole table missed it: throw the hand in "
            "and record it as void, with no payouts and no doubler.")


def going_alone(r: Rules) -> str:
    if not r.has_partner:
        what = ("There is no partner to go without." if r.seats == 2 else
                "Here the picker always plays alone, so it is no choice and costs nothing "
                "extra.")
        return say(what, f"A win with 75 pays him {signed(example(r, 75).picker)}.",
                   interpret(f"the alone factor (×{r.alone_factor} in this table's settings) "
                             "is for tables where the picker could have had a partner; the "
                             "app doesn't apply it when everyone plays alone."))
    how = {
        "called-ace": "Yes. Instead of calling an ace the picker may play alone against all "
                      f"{words(r.seats - 1)}: on the lead he just buries and leads, otherwise "
                      "he says so before the first card is played.",
        "jack-of-diamonds": "Yes. The picker may throw off the J♦ holder and play alone; he "
                            "must say so before the first card is played, and the J♦ holder "
                            "then plays with the defense.",
    }.get(r.partner, "Yes: before the first card he may announce that he plays alone, and "
                     "both would-be partners join the defense.")
    factor = (f"Playing alone multiplies the stake by {r.alone_factor}" if r.alone_factor > 1
              else "Playing alone doesn't multiply the stake here, but the loner settles with "
                   "every defender himself")
    also = [why for why, on in (("holds the J♦ himself", r.partner in JD_METHODS),
                                ("steals the blind", r.steal_blind)) if on]
    return say(how, f"{factor}: a win with 75 pays {example(r, 75, alone=True)}; a loss with "
               f"45 costs {example(r, 45, alone=True)}.",
               f"The same price applies when he {' or '.join(also)}." if also else None,
               interpret("the rule books don't mention going alone with six or seven players; "
                         "the app allows it and prices it like any loner.")
               if r.seats in (6, 7) else None)


def picker_holds_jd(r: Rules) -> str:
    if r.jd_in_pickers_hand == "call-up-jh":
        extra = {"jd-and-right": " (alongside the player on his right)",
                 "jd-and-die": " (alongside the player the die picks)"}.get(r.partner, "")
        return ("He calls up the J♥: whoever holds the jack of hearts is his partner in the "
                f"J♦'s place{extra}. Enter that player as the partner.")
    if r.partner == "jack-of-diamonds":
        return ("Then he has no partner and plays alone against the other "
                f"{words(r.seats - 1)}, even if he hoped for help; he needn't tell anyone. "
                "Enter him with no partner. It pays like any loner: a win with 75 is "
                f"{example(r, 75, alone=True)}.")
    who = "the player on his right" if r.partner == "jd-and-right" else "the die's player"
    return say(f"Then {who} is his only partner and it is two against {words(r.seats - 2)}: a win "
               f"with 75 pays {example(r, 75, partners=1)}.", pricing_note(r))


def second_partner(r: Rules) -> str:
    who = "the player on his right" if r.partner == "jd-and-right" else "the die's player"
    return say("Then that one player is the only partner, and it is two against "
               f"{words(r.seats - 2)}. A win with 75 pays {example(r, 75, partners=1)}; with two "
               f"partners ({who} and a different J♦ holder) it pays {example(r, 75)}.",
               pricing_note(r))


def steal_blind(r: Rules) -> str:
    if r.seats == 2:
        return "There is no blind to steal in two-handed."
    if not r.steal_blind:
        return "No. Once someone picks up the blind it is his."
    return say("Yes. After the picker has buried and before the first card is played, a "
               "player who never got his turn to pick may steal the blind and play alone "
               "against everyone, the first picker included. The thief takes the buried "
               "cards unseen; they count for him at the end. Nobody can steal it back.",
               "Record the thief as the picker and say whom he stole from. He never has a "
               "partner and is paid like a loner: a win with 75 is "
               f"{example(r, 75, alone=True)}.",
               "Both the thief and the player he robbed owe the no-trick-pick penalty if they "
               "take no trick." if r.no_trick_pick_penalty else None)


# --- nobody picks ---------------------------------------------------------------------


def nobody_picks(r: Rules) -> str:
    if r.nobody_picks is None:
        return "Nobody passes in two-handed: there is no blind, and every hand is played out."
    if r.nobody_picks == "leaster":
        return ("The hand is played as a leaster: no picker, no partners, everyone for "
                "himself, and the fewest points win (see leasters). Record a leaster and name "
                "the winner. Nobody is ever forced to pick here.")
    if r.nobody_picks == "no-pick":
        dealer = "the same dealer" if r.no_pick_same_dealer else "the next dealer"
        return (f"The cards are thrown in and {dealer} deals again. Nobody pays, but the "
                "throw-in makes a later hand a doubler (see doublers). Record a no-pick. There "
                "are no leasters here and nobody is forced to pick.")
    forced = example(r, 45, forced=True)
    loss = (f"If his side loses he pays the bump like any picker: a loss with 45 is {forced}."
            if r.forced_loss_doubled else
            "As a small mercy a forced picker who loses pays without the bump: a loss with 45 "
            f"is {forced} (a picker by choice: {example(r, 45)}).")
    return say("The dealer has to pick, whatever his hand; there are no leasters here. Record "
               "a picked hand and mark it forced.", loss)


def leaster(r: Rules) -> str:
    won = pay(r, Hand(kind=Kind.LEASTER, winner="p0"))
    doubled = pay(r, Hand(kind=Kind.LEASTER, winner="p0"), 1)
    trick = ("But only a player who took at least one trick can win: ducking every trick "
             "isn't enough, so the winner is the lowest among those who took a trick."
             if r.leaster_needs_trick else
             "A player who takes no trick at all has 0 points and wins.")
    return say("Everyone tries to take as few points as possible; the fewest wins.", trick,
               f"The winner collects {points(-won['p1'])} from each of the other "
               f"{r.seats - 1} ({signed(won['p0'])} in all); a doubled leaster pays him "
               f"{signed(doubled['p0'])}. What the table does with the blind doesn't change "
               "the scoring: the app only needs the winner.")


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
    return r.partner == "called-ace"


def _jd(r: Rules) -> bool:
    return r.partner in JD_METHODS


def _two_partners(r: Rules) -> bool:
    return r.partner in ("jd-and-right", "jd-and-die")


CARDS, DEAL, PICKING, PARTNER = "Cards", "Seats and deal", "Picking", "Partner"
NOBODY, SCORING, DOUBLERS = "Nobody picks", "Scoring", "Doublers"
ANNOUNCEMENTS, PENALTIES = "Announcements", "Penalties"

_SPECS: tuple[_Spec, ...] = (
    _Spec("trump-order", CARDS, "Which cards are trump, and how do they rank?", trump_order,
          ("deck",)),
    _Spec("card-points", CARDS, "What is each card worth?", card_points, ("deck",)),
    _Spec("follow-suit", CARDS, "Do I have to follow suit?", follow_suit),
    _Spec("deal", DEAL, "How many cards does each player get?", deal, ("seats", "deck")),
    _Spec("misdeal", DEAL, "What happens after a misdeal?", misdeal, ("doublers",)),
    _Spec("void", DEAL, "When is a hand thrown in without any penalty?", void),
    _Spec("sitting-out", DEAL, "What if more people want to play than there are seats?",
          sitting_out, ("seats",)),
    _Spec("deal-rotation", DEAL, "Who deals next?", deal_rotation, ("no_pick_same_dealer",)),
    _Spec("who-picks", PICKING, "Who gets to pick first?", who_picks, when=_blind),
    _Spec("bury", PICKING, "Do the buried cards count?", bury, ("seats", "deck"), _blind),
    _Spec("steal-blind", PICKING, "Can a player steal the blind?", steal_blind,
          ("steal_blind", "alone_factor")),
    _Spec("partner", PARTNER, "Who is the picker's partner?", partner, _partner_options),
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
          ("nobody_picks", "leaster_needs_trick", "forced_loss_doubled")),
    _Spec("leaster", NOBODY, "How is a leaster won and paid?", leaster,
          ("leaster_needs_trick", "base"), lambda r: r.nobody_picks == "leaster"),
    _Spec("winning-line", SCORING, "How many points win, and who wins a 60-60 tie?",
          money.winning_line, ("round_of_doubles",)),
    _Spec("schneider", SCORING, "What is schneider, and where exactly is the line?",
          money.schneider, ("schneider_line",)),
    _Spec("no-trick", SCORING, "What if a side takes no trick at all?", money.no_trick,
          ("ladder",)),
    _Spec("ladder", SCORING, "What does each result pay?", money.ladder,
          ("ladder", "schneider_line", "bump", "base")),
    _Spec("bump", SCORING, "Does a losing picker pay more than a winner collects?",
          money.bump, ("bump",)),
    _Spec("shares", SCORING, "How is a hand split between picker, partner and defenders?",
          money.shares, ("seats", "partner")),
    _Spec("two-handed", SCORING, "How is two-handed scored?", money.two_handed, ("seats",),
          lambda r: r.seats == 2),
    _Spec("base", SCORING, "What is one point worth?", money.base, ("base",)),
    _Spec("multiplier-cap", SCORING, "Is there a limit on how big a hand can get?",
          money.multiplier_cap, ("max_multiplier",)),
    _Spec("partner-spared", SCORING, "If the picking side takes no trick, does the partner pay?",
          money.partner_spared, ("partner_spared_on_no_trick",)),
    _Spec("doublers", DOUBLERS, "What makes a hand a doubler, and what if there are several?",
          money.doublers, ("doublers", "nobody_picks")),
    _Spec("round-of-doubles", DOUBLERS, "What is a round of doubles?", money.round_of_doubles,
          ("round_of_doubles", "doublers")),
    _Spec("cracks", ANNOUNCEMENTS, "Who can crack, and how far can it go?", money.cracks,
          ("max_cracks",)),
    _Spec("blitz", ANNOUNCEMENTS, "What is a blitz?", money.blitz, ("blitz",)),
    _Spec("declared-doubler", ANNOUNCEMENTS, "Can the table declare a doubler?",
          money.declared_doubler, ("declared_doubler",)),
    _Spec("renege", PENALTIES, "What happens when someone reneges?", money.renege, ("renege",)),
    _Spec("jd-buried", PENALTIES, "What if the picker buries the J♦ without saying so?",
          money.jd_buried, ("renege",), _jd),
    _Spec("called-ace-buried", PENALTIES, "What if the picker buried the ace he called?",
          money.called_ace_buried, ("called_ace_buried",), _called),
    _Spec("no-trick-pick", PENALTIES, "What if the picker doesn't take a trick himself?",
          money.no_trick_pick, ("no_trick_pick_penalty",)),
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
    """The rulings containing every word of ``query`` (case-insensitive) in their
    title, text, topic or option keys; an empty query returns them all."""
    words = query.casefold().split()
    return [r for r in rulings if all(word in _haystack(r) for word in words)]


def _haystack(ruling: Ruling) -> str:
    return " ".join((ruling.title, ruling.text, ruling.topic, *ruling.options)).casefold()
