"""House-rule options: what each knob means, which values it takes, and how a
table's rules are resolved from a preset plus overrides.

The option keys are the names used everywhere (API, exports, forms) and are
the ones in RULES.md §6.  A :class:`Rules` value is frozen: a table keeps the
rules it was created with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from scorekeeper.limits import (
    MAX_BASE,
    MAX_MULTIPLIER_CAP,
    MAX_PENALTY,
    MAX_ROW_ID,
    whole_number,
)
from scorekeeper.rules.vocabulary import (
    CalledAceBuried,
    Cap,
    Doubler,
    Doublers,
    JdInPickersHand,
    Ladder,
    NobodyPicks,
    Partner,
    Renege,
    SchneiderLine,
    Schwarz,
    Shares,
)

OptionValue = str | int | bool | tuple[str, ...] | None


class OptionError(ValueError):
    """A house-rule value or combination refused; ``key`` is the option at fault
    (the one a form shows the message next to)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class Rules:
    """Every option of one table, resolved (``None`` means "does not apply")."""

    seats: int
    deck: int
    partner: Partner
    jd_in_pickers_hand: JdInPickersHand
    ladder: Ladder
    schneider_line: SchneiderLine
    bump: int
    alone_factor: int
    nobody_picks: NobodyPicks | None
    forced_loss_doubled: bool | None
    doublers: Doublers
    round_of_doubles: bool
    max_cracks: int
    blitz: bool
    declared_doubler: bool
    no_trick_pick_penalty: bool
    steal_blind: bool
    renege: Renege
    called_ace_buried: CalledAceBuried | None
    leaster_needs_trick: bool | None
    partner_spared_on_no_trick: bool
    max_multiplier: int | None
    base: int
    no_pick_same_dealer: bool | None
    # Added after the first release (RULES.md §9); rules frozen before them
    # read with these defaults (see ``from_dict``).
    no_trick_pick_points: int | None = None
    renege_points: int | None = None
    board_points: int | None = None
    penalties_doubled: bool = False
    schwarz: Schwarz = Schwarz.TRICKS
    bump_on_no_trick: bool = True
    shares: Shares = Shares.PICKER_REST
    cap: Cap = Cap.TOTAL
    smith_rule: bool = False
    last_round_doubled: bool = False
    leaster_second_winner: bool = False
    makes_doubler: tuple[Doubler, ...] = (Doubler.NO_PICK,)

    def to_dict(self) -> dict[str, OptionValue]:
        """The options as a plain JSON-ready dict, in declaration order."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Rules:
        """Rules frozen earlier by :meth:`to_dict` (trusted: checked when made).
        Rules frozen before an option existed read with its default, so they
        replay to the same numbers."""
        coerced: dict[str, Any] = {key: OPTION_BY_KEY[key].coerce(value)
                                   for key, value in with_later_options(values).items()}
        return cls(**coerced)

    @property
    def renege_penalty(self) -> int:
        """What a flat renege costs the offender per other player."""
        if self.renege is Renege.PENALTY and self.renege_points is not None:
            return self.renege_points
        return 8

    @property
    def counts_no_trick_pickers(self) -> bool:
        """True when who personally took no trick matters (a penalty, or the Smith rule)."""
        return self.no_trick_pick_penalty or self.smith_rule

    @property
    def no_trick_points(self) -> int:
        """What the no-trick-pick penalty costs the picker per other player."""
        return self.no_trick_pick_points or 1

    @property
    def board(self) -> int:
        """What paying the board costs the picker per other player."""
        return self.board_points or 1

    @property
    def has_partner(self) -> bool:
        """True when the picker normally plays with a partner."""
        return self.partner is not Partner.NONE

    @property
    def bury_size(self) -> int:
        """How many cards the picking side buries (0 two-handed)."""
        return bury_size(self.seats, self.deck)


def bury_size(seats: int, deck: int) -> int:
    """Cards buried by the picking side: the blind's size, by deal."""
    if seats == 2:
        return 0
    if seats == 7 or (seats == 4 and deck == 32):
        return 4
    return 2


