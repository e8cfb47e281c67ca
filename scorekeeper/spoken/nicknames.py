"""The short forms a player is called by at the table: "Dave" for David,
"Kathy" for Katherine, "Jim" for James, and the other way round.  Neither
sounds like the other (Metaphone and NYSIIS tell "dave" and "david" apart),
so hearing would ask; a short form of exactly one player's name is that
player, and the whole name of exactly one player called by a short form of
it is that player.  Two short forms of one name are not one another ("Rob"
is not Bob: a Bob may never answer to Rob), and words the table says about
a hand come first ("jack", "frank", "will": none of them is here), and a
word under three letters is a player only when it is the name ("Al", "Ed"
are left out: dictation splits "ed" off words).
"""

from __future__ import annotations

from functools import cache

#: Each whole name (as said: lower case, no accents) and its short forms.
SHORT_FORMS: dict[str, tuple[str, ...]] = {
    "albert": ("bert",), "alexander": ("alex", "sandy"), "alfred": ("alf", "fred"),
    "andrew": ("andy",), "anthony": ("tony",), "arnold": ("arnie",),
    "barbara": ("barb", "barbie"), "benjamin": ("ben", "benny"), "bernard": ("bernie",),
    "catherine": ("cathy", "cath", "kate", "katie"), "charles": ("charlie",),
    "christine": ("chris", "chrissy"), "christopher": ("chris", "topher"),
    "cynthia": ("cindy",), "daniel": ("dan", "danny"), "david": ("dave", "davey"),
    "deborah": ("deb", "debbie"), "donald": ("donnie",), "dorothy": ("dottie",),
    "douglas": ("doug",), "edward": ("eddie", "ted"), "elizabeth": ("liz", "beth",
                                                                           "betty", "lizzie"),
    "eugene": ("gene",), "frederick": ("fred", "freddie"), "gerald": ("jerry",),
    "gregory": ("greg",), "harold": ("harry", "hal"), "henry": ("hank", "harry"),
    "herbert": ("herb",), "james": ("jim", "jimmy", "jamie"), "jeffrey": ("jeff",),
    "jennifer": ("jen", "jenny"), "jerome": ("jerry",), "john": ("johnny",),
    "joseph": ("joe", "joey"), "judith": ("judy",), "katherine": ("kathy", "kate", "katie"),
    "kathleen": ("kathy", "kate"), "kenneth": ("ken", "kenny"), "lawrence": ("larry",),
    "leonard": ("len", "lenny", "leo"), "margaret": ("maggie", "meg", "peggy", "marge"),
    "matthew": ("matt",), "michael": ("mike", "mikey", "mick"), "nicholas": ("nick",),
    "norman": ("norm",), "patricia": ("patty", "trish"), "patrick": ("paddy",),
    "peter": ("pete",), "raymond": ("ray",), "richard": ("rick", "rich", "richie"),
    "robert": ("bob", "bobby", "rob", "robbie", "bert"), "ronald": ("ron", "ronnie"),
    "samuel": ("sam", "sammy"), "stanley": ("stan",), "stephen": ("steve",),
    "steven": ("steve",), "susan": ("sue", "suzy", "susie"), "theodore": ("ted", "teddy"),
    "thomas": ("tom", "tommy"), "timothy": ("tim", "timmy"), "vernon": ("vern",),
    "walter": ("walt",), "william": ("bill", "billy", "willy", "liam"),
}


@cache
def _pairs() -> frozenset[tuple[str, str]]:
    """Every (whole name, short form) and (short form, whole name)."""
    found = set()
    for whole, shorts in SHORT_FORMS.items():
        for short in shorts:
            found |= {(whole, short), (short, whole)}
    return frozenset(found)


def called(word: str, name: str) -> bool:
    """True when the spoken ``word`` and a player's spoken ``name`` are one
    a short form of the other ("dave" and "david", "katherine" and "kathy")."""
    return (word, name) in _pairs()
