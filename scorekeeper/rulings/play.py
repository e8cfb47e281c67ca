"""The rulings about play: cards, the deal, partners, picking, and what
happens when everybody passes.  Each function takes a table's
:class:`Rules` and returns the answer as plain text.
"""

from __future__ import annotations

from scorekeeper.rules import (
    CalledAceBuried,
    Doubler,
    Hand,
    JdInPickersHand,
    Kind,
    NobodyPicks,
    Partner,
    Rules,
    Tricks,
)
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rulings.text import (
    example,
    interpret,
    pay,
    points,
    pricing_note,
    say,
    signed,
    words,
)

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
                 if r.partner is Partner.JD_AND_DIE
                 else "The picker takes all four and buries four.")
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
    doubler = ("At this table a misdeal makes a doubler: a later hand is doubled."
               if Doubler.MISDEAL in r.makes_doubler else "It makes no doubler here.")
    return say("If the dealer errs (say, a card turns face up during the deal), collect, "
               "shuffle and deal again. Record a misdeal: nobody pays and the deal passes to "
               f"the left as after any hand. {doubler} If the same dealer should deal again, "
               "record the hand as void instead.")


def void(r: Rules) -> str:
    spotted = (", for instance a called ace played before its suit was led that nobody caught "
               "in time" if r.partner is Partner.CALLED_ACE else "")
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
    if r.called_ace_buried is CalledAceBuried.REDEAL:
        stays.append("a redeal for a buried called ace")
    if r.no_pick_same_dealer:
        stays.append("a thrown-in hand")
    passing = ("A thrown-in hand passes the deal like any other."
               if r.nobody_picks is NobodyPicks.NO_PICK and not r.no_pick_same_dealer else None)
    return say("The first player listed deals the first hand. After each hand the deal moves "
               f"one seat to the left, except after {' or '.join(stays)}, when the same "
               "dealer deals again.", passing, "The scorekeeper can always name the dealer.")


# --- partners, going alone, stealing --------------------------------------------------


def partner(r: Rules) -> str:
    no_ace, plain_jd = "Nobody calls an ace here.", "The J♦ is just another trump here."
    if r.partner is Partner.NONE:
        if r.seats == 2:
            return "Nobody: two-handed is one player against the other, with no blind."
        return (f"Nobody. The picker plays alone against the other {words(r.seats - 1)}, who "
                "play together. Nobody calls an ace, and the J♦ is just another trump.")
    if r.partner is Partner.CALLED_ACE:
        return say("After burying, the picker names a fail ace he doesn't hold (A♣, A♠ or "
                   "A♥); whoever has it is his partner. The partner keeps quiet: the table "
                   "finds out when the called suit is first led and the ace must come out.",
                   plain_jd)
    if r.partner is Partner.JACK_OF_DIAMONDS:
        return say("Whoever holds the J♦. Nobody announces it: the holder shows himself when "
                   "he plays the jack, which he may do on any trick where a trump is allowed.",
                   no_ace)
    if r.partner is Partner.JD_AND_RIGHT:
        return say("Two partners: whoever holds the J♦, and the player on the picker's right "
                   "(the seat before him). It is three against three.", no_ace)
    return say("Two partners: whoever holds the J♦, and a player chosen by a die. After taking "
               "two blind cards the picker rolls one die and counts that many seats clockwise "
               "from himself. It is three against four.", no_ace)


def partner_options(r: Rules) -> tuple[str, ...]:
    moot = ("called_ace_buried",) if r.partner is not Partner.CALLED_ACE else ()
    return ("partner", *moot, *(() if r.partner.by_jack else ("jd_in_pickers_hand",)))


def call_own_ace(r: Rules) -> str:
    return ("No. He calls a fail ace (A♣, A♠ or A♥) he doesn't hold, and whoever has it is "
            "his partner. He keeps a card of that suit to play when it is first led, unless "
            "every fail suit he holds has its ace: then he calls the ace of a suit he has no "
            "card of. If he holds all three fail aces he calls a ten instead. A picker who "
            "wants no partner says so and goes alone, rather than calling an ace of his own.")


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


