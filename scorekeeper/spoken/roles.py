"""Who did what in a hand as said: each name takes its role from the words
next to it ("Ann picked", "with Cat", "Dan partner", "Bob reneged",
"leaster Dan", "stole from Eve"); a name with no such word is left in
``others`` for the kind of hand to place (the first picks, the rest partner).
Who cracked ("; Bob cracked") or dealt ("Bob dealt") plays no part in the
sides.  A word asked about (unplaced) stands in the role it is said in, as a
placeholder (:func:`placeholder`), so the role is neither filled by another
name nor asked about twice; a lower-case word with no role word next to it
is taken for noise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.spoken.lexer import Item
from scorekeeper.spoken.lexicon import Tag

#: Marks a placeholder: no player's name holds it.
UNPLACED = "\x00"
#: The placeholder of a role asked about with no word said for it ("Ann 75":
#: who was Ann's partner?).
ASKED = UNPLACED
_CRACKS = {Tag.CRACK: "crackers", Tag.RECRACK: "crackers", Tag.CRACK3: "crackers"}
#: A tag after a name gives that name a role ("Ann picked", "Bob reneged").
_AFTER = {Tag.PICK: "picker", Tag.ALONE: "picker", Tag.STOLE: "picker",
          Tag.STOLE_FROM: "picker", Tag.BURIED_ACE: "picker", Tag.RENEGE: "offender",
          Tag.DEALER: "dealers"}
#: Weaker than the tag before: "with Cat won" makes Cat a partner who won, not a
#: leaster's winner; "picker Dan partner Eve" makes Dan the picker.
_AFTER_WEAK = {Tag.WON: "winners", Tag.LOST: "losers", Tag.PARTNER: "partners"}
#: A tag before a name gives it a role ("with Cat", "leaster Dan").
_BEFORE = {Tag.WITH: "partners", Tag.PARTNER: "partners", Tag.STOLE_FROM: "stolen_from",
           Tag.PICK: "picker", Tag.RENEGE: "offender", Tag.LEASTER: "winners",
           Tag.WON: "winners", Tag.LOST: "losers", Tag.SCHWANZER: "losers",
           Tag.BURIED_ACE: "picker", Tag.DEALER: "dealers"}
#: Weakest of all: "cracked by Bob", unless a word after Bob says otherwise.
_BEFORE_WEAK = _CRACKS
#: Tags that name the one before them only when nobody is named just before.
_LOOSE = {Tag.PICK, Tag.RENEGE, Tag.LEASTER, Tag.WON, Tag.LOST, Tag.SCHWANZER, Tag.PARTNER,
          Tag.BURIED_ACE, Tag.DEALER}


@dataclass
class Roles:
    """The players said for each role, in the order said."""

    picker: list[str] = field(default_factory=list)
    partners: list[str] = field(default_factory=list)
    offender: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    stolen_from: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    crackers: list[str] = field(default_factory=list)
    dealers: list[str] = field(default_factory=list)
    #: Every name in the order first said.
    said: list[str] = field(default_factory=list)

    def add(self, role: str, player: str) -> None:
        named: list[str] = getattr(self, role)
        if player not in named:
            named.append(player)
        if player not in self.said:
            self.said.append(player)

    def in_said_order(self, names: list[str]) -> list[str]:
        """``names`` in the order they were said."""
        return sorted(dict.fromkeys(names), key=self.said.index)


def placeholder(item: Item) -> str:
    """The stand-in for a word asked about."""
    return UNPLACED + item.said


def placed(name: object) -> bool:
    """False for a placeholder (or a question about one)."""
    return UNPLACED not in str(name)


def unplaced_word(name: str) -> str:
    """The word a placeholder stands for ('' for :data:`ASKED`)."""
    return name.replace(UNPLACED, "")


def _tag(items: Sequence[Item], at: int) -> Tag | None:
    return items[at].tag if 0 <= at < len(items) else None


def _is_name(items: Sequence[Item], at: int) -> bool:
    return 0 <= at < len(items) and (items[at].player is not None or items[at].unplaced)


def role_of(items: Sequence[Item], at: int) -> str:
    """The role of the name ``items[at]`` by the words around it."""
    after, before = _tag(items, at + 1), _tag(items, at - 1)
    if after in _AFTER:
        return _AFTER[after]
    if before in _BEFORE and (before not in _LOOSE or not _is_name(items, at - 2)):
        return _BEFORE[before]
    if after in _CRACKS:
        return _CRACKS[after]  # "; Bob cracked" (but "leaster Dan cracked" is Dan's leaster)
    if after in (Tag.BLITZ, Tag.BLITZ2) and _tag(items, at + 2) in _CRACKS:
        return "crackers"  # "Gene blitz cracked" (IMSA's blitz crack)
    if after is Tag.PARTNER and items[at].possessive:
        return "others"  # "Ann's partner"
    if after in _AFTER_WEAK:
        return _AFTER_WEAK[after]
    if before in _BEFORE_WEAK and not _is_name(items, at - 2):
        return _BEFORE_WEAK[before]  # "cracked by Bob", not "Bob cracked, Ann …"
    return "others"


def roles_of(items: Sequence[Item]) -> Roles:
    """Every name said, placed in its role."""
    roles = Roles()
    for at, item in enumerate(items):
        if item.player is not None:
            roles.add(role_of(items, at), item.player)
        elif item.unplaced:
            role = role_of(items, at)
            if role != "others" or item.name_like:
                roles.add(role, placeholder(item))
    return roles
