"""The rulings whose answers carry numbers: scoring, doublers, announcements,
penalties and prices.  Every number is computed by the engine (``score``,
``outcome``, ``payout_chart``) for the table's own rules, so a ruling can
never disagree with what the scorekeeper pays out.

Each function takes a table's :class:`Rules` and returns the answer as plain
text.  A sentence that states the app's own reading of an unsettled point
starts with :data:`~scorekeeper.rulings.text.INTERPRETATION`.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.rules import (
    CalledAceBuried,
    Cap,
    Doubler,
    Doublers,
    Hand,
    Ladder,
    NobodyPicks,
    Rules,
    Schwarz,
    Shares,
    Tricks,
    payout_chart,
    replay,
)
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.words import DOUBLER_WORDS
from scorekeeper.rulings.text import (
    chart_split,
    example,
    interpret,
    lines,
    partner_count,
    partner_seats,
    pay,
    points,
    pricing_note,
    say,
    signed,
    words,
)

# --- scoring -----------------------------------------------------------------


def winning_line(r: Rules) -> str:
    lose = example(r, 60)
    rounds = (f"A 60-60 hand also starts a round of doubles: the next {r.seats} hands are "
              "doubled." if r.round_of_doubles else None)
    if Doubler.TIE in r.makes_doubler:
        rounds = say(rounds, "A 60-60 hand also makes a doubler here: a later hand is "
                     "doubled (see doublers).")
    if r.seats == 2:
        return say("Whoever takes 61 of the 120 points wins the hand. A 60-60 tie pays "
                   "nothing.", rounds, pricing_note(r))
    return say("The picking side needs 61 of the 120 points, counting what it buried.",
               f"A 60-60 tie goes to the defense: the picking side has lost and pays as for "
               f"any loss ({lose}).", rounds)


def schneider(r: Rules) -> str:
    lost, won = lines(r)
    where = {"at-30": "the picking side must get past 30 while the defense only needs 30",
             "under-30": "either side is schneidered below 30",
             "31-both": "both sides need 31"}[r.schneider_line]
    return say("A side that ends with too few points is schneidered, and the hand pays more "
               f"(see the ladder). At this table {where}.",
               f"The picking side is schneidered with {lost} or fewer points (it needs "
               f"{lost + 1} to get out). The defense is schneidered with {120 - won} or fewer, "
               f"that is when the picking side takes {won} or more.",
               "A side that took no trick at all is schneidered too.")


def no_trick(r: Rules) -> str:
    step = ("the third step of the ladder, 3 units instead of 1"
            if r.ladder is Ladder.ADDITIVE else
            "the stake doubles for schneider and doubles again for no trick, ×4 in all")
    bury = 11 * r.bury_size
    have = (f"A picking side that took no trick has only its bury, at most {bury} points here. "
            "A defense that took no trick means the picking side has all 120." if bury else
            "A player who took no trick has 0 points and the other has all 120.")
    counts = ("A trick with no points in it still counts as a trick."
              if r.schwarz is Schwarz.TRICKS else
              "At this table a side with no card points counts as having taken no trick, "
              f"even if it took an empty trick: losing with 0 points is "
              f"{example(r, 0, Tricks.SOME)}.")
    return say(f"That is the worst result, {step}. Mark 'no trick' or 'all tricks' when you "
               "enter the hand.", counts, have,
               f"A picking side that loses without a trick: {example(r, 0, Tricks.NONE)}.")


def ladder(r: Rules) -> str:
    lost, won = lines(r)
    labels = {"win-all-tricks": "won every trick", "win-schneider": f"won with {won} or more",
              "win": f"won with 61 to {won - 1}", "lose": f"lost with {lost + 1} to 60",
              "lose-schneider": f"lost with {lost} or less",
              "lose-no-trick": "lost without a trick"}
    chart = payout_chart(r)
    kind = ("the additive ladder: 1 unit for a plain result, 2 for schneider, 3 for no trick"
            if r.ladder is Ladder.ADDITIVE else
            "the doubling ladder: ×2 for schneider and another ×2 for no trick")
    tables = []
    if chart.rows[0].with_partner is not None:
        rows = "; ".join(f"{labels[row.key]}: {chart_split(r, row.with_partner, chart.partners)}"
                         for row in chart.rows if row.with_partner is not None)
        tables.append(f"With a partner: {rows}.")
    rows = "; ".join(f"{labels[row.key]}: {chart_split(r, row.alone, 0)}" for row in chart.rows)
    alone = ("Alone" if r.has_partner else
             "One player against the other" if r.seats == 2 else "The picker against the rest")
    tables.append(f"{alone}: {rows}.")
    loss = ("twice what the same win collects" if r.bump == 2 else
            "the same as the same win collects")
    return say(f"This table pays on {kind}. One unit is {points(r.base)}, and a loss costs "
               f"{loss}.", *tables, pricing_note(r))


def bump(r: Rules) -> str:
    win, lose = example(r, 75), example(r, 45)
    head = ("Yes: a loss is paid double, 'on the bump'." if r.bump == 2 else
            "No: a loss costs exactly what the same win would have collected.")
    no_trick = None
    if r.bump != 1:
        no_trick = (f"A loss without a trick is bumped too: {example(r, 0, Tricks.NONE)}."
                    if r.bump_on_no_trick else
                    "Except a loss without a trick: this table doesn't bump it, "
                    f"{example(r, 0, Tricks.NONE)}.")
    return say(head, f"Winning with 75: {win}. Losing with 45: {lose}.", no_trick)


def shares(r: Rules) -> str:
    k = partner_count(r)
    d = r.seats - 1 - k
    if r.seats == 2:
        body = "The loser pays the winner one share."
    elif k == 0:
        body = (f"The picker plays against {words(d)}: on a win each of them pays him one "
                "share, on a loss he pays each of them.")
    else:
        mates = "each partner collects one" if k > 1 else "the partner collects one"
        if r.shares is Shares.EVEN:
            won = example(r, 75)
            body = (f"On a win each of the {d} defenders pays one share, and the picking side "
                    "splits what it collects as evenly as whole points allow, the picker "
                    f"taking any larger part: winning with 75 is {won}. A loss turns every "
                    "sign around and multiplies by the bump.")
        else:
            body = (f"On a win each of the {d} defenders pays one share and {mates}; the "
                    f"picker takes what is left, {d - k} share{'s' if d - k != 1 else ''} "
                    "here. A loss turns every sign around and multiplies by the bump.")
    return say("Every hand adds up to zero: what one side wins the other pays.", body,
               pricing_note(r))


def two_handed(r: Rules) -> str:
    chart = {row.key: chart_split(r, row.alone, 0) for row in payout_chart(r).rows}
    return say("Nobody picks, so enter each hand as picked with either player as the picker "
               "and that player's points.",
               f"The one under 61 pays: a loss with 45 is {signed(chart['lose'].picker)}, "
               f"a schneidered loss {signed(chart['lose-schneider'].picker)}, a loss without a "
               f"trick {signed(chart['lose-no-trick'].picker)}. A 60-60 tie pays nothing.",
               pricing_note(r))


def base(r: Rules) -> str:
    fixed = [name for name, on in (
        (f"the renege penalty of {r.renege_penalty}", r.renege.flat),
        (f"the no-trick-pick penalty of {r.no_trick_points}", r.no_trick_pick_penalty),
        ("paying the board for a buried called ace",
         r.called_ace_buried is CalledAceBuried.PAY_THE_BOARD),
    ) if on]
    note = interpret(f"the fixed penalties here ({', '.join(fixed)}) stay the same whatever "
                     "the base; the rule books name them in points, so the app doesn't "
                     "multiply them.") if fixed else None
    return say(f"One unit of the ladder is {points(r.base)} here, and every payout in these "
               "rulings already counts it. Money is points times the table's stake, settled "
               "at the end of the night.", note)


def _big(r: Rules) -> Hand:
    return Hand(picker="p0", alone=r.has_partner, points=TOTAL_POINTS, tricks=Tricks.ALL,
                cracks=r.max_cracks)


def multiplier_cap(r: Rules) -> str:
    uncapped = pay(replace(r, max_multiplier=None), _big(r), 1)["p0"]
    cracked = (f", cracked {r.max_cracks} time{'s' if r.max_cracks > 1 else ''},"
               if r.max_cracks else "")
    what = f"a doubled hand{cracked} where the picker, alone, takes every trick"
    if r.max_multiplier is None:
        return say("No. Doublers, cracks, blitzes and going alone keep multiplying: "
                   f"{what} would collect {signed(uncapped)}.")
    capped = ("the ladder step times the multiplier never goes above "
              f"{r.max_multiplier}" if r.cap is Cap.TOTAL else
              f"the multiplier (doublers, cracks, blitzes, going alone) never goes above "
              f"{r.max_multiplier}; schneider and no-trick steps multiply on top")
    return say(f"Yes: {capped}. {what[0].upper() + what[1:]} would collect "
               f"{signed(uncapped)} without the cap, {signed(pay(r, _big(r), 1)['p0'])} "
               "here. The cap doesn't touch leasters or the fixed penalties.")


def partner_spared(r: Rules) -> str:
    if not r.has_partner:
        return "There is no partner at this table, so the picker always pays his whole loss."
    split = example(r, 0, Tricks.NONE)
    if r.partner_spared_on_no_trick:
        return say("No. When the picking side takes no trick the partner pays nothing and the "
                   f"picker pays the partner's part as well: {split}.")
    return say(f"Yes, his share as in any loss: {split}.")


# --- doublers ------------------------------------------------------------------


#: What each hand that can make a doubler is called in a ruling (the engine's word).
MAKER_WORDS = {d: f"a {word}" for d, word in DOUBLER_WORDS.items()}


def doublers(r: Rules) -> str:
    how = {
        "extend": "Each hand that makes a doubler adds one pending doubler; the next scored "
                  "hand (picked, leaster or renege) is played at double stakes and uses it "
                  "up. Two in a row double the next two hands: no hand is ever ×4 from them.",
        "stack": "Pending doublers stack: the next scored hand (picked, leaster or renege) is "
                 "doubled once for each of them, so two in a row make it ×4 and three ×8, and "
                 "it uses them all.",
        "previous": "A hand is doubled when the hand recorded just before it made a doubler "
                    "(void hands are skipped). Two in a row still double only the one hand "
                    "after them, once.",
    }[r.doublers]
    renege = None
    if r.renege.flat:
        renege = (f"A renege uses one up too, and its flat {r.renege_penalty} is doubled with "
                  "it." if r.penalties_doubled else
                  f"A renege uses one up too, though its flat {r.renege_penalty} isn't doubled: "
                  "the ledger says it used the doubler.")
    board = r.called_ace_buried is CalledAceBuried.PAY_THE_BOARD and r.penalties_doubled
    fixed = ("This table doubles fixed penalties too: a no-trick-pick penalty on a doubled "
             "hand is doubled" + (", and paying the board uses a pending doubler and is "
                                  "doubled by it." if board else ".")
             if r.penalties_doubled else None)
    return say(makers(r), how, renege, fixed,
               "A void hand" + (" or a buried called ace neither makes nor uses"
                                if not board else " neither makes nor uses")
               + " a doubler. Fix or delete an earlier hand and the app works the doublers "
               f"out again from there. A doubled hand won with 75: {example(r, 75, doubling=1)}.")


def makers(r: Rules) -> str:
    """Which recorded hands make a doubler at this table (option ``makes_doubler``)."""
    played = {Doubler.NO_PICK: r.nobody_picks is NobodyPicks.NO_PICK,
              Doubler.LEASTER: r.nobody_picks is NobodyPicks.LEASTER,
              Doubler.SCHWANZER: r.nobody_picks is NobodyPicks.SCHWANZER}
    makes = [MAKER_WORDS[d] for d in r.makes_doubler if played.get(d, True)]
    unplayed = [d for d in r.makes_doubler if not played.get(d, True)]
    never = ("" if not unplayed else
             " A throw-in would, but this table never throws in when everybody passes.")
    if not makes:
        return ("At this table no recorded hand makes a doubler"
                + ("; only a round of doubles doubles hands." if r.round_of_doubles
                   or r.last_round_doubled else ".") + never)
    tie = None
    if Doubler.TIE in r.makes_doubler and r.round_of_doubles:
        count = _doubled_after_a_tie(r)
        tie = (f" A 60-60 hand also starts a round of doubles, so {count} hands after it are "
               "doubled" + (": the round and the tie's own doubler add up."
                            if count > r.seats else
                            ": the tie's doubler doubles the round's first hand, never twice."))
    return (f"At this table a doubler is made by {_any_of(makes)}." + (tie or "") + never)


def _any_of(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _doubled_after_a_tie(r: Rules) -> int:
    """How many of the hands after a 60-60 hand the engine doubles."""
    players = tuple(f"p{i}" for i in range(r.seats))
    k = partner_count(r)
    tie = Hand(picker="p0", partners=partner_seats(r, k), points=60)
    win = Hand(picker="p0", partners=partner_seats(r, k), points=75)
    night = replay(r, players, [tie] + [win] * (2 * r.seats + 2))
    return sum(1 for result in night.results[1:] if result.doubled)


def last_round(r: Rules) -> str:
    if not r.last_round_doubled:
        return ("No: at this table the last round pays like any other. (A table that plays "
                "it turns on the option 'Last round doubled'.)")
    return say("Yes. When the table announces the last round, mark 'Last round' on its first "
               f"hand: that hand and the next {r.seats - 1} scored hands are doubled, one "
               f"round of {r.seats}. A doubled hand won with 75: {example(r, 75, doubling=1)}.",
               interpret("the last round is counted like a round of doubles: it joins or "
                         "waits behind pending doublers the same way, so it never makes a hand "
                         "×4 by itself."))


def round_of_doubles(r: Rules) -> str:
    if not r.round_of_doubles:
        return ("This table doesn't play them: the K♦ at the cut and a 60-60 hand are nothing "
                "special.")
    head = (f"When the card shown at the cut is the K♦, that hand and the next {r.seats - 1} "
            f"are doubled; when a hand ends 60-60 the next {r.seats} are doubled. The count "
            "is the players per hand, not everyone at the table. Mark 'K♦ at the cut' on "
            "the hand where it showed.")
    if r.doublers is Doublers.EXTEND:
        return say(head, "The round's hands join the pending doublers and are used one per "
                   "hand, so a round never makes a hand ×4.")
    other = ("stacked throw-ins" if r.doublers is Doublers.STACK
             else "a doubler from the hand before")
    return say(head, "A hand already doubled by a throw-in uses up its place in the round "
               "without being doubled again.",
               interpret(f"the rule books don't say how a round combines with {other}; the "
                         "app never lets the round add to it."))
