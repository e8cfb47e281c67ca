"""Prize plans a director picks by name (:mod:`scorekeeper.ledger.prizes`
decides what each pays): three as their events publish them (a Wisconsin
Oktoberfest's percents, and two Bavarian Preisschafkopf clubs' fixed prizes
with prizes in kind), and two common shapes the plain percents can't say.
docs/tournaments.md works each one's pot and names where it is published.
The Bavarian prizes are in euros at their events; the app counts them in
its one currency."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.ledger.prizes import Prize, PrizePlan, simple


@dataclass(frozen=True)
class Preset:
    """A published or common plan a director picks by name: its title, where
    it comes from in words, and the plan."""

    title: str
    source: str
    plan: PrizePlan


#: The plans a director picks from by name.
PRESETS: dict[str, Preset] = {
    "kohler_falls": Preset(
        "Kohler Falls Oktoberfest (Sheboygan Falls, Wisconsin)",
        "Its published prizes: 90% of the entries paid out; 1st 30%, 2nd 15%, 3rd to 5th "
        "10% each; the top score of each session 5%.",
        simple((30, 15, 10, 10, 10), 5, 90)),
    "vfb_mantel": Preset(
        "VfB Mantel's Preisschafkopf (Upper Palatinate, Bavaria)",
        "Its published prizes: 1st 150, 2nd 100 and 3rd 70 in money; the lowest total a "
        "5-litre keg of beer and a sausage; the entries are the club's.",
        PrizePlan((Prize("place", 1, cents=15_000), Prize("place", 2, cents=10_000),
                   Prize("place", 3, cents=7_000),
                   Prize("last", 1, goods="a 5-litre keg of beer and a sausage")),
                  share=0)),
    "lerau": Preset(
        "The Lerau fire brigade's Preisschafkopf (Wieselrieth, Bavaria)",
        "Its published prizes: 1st 150 and 2nd 75 in money, 3rd a deer; the lowest total "
        "a case of beer and a snack; the entries are the brigade's.",
        PrizePlan((Prize("place", 1, cents=15_000), Prize("place", 2, cents=7_500),
                   Prize("place", 3, goods="a deer"),
                   Prize("last", 1, goods="a case of beer and a snack")),
                  share=0)),
    "cup": Preset(
        "A cup with a fixed first prize and a consolation prize",
        "Everything paid out: 1st a fixed $150 and the lowest total $10; what is left "
        "goes to 2nd to 6th in shares of 5, 4, 3, 2 and 1; whole dollars, what rounding "
        "leaves carried to the next prize; a withdrawn player wins nothing.",
        PrizePlan((Prize("place", 1, cents=15_000),
                   *(Prize("place", k, weight=w) for k, w in zip(range(2, 7), (5, 4, 3, 2, 1),
                                                                 strict=True)),
                   Prize("last", 1, cents=1_000)),
                  share=100, remainder="next", withdrawn_win=False)),
    "club_final": Preset(
        "A club's final: every cent back to the players who started",
        "Everything paid out: 1st 50%, 2nd 30%, 3rd 20%, to the cent, what rounding "
        "leaves added to 1st; only players there from session 1 and not withdrawn win.",
        PrizePlan(tuple(Prize("place", k, percent=p) for k, p in enumerate((50, 30, 20), 1)),
                  share=100, unit_cents=1, remainder="first", withdrawn_win=False,
                  walk_ins_win=False)),
}
