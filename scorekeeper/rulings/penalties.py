"""The rulings of announcements and penalties whose answers carry numbers
(cracks, blitzes, a declared doubler, other payments, reneges, a buried
card, a no-trick pick), each worked out by the engine for the table's own
rules as :mod:`.money`'s are.  A sentence that states the app's own
reading of an unsettled point starts with
:data:`~scorekeeper.rulings.text.INTERPRETATION`."""

from __future__ import annotations

from scorekeeper.rules import (
    CalledAceBuried,
    Cap,
    Hand,
    Kind,
    NobodyPicks,
    Renege,
    Rules,
    Tricks,
)
from scorekeeper.rulings.text import (
    Split,
    example,
    interpret,
    lines,
    partner_count,
    partner_seats,
    pay,
    points,
    say,
    signed,
    split_of,
)

# --- announcements and penalties -------------------------------------------------------


def cracks(r: Rules) -> str:
    if r.max_cracks == 0:
        return "Nobody cracks at this table: the stakes are set once the picker has buried."
    steps = ["After the pick and before the first card, a player who never got the chance "
             "to pick may crack, claiming he'd have done better: the stake doubles."]
    if r.max_cracks >= 2:
        steps.append("The picking side may answer with a re-crack, doubling it again (×4).")
    if r.max_cracks >= 3:
        steps.append("Then one of the other defenders may triple crack (×8).")
    return say(*steps, f"Enter how many cracks there were, up to {r.max_cracks}. A hand cracked "
               f"once and won with 75: {example(r, 75, cracks=1)}.")


def announcements_and_schneider(r: Rules) -> str:
    """How cracks and blitzes meet schneider and no-trick hands, in the engine's numbers."""
    if r.max_cracks == 0 and not r.blitz:
        return ("Nobody cracks or blitzes at this table, so schneider and no-trick hands pay "
                "just what the ladder says.")
    what = "crack" if r.max_cracks else "blitz"
    cracks, blitzes = (1, 0) if r.max_cracks else (0, 1)
    alone = not r.has_partner
    line = lines(r)[1]
    cap = (f" The cap still applies: tier × multiplier never goes above {r.max_multiplier}."
           if r.max_multiplier is not None and r.cap is Cap.TOTAL else
           f" The cap applies to the multiplier alone: never above {r.max_multiplier}, the "
           "tier on top." if r.max_multiplier is not None else "")
    fixed = (" A no-trick-pick penalty is a fixed amount on top and is never cracked."
             if r.no_trick_pick_penalty else "")
    return say(f"Yes. A {what} doubles everything the hand pays, the schneider and no-trick "
               "steps included: the announcements multiply the stake, the result picks the "
               f"step of the ladder, and the two multiply. Won with {line} (the defense "
               f"schneidered): {example(r, line, alone=alone)}; with a {what}: "
               f"{example(r, line, alone=alone, cracks=cracks, blitzes=blitzes)}. Lost "
               f"without a trick: {example(r, 0, Tricks.NONE, alone=alone)}; with a {what}: "
               f"{example(r, 0, Tricks.NONE, alone=alone, cracks=cracks, blitzes=blitzes)}."
               + cap + fixed)


def blitz(r: Rules) -> str:
    if not r.blitz:
        return "This table doesn't play blitzes: showing queens changes nothing."
    return say("Before picking, a player holding both black queens may show them and announce "
               "a blitz; both red queens make a red blitz. Each doubles the stake, so both on "
               "one hand is ×4, and a crack may be made as a blitz crack the same way. Enter "
               "how many blitzes (0 to 2). A blitzed hand won with 75: "
               f"{example(r, 75, blitzes=1)}.")


def declared_doubler(r: Rules) -> str:
    if not r.declared_doubler:
        return ("No: a hand is only doubled by the doubler rules (see doublers), never by "
                "declaring it.")
    leaster = None
    if r.nobody_picks is NobodyPicks.LEASTER:
        both = pay(r, Hand(kind=Kind.LEASTER, winner="p0", declared_doubler=True))
        leaster = (f"It doubles a leaster too: the winner of a declared leaster collects "
                   f"{signed(both['p0'])}.")
    return say("Yes. Before a hand is dealt the table may declare it a doubler (many tables "
               "do one a round); it is played at double stakes on top of anything else. Mark "
               f"'declared doubler' on that hand. Won with 75: "
               f"{example(r, 75, declared_doubler=True)}.", leaster)


def other_payment(r: Rules) -> str:
    each = tuple((f"p{i}", -1) for i in range(1, r.seats))
    kings = pay(r, Hand(kind=Kind.ADJUSTMENT, note="three kings",
                        payouts=(("p0", r.seats - 1), *each)))
    return say("Record 'Other payment…' for anything the rules here don't price: three kings "
               "shown, a pot, a side bet, a correction the table agreed. Enter what each "
               "player gets (a minus for who pays), whole points that add up to 0, and a note "
               "saying why. A player sitting out can be in it too.",
               f"Three kings, each other player paying 1: {signed(kings['p0'])} for the one "
               "who showed them.",
               "It neither makes nor uses a doubler, and the same dealer deals next.")


