"""The table of hands as said, shared by the phrasing tests and the test that
the engine accepts every body understood: (preset, text, what is understood),
where what is understood is the body or the one question asked back."""

from __future__ import annotations

from typing import Any

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
THREE = ("Ann", "Bob", "Cat")
ANNIE = ("Ann", "Annie", "Bob", "Cat", "Dan")
ASK_POINTS = "How many points did the picking side take?"


def picked(picker: str, *partners: str, points: int | None = None, **more: Any
           ) -> dict[str, Any]:
    """A picked hand's body as the parser answers it."""
    body: dict[str, Any] = {"kind": "picked", "picker": picker}
    if partners:
        body["partners"] = list(partners)
    if more.pop("alone", False):
        body["alone"] = True
    body["points"] = points
    return {**body, **more}


def alone(picker: str, points: int, **more: Any) -> dict[str, Any]:
    return picked(picker, points=points, alone=True, **more)


def leaster(winner: str, **more: Any) -> dict[str, Any]:
    return {"kind": "leaster", "winner": winner, **more}


CALLED_ACE: list[tuple[str, Any]] = [
    # The issue's own phrasings
    ("Ann with Cat 75", picked("Ann", "Cat", points=75)),
    ("Bob alone ninety-five", alone("Bob", 95)),
    ("leaster Dan", leaster("Dan")),
    ("Cat picked Dan partner no trick cracked",
     picked("Cat", "Dan", points=0, tricks="none", cracks=1)),
    ("misdeal", {"kind": "misdeal"}),
    ("Dan took it alone, ninety", alone("Dan", 90)),
    ("Ann and Cat sixty one", picked("Ann", "Cat", points=61)),
    ("Eve picked, called Bob, got schneidered",
     f"{ASK_POINTS} (schneidered: 30 or fewer)"),
    ("Bob went alone and got 120", alone("Bob", 120)),
    ("Bob went alone and took every trick", alone("Bob", 120, tricks="all")),
    ("Ann won the leaster", leaster("Ann")),
    # numbers in words and digits
    ("Ann with Cat seventy five", picked("Ann", "Cat", points=75)),
    ("Ann with Cat seventy-five", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75 points", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75pts", picked("Ann", "Cat", points=75)),
    ("Ann with Cat a hundred and twenty", picked("Ann", "Cat", points=120)),
    ("Ann with Cat one hundred twenty", picked("Ann", "Cat", points=120)),
    ("Ann with Cat one twenty", picked("Ann", "Cat", points=120)),
    ("Ann with Cat one ten", picked("Ann", "Cat", points=110)),
    ("Ann with Cat sixty-one", picked("Ann", "Cat", points=61)),
    ("Ann with Cat 61", picked("Ann", "Cat", points=61)),
    ("Ann with Cat sixty", picked("Ann", "Cat", points=60)),
    ("Ann with Cat thirty", picked("Ann", "Cat", points=30)),
    ("Ann with Cat zero", picked("Ann", "Cat", points=0)),
    ("Ann with Cat nineteen", picked("Ann", "Cat", points=19)),
    ("Ann with Cat eighty eight", picked("Ann", "Cat", points=88)),
    ("Ann with Cat forty-four", picked("Ann", "Cat", points=44)),
    ("Ann with Cat 0", picked("Ann", "Cat", points=0)),
    ("Ann with Cat 120", picked("Ann", "Cat", points=120)),
    ("Ann with Cat 150", f"Points go from 0 to 120, and I heard 150: {ASK_POINTS}"),
    ("Ann with Cat 1000000000", "I didn't catch '1000000000'"),
    # the defense's points
    ("Ann with Cat, defense had 40", picked("Ann", "Cat", points=80)),
    ("Ann with Cat defenders took 40", picked("Ann", "Cat", points=80)),
    ("defense had forty, Ann with Cat", picked("Ann", "Cat", points=80)),
    ("Ann with Cat, the other side got 59", picked("Ann", "Cat", points=61)),
    ("Ann with Cat 75, defense 45", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75 to 45", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75 against 45", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75, defense 40", f"I heard 75, 40: {ASK_POINTS.lower()}"),
    ("Ann with Cat 75 and 40", f"I heard 75, 40: {ASK_POINTS.lower()}"),
    ("Ann with Cat 75, sorry, 85", f"I heard 75, 85: {ASK_POINTS.lower()}"),
    ("defense had 40", "I didn't catch who picked"),
    ("Ann w Cat, defense took none", picked("Ann", "Cat", points=120, tricks="all")),
    ("Ann alone, the other side took them all", alone("Ann", 0, tricks="none")),
    # who cracked, said with the crack, takes no side
    ("Ann n Cat 75; Bob cracked", picked("Ann", "Cat", points=75, cracks=1)),
    ("Bob cracked, Ann w Cat 75", picked("Ann", "Cat", points=75, cracks=1)),
    ("Ann alone 75 cracked by Bob", alone("Ann", 75, cracks=1)),
    ("Ann w Cat 75, Bob cracked, Cat re-cracked", picked("Ann", "Cat", points=75, cracks=2)),
    # the dealer said with a misdeal (or any hand) is no player of the hand
    ("the dealer misdealt", {"kind": "misdeal"}),
    ("Bob dealt, Ann w Cat 75", picked("Ann", "Cat", points=75)),
    ("dealer Bob flipped a card", {"kind": "misdeal"}),
    # number words a finger slipped on, never a word that means something
    ("Ann w Cat fourty", picked("Ann", "Cat", points=40)),
    ("Ann w Cat ninty one", picked("Ann", "Cat", points=91)),
    ("Bob alone took none", alone("Bob", 0, tricks="none")),
    # partners said every way
    ("Eve picked, called Bob, 70", picked("Eve", "Bob", points=70)),
    ("Ann picked, Cat was her partner, 80", picked("Ann", "Cat", points=80)),
    ("Ann's partner was Cat, 80", picked("Ann", "Cat", points=80)),
    ("partner Bob, Ann picked, 80", picked("Ann", "Bob", points=80)),
    ("Ann picked, Bob had the ace, 66", picked("Ann", "Bob", points=66)),
    ("picked by Dan with Eve 91", picked("Dan", "Eve", points=91)),
    ("the picker was Dan, partner Eve, 91", picked("Dan", "Eve", points=91)),
    ("Dan and Eve took 91", picked("Dan", "Eve", points=91)),
    ("Ann with Cat won with 75", picked("Ann", "Cat", points=75)),
    ("Ann with Cat lost with 75", f"I heard 'lost' and 75: {ASK_POINTS}"),
    ("Ann with Cat, 75, won", picked("Ann", "Cat", points=75)),
    ("Ann with Cat lost, 40", picked("Ann", "Cat", points=40)),
    ("Ann with Cat won, 40", f"I heard 'won' and 40: {ASK_POINTS}"),
    ("Ann 75", "Who was Ann's partner, or did Ann go alone?"),
    ("Ann picked", "Who was Ann's partner, or did Ann go alone?"),
    ("Ann with Cat", ASK_POINTS),
    ("Ann with Ann 75", "Ann can't be both picker and partner"),
    ("Ann with Cat and Dan 75", "Who was Ann's partner: Cat or Dan?"),
    ("Ann picked, Bob picked, 75", "Who picked: Ann or Bob?"),
    ("Ann alone with Cat 75", "Did Ann play alone, or with Cat?"),
    # going alone
    ("Bob alone 95", alone("Bob", 95)),
    ("Bob went alone, 61", alone("Bob", 61)),
    ("Bob picked and went alone 61", alone("Bob", 61)),
    ("Bob played it by himself, 61", alone("Bob", 61)),
    ("Bob solo 40", alone("Bob", 40)),
    ("Bob went alone and lay down", alone("Bob", 120, tricks="all")),
    ("Bob went alone and took them all", alone("Bob", 120, tricks="all")),
    ("Bob alone, every trick, 120", alone("Bob", 120, tricks="all")),
    ("Bob alone, every trick, 100", f"Every trick is 120 points, but I heard 100: {ASK_POINTS}"),
    ("Bob alone no trick", alone("Bob", 0, tricks="none")),
    ("Bob alone, took no trick, 10 in the bury", alone("Bob", 10, tricks="none")),
    ("Bob alone, no tricks, 10", alone("Bob", 10, tricks="none")),
    ("Bob alone, zero tricks", alone("Bob", 0, tricks="none")),
    ("Bob alone didn't take a trick", alone("Bob", 0, tricks="none")),
    ("Bob alone, no trick, 40",
     f"With no trick the picking side has only its bury (at most 22), but I heard 40: "
     f"{ASK_POINTS}"),
    ("Bob alone no trick every trick", "Did the picking side take every trick or no trick?"),
    ("Bob alone took 5 tricks", f"I heard 5 tricks: {ASK_POINTS.lower()}"),
    # schneider
    ("Eve picked, called Bob, got schneidered, 20", picked("Eve", "Bob", points=20)),
    ("Eve with Bob schneidered 45",
     f"Schneidered is 30 or fewer, but I heard 45: {ASK_POINTS}"),
    ("Eve with Bob got snyder", f"{ASK_POINTS} (schneidered: 30 or fewer)"),
    ("Eve with Bob schneidered them", f"{ASK_POINTS} (the defense schneidered: 91 or more)"),
    ("Eve with Bob schneidered them 95", picked("Eve", "Bob", points=95)),
    ("Eve with Bob, defense got schneidered, 100", picked("Eve", "Bob", points=100)),
    ("Eve with Bob, no schneider, 35", picked("Eve", "Bob", points=35)),
    ("Eve with Bob, no schneider, 25", f"I heard no schneider and 25: {ASK_POINTS}"),
    # cracks, and the flags this table doesn't play
    ("Ann with Cat 75 cracked", picked("Ann", "Cat", points=75, cracks=1)),
    ("Ann with Cat 75 re-crack", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75 recrack", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75, crack and re-crack", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75, cracked twice", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75, 2 cracks", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75, crack back", picked("Ann", "Cat", points=75, cracks=2)),
    ("Ann with Cat 75 triple crack", "This table plays up to 2 cracks, and I heard 3"),
    ("Ann with Cat 75 blitzed", "This table doesn't play blitzes"),
    ("Ann with Cat 75 double blitz", "This table doesn't play blitzes"),
    ("Ann with Cat 75 declared doubler", "This table doesn't declare doublers"),
    ("Ann with Cat 75, doubler", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75 forced", "Only a forced-pick table forces the dealer to pick"),
    ("Ann with Cat 75 last round", "This table doesn't double the last round"),
    ("Dan stole from Eve 75", "This table doesn't allow stealing the blind"),
    ("Ann with Cat 75, picker took no trick", "This table has no no-trick-pick penalty"),
    # the other kinds
    ("nobody picked", "Who won the leaster?"),
    ("everyone passed, Dan won", leaster("Dan")),
    ("everybody passed, leaster, Dan", leaster("Dan")),
    ("leaster, Dann won", leaster("Dan")),
    ("Dan wins the leaster", leaster("Dan")),
    ("the leaster went to Eve", leaster("Eve")),
    ("leaster", "Who won the leaster?"),
    ("leaster Ann and Bob", "Who won the leaster: Ann or Bob?"),
    ("leaster Dan cracked", "A leaster has no cracks"),
    ("throw in", "This table plays a leaster when nobody picks"),
    ("no pick", "This table plays a leaster when nobody picks"),
    ("redeal", {"kind": "void"}),
    ("void", {"kind": "void"}),
    ("re-deal", {"kind": "void"}),
    ("mis-deal", {"kind": "misdeal"}),
    ("Bob misdealt", {"kind": "misdeal"}),
    ("Misdeal.", {"kind": "misdeal"}),
    ("misdeal, redeal", {"kind": "misdeal"}),
    ("misdeal, void", "Was it a misdeal or a void hand?"),
    ("misdeal cracked", "A misdeal has no cracks"),
    ("Bob reneged", "Who picked? (a renege here forfeits the hand, so I need the sides)"),
    ("Ann with Cat, Bob reneged",
     {"kind": "renege", "offender": "Bob", "picker": "Ann", "partners": ["Cat"]}),
    ("Ann with Cat, Cat reneged",
     {"kind": "renege", "offender": "Cat", "picker": "Ann", "partners": ["Cat"]}),
    ("renege", "Who reneged?"),
    ("Cat buried the called ace", {"kind": "called-ace-buried", "picker": "Cat"}),
    ("Cat buried her ace", {"kind": "called-ace-buried", "picker": "Cat"}),
    ("called ace buried by Cat", {"kind": "called-ace-buried", "picker": "Cat"}),
    ("buried the called ace", "Who buried the called ace?"),
    ("schwanzer Bob", "This table plays a leaster when nobody picks"),
    ("adjustment", "Enter other payments on the form: each player's points and what "
                   "they are for"),
    # fillers, punctuation and dictation's capitals
    ("Um, so, Ann with Cat, uh, a hundred and twenty", picked("Ann", "Cat", points=120)),
    ("and then Ann with Cat seventy-five.", picked("Ann", "Cat", points=75)),
    ("OK so ANN with CAT 75!", picked("Ann", "Cat", points=75)),
    ("ann, with cat... 75?", picked("Ann", "Cat", points=75)),
    ("Uh, hmm, well, like, Ann picked; Cat's the partner - 75 points.",
     picked("Ann", "Cat", points=75)),
    ("“Ann” with “Cat”: 75", picked("Ann", "Cat", points=75)),
    # names as dictation mishears them
    ("Anne with Cat 75", picked("Ann", "Cat", points=75)),
    ("Ann with Kat 75", picked("Ann", "Cat", points=75)),
    ("Dann alone 90", alone("Dan", 90)),
    ("Eave picked called Bob 70", picked("Eve", "Bob", points=70)),
    ("Ann with Rob 75", "Who is 'Rob': did you mean Bob?"),
    ("Ann with Katie 75", "Who is 'Katie': did you mean Cat?"),
    ("Zed picked", "I didn't catch 'Zed'"),
    ("Ann with Cat 75 hearts", picked("Ann", "Cat", points=75)),
    ("Ann with Cat 75 banana", "I didn't catch 'banana'"),
    ("", "I didn't hear a hand: say who picked, with whom and the points ('Ann with Cat 75'), "
         "or 'leaster Dan', or 'misdeal'"),
    ("um uh", "I didn't hear a hand: say who picked, with whom and the points "
              "('Ann with Cat 75'), or 'leaster Dan', or 'misdeal'"),
]

IMSA: list[tuple[str, Any]] = [
    ("Ann with Cat 75", picked("Ann", "Cat", points=75)),
    ("Bob alone ninety-five", alone("Bob", 95)),
    ("Ann 75", "Who was Ann's partner, or did Ann go alone?"),
    ("nobody picked", {"kind": "no-pick"}),
    ("everyone passed", {"kind": "no-pick"}),
    ("throw in", {"kind": "no-pick"}),
    ("threw it in", {"kind": "no-pick"}),
    ("leaster Dan", "This table plays a throw-in (no-pick doubler) when nobody picks"),
    ("misdeal", {"kind": "misdeal"}),
    ("Bob reneged", {"kind": "renege", "offender": "Bob"}),
    ("renege by Bob", {"kind": "renege", "offender": "Bob"}),
    ("Bob renigged", {"kind": "renege", "offender": "Bob"}),
    ("Ann with Cat, Bob reneged", {"kind": "renege", "offender": "Bob"}),
    ("Bob reneged, cracked",
     "A renege here costs the one who reneged a flat 8 to each player: no cracks"),
    ("Cat buried the called ace", "Burying the called ace only happens when the picker "
                                  "calls an ace"),
    ("Ann with Cat 75 blitzed", picked("Ann", "Cat", points=75, blitzes=1)),
    ("Ann with Cat 75 double blitz", picked("Ann", "Cat", points=75, blitzes=2)),
    ("Ann with Cat 75 blitzed twice", picked("Ann", "Cat", points=75, blitzes=2)),
    ("Ann with Cat 75 triple crack", picked("Ann", "Cat", points=75, cracks=3)),
    ("Ann with Cat 75 re-re-crack", picked("Ann", "Cat", points=75, cracks=3)),
    ("Ann with Cat 75 declared doubler", picked("Ann", "Cat", points=75, declared_doubler=True)),
    ("Ann with Cat 75, doubler", "Was a doubler declared? Say 'declared doubler' (a doubler "
                                 "from a thrown-in hand counts by itself)"),
    ("Ann with Cat 75 cracked, blitzed, declared doubler",
     picked("Ann", "Cat", points=75, cracks=1, blitzes=1, declared_doubler=True)),
    ("Eve with Bob schneidered", f"{ASK_POINTS} (schneidered: 29 or fewer)"),
    ("Eve with Bob schneidered 29", picked("Eve", "Bob", points=29)),
    ("Eve with Bob schneidered 30", f"Schneidered is 29 or fewer, but I heard 30: {ASK_POINTS}"),
    ("Ann had the jack, Dan picked, 70", picked("Dan", "Ann", points=70)),
    ("Dan alone, no trick", alone("Dan", 0, tricks="none")),
    ("Ann with Cat, the defense took sixty", picked("Ann", "Cat", points=60)),
    ("Dan with Eve 61 last round", "This table doesn't double the last round"),
]

JACK: list[tuple[str, Any]] = [
    ("Ann with Cat 75", picked("Ann", "Cat", points=75)),
    ("Cat picked Dan partner no trick cracked",
     picked("Cat", "Dan", points=0, tricks="none", cracks=1)),
    ("Ann alone 61", alone("Ann", 61)),
    ("Ann 61", "Who was Ann's partner, or did Ann go alone?"),
    ("leaster Dan", leaster("Dan")),
    ("Dan had the jack of diamonds, Bob picked, eighty", picked("Bob", "Dan", points=80)),
    ("Bob reneged", "Who picked? (a renege here forfeits the hand, so I need the sides)"),
    ("Bob picked with Eve, Dan reneged",
     {"kind": "renege", "offender": "Dan", "picker": "Bob", "partners": ["Eve"]}),
    ("Cat buried the called ace", "Burying the called ace only happens when the picker "
                                  "calls an ace"),
    ("Ann with Cat 75 blitzed", "This table doesn't play blitzes"),
    ("misdeal", {"kind": "misdeal"}),
    ("everyone passed Eve won", leaster("Eve")),
]

THREE_HANDED: list[tuple[str, Any]] = [
    ("Ann 75", picked("Ann", points=75)),
    ("Bob alone ninety-five", picked("Bob", points=95)),
    ("Cat picked, sixty one", picked("Cat", points=61)),
    ("Ann and Cat sixty one", "At this table the picker plays alone: who picked, Ann or Cat?"),
    ("Ann with Cat 75", "At this table the picker plays alone: who picked, Ann or Cat?"),
    ("Ann picked, defense had 50", picked("Ann", points=70)),
    ("Ann took every trick", picked("Ann", points=120, tricks="all")),
    ("leaster Bob", leaster("Bob")),
    ("nobody picked, Bob won", leaster("Bob")),
    ("Bob reneged", "Who picked? (a renege here forfeits the hand, so I need the sides)"),
    ("Ann picked, Cat reneged", {"kind": "renege", "offender": "Cat", "picker": "Ann"}),
    ("Ann 75 crack", picked("Ann", points=75, cracks=1)),
    ("Dan picked", "I didn't catch 'Dan'"),
    ("void", {"kind": "void"}),
]

AMBIGUOUS: list[tuple[str, Any]] = [
    ("Anne with Cat 75", "Who is 'Anne': Ann or Annie?"),
    ("Ann with Cat 75", picked("Ann", "Cat", points=75)),
    ("Annie with Cat 75", picked("Annie", "Cat", points=75)),
    ("Anny alone 61", "Who is 'Anny': Ann or Annie?"),
    ("leaster annie", leaster("Annie")),
    ("Kat with Dann 80", picked("Cat", "Dan", points=80)),
]

#: Every row: (preset, players, text, understood).
TABLE: list[tuple[str, tuple[str, ...], str, Any]] = [
    *(("called-ace", FIVE, text, want) for text, want in CALLED_ACE),
    *(("imsa", FIVE, text, want) for text, want in IMSA),
    *(("jack-of-diamonds", FIVE, text, want) for text, want in JACK),
    *(("three-handed", THREE, text, want) for text, want in THREE_HANDED),
    *(("called-ace", ANNIE, text, want) for text, want in AMBIGUOUS),
]

#: Hands understood in part: (preset, players, text, the part understood, the
#: questions about the rest).  A word that can't be placed leaves empty only
#: the part it stood for, and is the only thing asked about it.
PARTLY: list[tuple[str, tuple[str, ...], str, dict[str, Any] | None, tuple[str, ...]]] = [
    ("called-ace", FIVE, "Ann with Fred 80", {"kind": "picked", "picker": "Ann", "points": 80},
     ("I didn't catch 'Fred'",)),
    ("called-ace", FIVE, "Ann and Fred and Cat 75",
     {"kind": "picked", "picker": "Ann", "points": 75}, ("I didn't catch 'Fred'",)),
    ("called-ace", FIVE, "Ann w Cat 75 banana", picked("Ann", "Cat", points=75),
     ("I didn't catch 'banana'",)),
    ("called-ace", ANNIE, "Anne with Cat 75",
     {"kind": "picked", "partners": ["Cat"], "points": 75}, ("Who is 'Anne': Ann or Annie?",)),
    ("called-ace", FIVE, "Ann with Rob 75", {"kind": "picked", "picker": "Ann", "points": 75},
     ("Who is 'Rob': did you mean Bob?",)),
    ("called-ace", FIVE, "Zed picked", {"kind": "picked"}, ("I didn't catch 'Zed'", ASK_POINTS)),
    ("called-ace", FIVE, "Bob w Cat fithy five", {"kind": "picked", "picker": "Bob",
                                                 "partners": ["Cat"]},
     ("I didn't catch 'fithy'", ASK_POINTS)),
    ("called-ace", FIVE, "Ann with Cat 150", {"kind": "picked", "picker": "Ann",
                                             "partners": ["Cat"]},
     (f"Points go from 0 to 120, and I heard 150: {ASK_POINTS}",)),
    ("called-ace", FIVE, "Ann with Cat 75 blitzed", picked("Ann", "Cat", points=75),
     ("This table doesn't play blitzes",)),
    ("called-ace", FIVE, "Ann alone with Cat 75", {"kind": "picked", "picker": "Ann",
                                                  "points": 75},
     ("Did Ann play alone, or with Cat?",)),
    ("three-handed", THREE, "Ann with Cat 75", {"kind": "picked", "points": 75},
     ("At this table the picker plays alone: who picked, Ann or Cat?",)),
    ("called-ace", FIVE, "leaster Dan cracked", leaster("Dan"), ("A leaster has no cracks",)),
    ("called-ace", FIVE, "Bob reneged", {"kind": "renege", "offender": "Bob"},
     ("Who picked? (a renege here forfeits the hand, so I need the sides)",)),
    # nobody picked: the form turns to what this table plays when everyone passes
    ("called-ace", FIVE, "nobody picked", {"kind": "leaster"}, ("Who won the leaster?",)),
    ("called-ace", FIVE, "throw in", {"kind": "leaster"},
     ("This table plays a leaster when nobody picks", "Who won the leaster?")),
    ("imsa", FIVE, "leaster Dan", {"kind": "no-pick"},
     ("This table plays a throw-in (no-pick doubler) when nobody picks",)),
    ("called-ace", FIVE, "misdeal, void", None, ("Was it a misdeal or a void hand?",)),
    ("called-ace", FIVE, "Fred", None, ("I didn't catch 'Fred'",)),
]
