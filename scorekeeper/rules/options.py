"""A table's house rules (:class:`Rules`), frozen when the table starts, and
how they are resolved from a preset plus overrides and checked as a whole.

The option keys are the names used everywhere (API, exports, forms) and are
the ones in docs/rules.md §6; :mod:`scorekeeper.rules.option_list` lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from scorekeeper.rules.option import OptionError, OptionValue, plain
from scorekeeper.rules.option_list import (
    OPTION_BY_KEY,
    OPTIONS,
    find_option,
    with_later_options,
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
    # Added after the first release (docs/rules.md §9); rules frozen before them
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
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

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
    def most_partners(self) -> int:
        """How many partners a picker has at this table when he doesn't go alone:
        two by the six- and seven-handed methods, one otherwise, none without partners
        (the record form's partner buttons are one choice or several by this)."""
        if not self.has_partner:
            return 0
        return 2 if self.partner.two_partners else 1

    @property
    def bury_size(self) -> int:
        """How many cards the picking side buries (0 two-handed)."""
        return bury_size(self.seats, self.deck)

    @property
    def bury_points(self) -> int:
        """The most points a bury holds (aces, 11 each): all a picking side
        that took no trick can have."""
        return 11 * self.bury_size


def bury_size(seats: int, deck: int) -> int:
    """Cards buried by the picking side: the blind's size, by deal."""
    if seats == 2:
        return 0
    if seats == 7 or (seats == 4 and deck == 32):
        return 4
    return 2


#: The options are listed in the order of the Rules' fields.
assert [o.key for o in OPTIONS] == [f.name for f in fields(Rules)]


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