def renege(r: Rules) -> str:
    what = ("A renege is not following suit when you could have (trump counts as one suit). "
            "If it is caught the hand stops.")
    if r.renege.flat:
        paid = pay(r, Hand(kind=Kind.RENEGE, offender="p0"))
        amount = r.renege_penalty
        twice = pay(r, Hand(kind=Kind.RENEGE, offender="p0"), doubling=1)
        declared = (" So does a declared doubler: tick it on the renege."
                    if r.declared_doubler else "")
        doubled = (f"On a doubled hand it is doubled too: {signed(twice['p0'])} for him."
                   + declared if r.penalties_doubled else
                   interpret(f"the {amount} stays {amount} whatever the base and however the "
                             "hand was doubled; the rule book states it in points."))
        source = ("The penalty is the rule book's flat 8." if r.renege is Renege.PENALTY_8
                  else f"This table set the penalty at {points(amount)}.")
        return say(what, f"The offender pays {points(amount)} to each of the other "
                   f"{r.seats - 1} ({signed(paid['p0'])} for him); nothing else in the hand is "
                   "scored. Record a renege and name who did it.", source, doubled)
    k = partner_count(r)
    mates = partner_seats(r, k)

    def forfeit(offender: str) -> Split:
        hand = Hand(kind=Kind.RENEGE, offender=offender, picker="p0", partners=mates)
        return split_of(r, pay(r, hand), k)
    side = "The partner reneges" if mates else "The picker reneges"
    return say(what, "The offender's side forfeits: it loses at the smallest loss, with every "
               "multiplier the hand had (doubler, going alone, cracks, blitzes).",
               f"{side}: {forfeit(mates[0] if mates else 'p0')}. A defender reneges, so the "
               f"picking side wins the smallest win: {forfeit('p1')}.",
               "Record a renege with the offender, the picker"
               + (" and the partner." if mates else " and nobody else."),
               interpret("the sides are taken as they stood when the renege was caught"
                         + (", even if the partner wasn't known yet." if mates else ".")))


def jd_buried(r: Rules) -> str:
    cost = ("his side forfeits the hand at the smallest loss" if r.renege is Renege.FORFEIT
            else f"he pays {r.renege_penalty} to each other player")
    return say("He may bury it, but he has to say so; since he held it, the rule for a picker "
               "holding the J♦ applies. Burying it without a word counts as a renege by the "
               f"picker: {cost}. Record a renege with the picker as the offender.")


def no_trick_pick(r: Rules) -> str:
    smith = None
    if r.smith_rule and r.has_partner:
        won = example(r, 70, no_trick_pickers=("p0",))
        lost = example(r, 45, no_trick_pickers=("p0",))
        smith = ("The Smith rule: a picker who took no trick himself gets nothing of a win, "
                 "his partner takes his part, and on a loss he pays his partner's part too. "
                 f"Winning with 70 but no trick of his own: {won}. Losing with 45: {lost}.")
    elif r.smith_rule:
        smith = "The Smith rule changes nothing here: the picker has no partner to pass to."
    if not r.no_trick_pick_penalty:
        return say("No penalty: only his side's points count, not who took the tricks.",
                   smith, "Mark that he took no trick when you enter the hand."
                   if smith else None)
    shown = example(r, 70, no_trick_pickers=("p0",))
    amount = r.no_trick_points
    doubled = ("win or lose; on a doubled hand it is doubled too" if r.penalties_doubled
               else "win or lose, doubled or not")
    return say(f"He pays the no-trick-pick penalty: {points(amount)} to each of the other "
               f"{r.seats - 1}, on top of the hand's payout, {doubled}. His side wins with "
               f"70 but he took no trick himself: {shown}.", smith,
               "After a stolen blind both the thief and the player he robbed owe it."
               if r.steal_blind else None,
               interpret(f"the {amount} isn't multiplied by the base; the rule book names it "
                         "as a flat amount."))


def called_ace_buried(r: Rules) -> str:
    if r.called_ace_buried is CalledAceBuried.PLAY_ALONE:
        return say("The hand is played out with the picker alone, since nobody can hold the "
                   "buried ace. Record an ordinary picked hand with the picker alone; it pays "
                   f"like any loner: a win with 75 is {example(r, 75, alone=True)}.")
    if r.called_ace_buried is CalledAceBuried.REDEAL:
        return say("The cards are thrown in and the same dealer deals again: no penalty, no "
                   "doubler. Record 'called ace buried'; it counts like a void hand.")
    paid = pay(r, Hand(kind=Kind.CALLED_ACE_BURIED, picker="p0"))
    doublers = ("it makes no doubler, but uses up a pending one and is doubled by it"
                if r.penalties_doubled else "it neither makes nor uses a doubler")
    return say(f"The hand stops and the picker pays the board: {points(paid['p1'])} to each of "
               f"the other {r.seats - 1} ({signed(paid['p0'])} for him). Record 'called ace "
               f"buried'; {doublers}.",
               interpret("the rule book says one stake to each player; the app reads that as "
                         f"a flat {points(r.board)}, not multiplied by the base"
                         + ("." if r.penalties_doubled else " or by doublers.")))