@dataclass(frozen=True)
class Option:
    """One house-rule knob: its values, topic and a one-line explanation."""

    key: str
    label: str
    topic: str
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    #: A set of the choices (any number of them, each at most once), not one.
    many: bool = False
    default: OptionValue = None
    applies: Callable[[Mapping[str, Any]], bool] = lambda _rules: True
    #: Whether the option changes anything at a table with these rules, where it
    #: keeps a value regardless (what the picker does holding J♦ is moot when
    #: partners are found by a called ace): pages list only those that matter.
    matters: Callable[[Mapping[str, Any]], bool] = lambda _rules: True

    @property
    def kind(self) -> str:
        """``choice``, ``bool``, ``int`` or ``set`` — how a form should ask for it."""
        if self.many:
            return "set"
        if self.choices and all(isinstance(c, bool) for c in self.choices):
            return "bool"
        if self.choices:
            return "choice"
        return "int"

    def coerce(self, value: OptionValue) -> OptionValue:
        """A stored plain value as this option's own type (words become enum members)."""
        if isinstance(value, str):
            return next((c for c in self.choices if c == value), value)
        if isinstance(value, list | tuple):
            return tuple(self.coerce(item) for item in value)  # type: ignore[misc]
        return value

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if valid for this option, else raise :class:`OptionError`."""
        if value is None and self.nullable:
            return None
        if self.many:
            return self._check_many(value)
        if self.choices:
            for choice in self.choices:
                if value == choice and _same_kind(value, choice):
                    return choice
            valid = ", ".join(_show(c) for c in self.choices)
            raise OptionError(f"{self.key} must be one of {valid}, not {_show(value)}", self.key)
        if isinstance(value, int) and not isinstance(value, bool):
            if ((self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum)):
                return value
        extra = " or null" if self.nullable else ""
        most = f" and at most {self.maximum}" if self.maximum is not None else ""
        raise OptionError(
            f"{self.key} must be a whole number of at least {self.minimum}{most}{extra}, "
            f"not {_show(value)}", self.key)

    def _check_many(self, value: object) -> tuple[str, ...]:
        """A list of distinct choices, returned in the choices' own order."""
        valid = ", ".join(_show(c) for c in self.choices)
        if not isinstance(value, list | tuple):
            raise OptionError(f"{self.key} must be a list of any of {valid}, not {_show(value)}",
                              self.key)
        picked = []
        for item in value:
            choice = next((c for c in self.choices if isinstance(item, str) and item == c), None)
            if choice is None:
                raise OptionError(f"{self.key} takes only {valid}, not {_show(item)}", self.key)
            if choice in picked:
                raise OptionError(f"{self.key} names {_show(item)} twice", self.key)
            picked.append(choice)
        return tuple(c for c in self.choices if c in picked)  # type: ignore[misc]

    def parse_text(self, text: str) -> OptionValue:
        """Turn a form's text into a checked value (forms send strings)."""
        text = text.strip()
        if self.many:
            words = [w.strip().lower() for w in text.split(",")]
            return self.check([w for w in words if w and w != "none"])
        if self.nullable and text.lower() in ("", "none", "null"):
            return None
        for choice in self.choices:
            if text.lower() == _show(choice):
                return choice
        number = whole_number(text, -MAX_ROW_ID) if not self.choices else None
        return self.check(number if number is not None else text)


def _same_kind(value: object, choice: object) -> bool:
    """True/1 and "1"/1 are different answers; "none" and Partner.NONE are the same."""
    if isinstance(choice, StrEnum):
        return isinstance(value, str)
    return type(value) is type(choice)


def _plain(value: OptionValue) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return str(value) if isinstance(value, StrEnum) else value


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(item) for item in value[:8]) + "]"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a number far too large"
    text = str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _not_two_handed(r: Mapping[str, Any]) -> bool:
    return r.get("seats") != 2