def lay_down(r: Rules) -> str:
    alone = example(r, TOTAL_POINTS, Tricks.ALL, alone=True)
    together = (f"; with a partner, {example(r, TOTAL_POINTS, Tricks.ALL)}"
                if r.has_partner else "")
    return say("When a picker's hand can't lose, he may lay it down and show it instead of "
               "playing it out; if the others agree, the hand is over. Record it as a picked "
               "hand where the picking side took every trick, 120 points: it pays as a clean "
               f"sweep. Alone that is {alone}{together}. Any crack, blitz or doubler on the "
               "hand counts as usual. If anyone objects, play it out and record what happens.")


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
    also = [why for why, on in (("holds the J♦ himself", r.partner.by_jack),
                                ("steals the blind", r.steal_blind)) if on]
    return say(how, f"{factor}: a win with 75 pays {example(r, 75, alone=True)}; a loss with "
               f"45 costs {example(r, 45, alone=True)}.",
               f"The same price applies when he {' or '.join(also)}." if also else None,
               interpret("the rule books don't mention going alone with six or seven players; "
                         "the app allows it and prices it like any loner.")
               if r.seats in (6, 7) else None)


def picker_holds_jd(r: Rules) -> str:
    if r.jd_in_pickers_hand is JdInPickersHand.CALL_UP_JH:
        extra = {"jd-and-right": " (alongside the player on his right)",
                 "jd-and-die": " (alongside the player the die picks)"}.get(r.partner, "")
        return ("He calls up the J♥: whoever holds the jack of hearts is his partner in the "
                f"J♦'s place{extra}. Enter that player as the partner.")
    if r.partner is Partner.JACK_OF_DIAMONDS:
        return ("Then he has no partner and plays alone against the other "
                f"{words(r.seats - 1)}, even if he hoped for help; he needn't tell anyone. "
                "Enter him with no partner. It pays like any loner: a win with 75 is "
                f"{example(r, 75, alone=True)}.")
    who = "the player on his right" if r.partner is Partner.JD_AND_RIGHT else "the die's player"
    return say(f"Then {who} is his only partner and it is two against {words(r.seats - 2)}: a win "
               f"with 75 pays {example(r, 75, partners=1)}.", pricing_note(r))


def second_partner(r: Rules) -> str:
    who = "the player on his right" if r.partner is Partner.JD_AND_RIGHT else "the die's player"
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
    if r.nobody_picks is NobodyPicks.LEASTER:
        return ("The hand is played as a leaster: no picker, no partners, everyone for "
                "himself, and the fewest points win (see leasters). Record a leaster and name "
                "the winner. Nobody is ever forced to pick here.")
    if r.nobody_picks is NobodyPicks.SCHWANZER:
        one = pay(r, Hand(kind=Kind.SCHWANZER, losers=("p0",)))
        two = pay(r, Hand(kind=Kind.SCHWANZER, losers=("p0", "p1"))) if r.seats > 2 else one
        return say("The hand is played out with no picker, everyone for himself: a "
                   "schwanzer. Whoever takes the most trump points loses (or whoever is "
                   "caught holding back, a 'mauer'): each loser pays one share to every other "
                   f"player. One loser pays {signed(one['p0'])}; two tied losers pay "
                   f"{signed(two['p0'])} each while the others get {signed(two['p2'])}.",
                   "Record a schwanzer and tick who pays. It uses up a pending doubler like "
                   "any scored hand.")
    if r.nobody_picks is NobodyPicks.NO_PICK:
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
    second = None
    if r.leaster_second_winner and r.seats >= 3:
        tie = pay(r, Hand(kind=Kind.LEASTER, winner="p0", second_winner="p1"))
        second = (f"A tie for fewest points: name a second winner. He collects "
                  f"{points(tie['p1'])}, the others pay {points(-tie['p2'])} each and the "
                  f"winner collects the rest ({signed(tie['p0'])}).")
    return say("Everyone tries to take as few points as possible; the fewest wins.", trick,
               f"The winner collects {points(-won['p1'])} from each of the other "
               f"{r.seats - 1} ({signed(won['p0'])} in all); a doubled leaster pays him "
               f"{signed(doubled['p0'])}.", second, "What the table does with the blind "
               "doesn't change the scoring: the app only needs the winner.")
