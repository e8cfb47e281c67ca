"""The game's words as enums: what happened to a hand, the tricks a side took,
and the values of every house-rule option that is a choice of words.

Each is a ``StrEnum``, so a member equals its text ("jd-and-right"), reads
and writes as plain JSON, and a typo in code is an AttributeError instead of
a comparison that is silently never true.
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """What happened to a dealt hand."""

    PICKED = "picked"
    LEASTER = "leaster"
    NO_PICK = "no-pick"
    MISDEAL = "misdeal"
    VOID = "void"
    RENEGE = "renege"
    CALLED_ACE_BURIED = "called-ace-buried"
    #: Payments the rules don't model (three kings, a side bet, a correction).
    ADJUSTMENT = "adjustment"
    #: Everyone passed, the hand was played out, and ``losers`` pay.
    SCHWANZER = "schwanzer"


class Tricks(StrEnum):
    """Whether the picking side took every trick, no trick, or some."""

    SOME = "some"
    ALL = "all"
    NONE = "none"


class Partner(StrEnum):
    """How the picker's partner is found."""

    NONE = "none"
    CALLED_ACE = "called-ace"
    JACK_OF_DIAMONDS = "jack-of-diamonds"
    JD_AND_RIGHT = "jd-and-right"
    JD_AND_DIE = "jd-and-die"

    @property
    def two_partners(self) -> bool:
        """The six- and seven-handed methods, where the picker may have two partners."""
        return self in (Partner.JD_AND_RIGHT, Partner.JD_AND_DIE)

    @property
    def by_jack(self) -> bool:
        """Every method where the jack of diamonds makes a partner."""
        return self in (Partner.JACK_OF_DIAMONDS, Partner.JD_AND_RIGHT, Partner.JD_AND_DIE)


class JdInPickersHand(StrEnum):
    """When the picker holds J♦ himself."""

    ALONE = "alone"
    CALL_UP_JH = "call-up-jh"


class Ladder(StrEnum):
    """How schneider and no-trick outcomes raise the stake."""

    ADDITIVE = "additive"
    DOUBLING = "doubling"


class SchneiderLine(StrEnum):
    """Where schneider falls."""

    AT_30 = "at-30"
    UNDER_30 = "under-30"
    BOTH_31 = "31-both"


class NobodyPicks(StrEnum):
    """What happens when everyone passes."""

    LEASTER = "leaster"
    NO_PICK = "no-pick"
    FORCED_PICK = "forced-pick"
    #: Played out; the most trump points (or a caught "mauer") lose (docs/rules.md §9).
    SCHWANZER = "schwanzer"


class Doublers(StrEnum):
    """How thrown-in hands double later hands."""

    EXTEND = "extend"
    STACK = "stack"
    PREVIOUS = "previous"


class Doubler(StrEnum):
    """A recorded hand that can make a doubler for later hands (option
    ``makes_doubler``, docs/rules.md §9); ``tie`` is a 60-60 picked hand."""

    NO_PICK = "no-pick"
    MISDEAL = "misdeal"
    TIE = "tie"
    LEASTER = "leaster"
    SCHWANZER = "schwanzer"


class Renege(StrEnum):
    """What a renege costs: a flat penalty to everyone (``penalty``: the
    table's ``renege_points``; ``penalty-8``: 8), or the offender's side forfeits."""

    PENALTY = "penalty"
    PENALTY_8 = "penalty-8"
    FORFEIT = "forfeit"

    @property
    def flat(self) -> bool:
        """True when the offender pays everyone a fixed penalty."""
        return self is not Renege.FORFEIT


class CalledAceBuried(StrEnum):
    """A picker who buried the ace he called."""

    PAY_THE_BOARD = "pay-the-board"
    PLAY_ALONE = "play-alone"
    REDEAL = "redeal"


class Schwarz(StrEnum):
    """What "took no trick" means for the tier (docs/rules.md §9)."""

    TRICKS = "tricks"
    POINTS = "points"


class Shares(StrEnum):
    """How the picking side splits what it wins or loses (docs/rules.md §9)."""

    PICKER_REST = "picker-rest"
    EVEN = "even"


class Cap(StrEnum):
    """What ``max_multiplier`` caps: tier × multiplier, or the multiplier alone."""

    TOTAL = "total"
    STAKE = "stake"