BOOL = (True, False)

OPTIONS: tuple[Option, ...] = (
    Option("seats", "Players per hand", "Table",
           "How many play each hand; extra players sit out in turn.",
           choices=(2, 3, 4, 5, 6, 7)),
    Option("deck", "Deck", "Table",
           "32 cards (7 through ace), or the 26-card four-handed deck.",
           choices=(32, 26)),
    Option("partner", "Partner", "Partner",
           "How the picker's partner is found.",
           choices=tuple(Partner)),
    Option("jd_in_pickers_hand", "Picker holds J♦", "Partner",
           "When the picker holds the jack of diamonds: play alone, or call up J♥.",
           choices=tuple(JdInPickersHand),
           matters=lambda r: Partner(r["partner"]).by_jack),
    Option("ladder", "Ladder", "Scoring",
           "Additive (1, 2, 3 units) or doubling (x2 schneider, x2 no trick).",
           choices=tuple(Ladder)),
    Option("schneider_line", "Schneider line", "Scoring",
           "Where schneider falls: at 30, under 30, or 31 for both sides.",
           choices=tuple(SchneiderLine)),
    Option("bump", "Bump", "Scoring",
           "A losing picking side pays this many times what it would have won.",
           choices=(2, 1)),
    Option("alone_factor", "Alone factor", "Scoring",
           "Stake multiplier when the picker plays without a partner.",
           choices=(1, 2, 3)),
    Option("nobody_picks", "Nobody picks", "Nobody picks",
           "When all pass: play a leaster, throw in for a doubler, or the dealer must pick.",
           choices=tuple(NobodyPicks), default=NobodyPicks.LEASTER,
           applies=_not_two_handed),
    Option("forced_loss_doubled", "Forced picker pays the bump", "Nobody picks",
           "Whether a dealer forced to pick pays double on a loss like anyone else.",
           choices=BOOL, default=True, applies=_not_two_handed),
    Option("doublers", "Doublers", "Doublers",
           "How thrown-in hands double later hands: extend, stack, or the next hand only.",
           choices=tuple(Doublers)),
    Option("round_of_doubles", "Round of doubles", "Doublers",
           "K♦ at the cut or a 60-60 hand doubles a whole round of hands.",
           choices=BOOL),
    Option("max_cracks", "Cracks", "Announcements",
           "How far cracking may go: 0 none, 1 crack, 2 re-crack, 3 triple crack.",
           choices=(0, 1, 2, 3)),
    Option("blitz", "Blitz", "Announcements",
           "Showing both black (or both red) queens before picking doubles the stakes.",
           choices=BOOL),
    Option("declared_doubler", "Declared doubler", "Announcements",
           "The table may declare a hand a doubler before it is dealt.",
           choices=BOOL),
    Option("no_trick_pick_penalty", "No-trick-pick penalty", "Penalties",
           "A picker who takes no trick personally pays 1 to every other player.",
           choices=BOOL),
    Option("steal_blind", "Steal the blind", "Picking",
           "A player may steal the blind after the bury and play it alone.",
           choices=BOOL),
    Option("renege", "Renege", "Penalties",
           "Caught reneging: pay 8 to everyone, or the offender's side forfeits.",
           choices=tuple(Renege)),
    Option("called_ace_buried", "Called ace buried", "Penalties",
           "Picker buried the ace he called: pay the board, play alone, or redeal.",
           choices=tuple(CalledAceBuried), default=CalledAceBuried.PAY_THE_BOARD,
           applies=lambda r: r.get("partner") == Partner.CALLED_ACE),
    Option("leaster_needs_trick", "Leaster needs a trick", "Nobody picks",
           "A leaster is won only by a player who took at least one trick.",
           choices=BOOL, default=True, applies=_not_two_handed),
    Option("partner_spared_on_no_trick", "Partner spared on no trick", "Scoring",
           "When the picking side takes no trick the picker pays the partner's share too.",
           choices=BOOL),
    Option("max_multiplier", "Multiplier cap", "Scoring",
           "Cap on tier x multiplier (blank for no cap).", minimum=1,
           maximum=MAX_MULTIPLIER_CAP, nullable=True),
    Option("base", "Base", "Scoring",
           "Points in one unit of the payout ladder.", minimum=1, maximum=MAX_BASE),
    Option("no_pick_same_dealer", "Same dealer after a throw-in", "Nobody picks",
           "After a thrown-in hand the same dealer deals again.",
           choices=BOOL, default=False,
           applies=lambda r: r.get("nobody_picks") == NobodyPicks.NO_PICK),
    Option("no_trick_pick_points", "No-trick-pick points", "Penalties",
           "What a picker who took no trick pays each other player.", minimum=1,
           maximum=MAX_PENALTY, default=1, applies=lambda r: bool(r.get("no_trick_pick_penalty"))),
    Option("renege_points", "Renege points", "Penalties",
           "What the offender pays each other player when renege is a flat penalty.",
           minimum=1, maximum=MAX_PENALTY, default=8,
           applies=lambda r: r.get("renege") == Renege.PENALTY),
    Option("board_points", "Board points", "Penalties",
           "What a picker who buried the called ace pays each other player.", minimum=1,
           maximum=MAX_PENALTY, default=1,
           applies=lambda r: r.get("called_ace_buried") == CalledAceBuried.PAY_THE_BOARD),
    Option("penalties_doubled", "Penalties doubled", "Penalties",
           "Fixed penalties are doubled by pending doublers, and use them up.",
           choices=BOOL, default=False),
    Option("schwarz", "No trick means", "Scoring",
           "tricks: a side that took no trick; points: also a side with no card points.",
           choices=tuple(Schwarz), default=Schwarz.TRICKS),
    Option("bump_on_no_trick", "Bump on a no-trick loss", "Scoring",
           "Off: a picking side that took no trick loses at single stakes, not doubled.",
           choices=BOOL, default=True),
    Option("shares", "How the picking side splits", "Scoring",
           "picker-rest: each partner one share, the picker the rest; even: as evenly as "
           "possible, the picker taking any larger part.",
           choices=tuple(Shares), default=Shares.PICKER_REST),
    Option("cap", "What the cap caps", "Scoring",
           "total: tier x multiplier; stake: the multiplier alone, the tier on top.",
           choices=tuple(Cap), default=Cap.TOTAL),
    Option("smith_rule", "Smith rule", "Scoring",
           "A picker who took no trick himself gets nothing of a win (his partner gets it) "
           "and pays his partner's part of a loss.", choices=BOOL, default=False),
    Option("last_round_doubled", "Last round doubled", "Doublers",
           "The table may announce the last round: that hand and the next ones, one per "
           "seat, are doubled.", choices=BOOL, default=False),
    Option("leaster_second_winner", "Leaster second winner", "Nobody picks",
           "A leaster may name a second winner (a tie for fewest points): he collects one "
           "share, the winner the rest.", choices=BOOL, default=False),
    Option("makes_doubler", "Hands that make a doubler", "Doublers",
           "Which recorded hands double later hands: a throw-in, a misdeal, a 60-60 tie, "
           "a leaster, a schwanzer.", choices=tuple(Doubler), many=True,
           default=(Doubler.NO_PICK,)),
)

OPTION_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}
assert [o.key for o in OPTIONS] == [f.name for f in fields(Rules)]

#: Options added after the first release: rules frozen before them lack them.
LATER = ("no_trick_pick_points", "renege_points", "board_points", "penalties_doubled",
         "schwarz", "bump_on_no_trick", "shares", "cap", "smith_rule",
         "last_round_doubled", "leaster_second_winner", "makes_doubler")


def with_later_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each option added since it was frozen at its default
    (or None where it doesn't apply), as :func:`resolve` would have made it."""
    filled = dict(values)
    if "makes_doubler" not in filled:
        # Before the option, ``previous`` doublers counted a misdeal as well.
        filled["makes_doubler"] = (["no-pick", "misdeal"] if filled.get("doublers") == "previous"
                                   else ["no-pick"])
    for key in LATER:
        if key not in filled:
            option = OPTION_BY_KEY[key]
            filled[key] = _plain(option.default) if option.applies(filled) else None
    return filled



def in_effect(rules: Rules) -> tuple[tuple[Option, OptionValue], ...]:
    """The options that apply to ``rules`` and change something there, with
    their values, in declaration order: what a Rules page lists."""
    values = rules.to_dict()
    return tuple((option, values[option.key]) for option in OPTIONS
                 if option.applies(values) and option.matters(values))


def find_option(key: str) -> Option:
    """The option called ``key``; a ValueError names the valid keys otherwise."""
    try:
        return OPTION_BY_KEY[key]
    except KeyError:
        raise ValueError(
            f"Unknown option {key!r}; the options are: {', '.join(OPTION_BY_KEY)}"
        ) from None


def resolve(base: Mapping[str, OptionValue], overrides: Mapping[str, object]) -> Rules:
    """Apply ``overrides`` to a preset's values, check them, and freeze them.

    Options are checked in declaration order, so an option whose relevance
    depends on another (``called_ace_buried`` on ``partner``) sees that one
    already checked.  An option that stops applying becomes ``None``; one that
    starts applying takes its default.
    """
    for key in overrides:
        find_option(key)
    values: dict[str, Any] = {**base, **overrides}
    for option in OPTIONS:
        key = option.key
        if option.applies(values):
            if values.get(key) is None and key not in overrides and option.default is not None:
                values[key] = option.default
            values[key] = option.check(values.get(key))
        elif overrides.get(key) is not None:
            raise OptionError(f"{key} does not apply to this table ({_why_not(key)})", key)
        else:
            values[key] = None
    _check_combination(values)
    return Rules(**values)


def _why_not(key: str) -> str:
    return {
        "called_ace_buried": "it needs partner = called-ace",
        "no_pick_same_dealer": "it needs nobody_picks = no-pick",
        "no_trick_pick_points": "it needs no_trick_pick_penalty = true",
        "renege_points": "it needs renege = penalty (penalty-8 is always 8)",
        "board_points": "it needs called_ace_buried = pay-the-board",
    }.get(key, "two-handed has no blind")


def _check_combination(v: Mapping[str, Any]) -> None:
    seats, partner = v["seats"], v["partner"]
    if v["deck"] == 26 and seats != 4:
        raise OptionError("The 26-card deck is for four players (seats = 4)", "deck")
    if partner == Partner.JD_AND_RIGHT and seats != 6:
        raise OptionError("partner = jd-and-right is the six-handed method (seats = 6)", "partner")
    if partner == Partner.JD_AND_DIE and seats != 7:
        raise OptionError("partner = jd-and-die is the seven-handed method (seats = 7)", "partner")
    if partner in (Partner.CALLED_ACE, Partner.JACK_OF_DIAMONDS) and seats < 4:
        raise OptionError(f"partner = {partner} needs at least 4 players per hand", "partner")
    if v["jd_in_pickers_hand"] == JdInPickersHand.CALL_UP_JH and not Partner(partner).by_jack:
        raise OptionError("jd_in_pickers_hand = call-up-jh needs a jack-of-diamonds partner "
                          "method", "jd_in_pickers_hand")
    if seats == 2 and v["steal_blind"]:
        raise OptionError("Two-handed has no blind to steal (steal_blind must be false)",
                          "steal_blind")
    for hand in (Doubler.LEASTER, Doubler.SCHWANZER):
        if hand in v["makes_doubler"] and v["nobody_picks"] != hand:
            raise OptionError(f"makes_doubler names {hand}, but this table never plays a "
                              f"{hand}: when everybody passes it plays "
                              f"nobody_picks = {v['nobody_picks'] or 'none (two-handed)'}",
                              "makes_doubler")
