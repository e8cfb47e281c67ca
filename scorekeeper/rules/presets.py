"""The named ways of playing (docs/rules.md §6): each preset is a full set of
option values, a display name and the seed documents it follows.

A table's rules are a preset plus overrides; :func:`make_rules` resolves them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scorekeeper.rules.option import OptionValue
from scorekeeper.rules.options import Rules, resolve


@dataclass(frozen=True)
class Preset:
    """A named rule set as real tables play it."""

    id: str
    name: str
    summary: str
    seeds: tuple[str, ...]
    options: Mapping[str, OptionValue]

    @property
    def rules(self) -> Rules:
        """The preset's own rules, with no overrides."""
        return resolve(self.options, {})


_COMMON: dict[str, OptionValue] = {
    "seats": 5,
    "deck": 32,
    "partner": "none",
    "jd_in_pickers_hand": "alone",
    "ladder": "additive",
    "schneider_line": "at-30",
    "bump": 2,
    "alone_factor": 1,
    "nobody_picks": "leaster",
    "forced_loss_doubled": True,
    "doublers": "extend",
    "round_of_doubles": False,
    "max_cracks": 2,
    "blitz": False,
    "declared_doubler": False,
    "no_trick_pick_penalty": False,
    "steal_blind": False,
    "renege": "forfeit",
    "called_ace_buried": None,
    "leaster_needs_trick": True,
    "partner_spared_on_no_trick": False,
    "max_multiplier": None,
    "base": 1,
    "no_pick_same_dealer": None,
    "makes_doubler": ("no-pick",),
}


def _preset(id: str, name: str, summary: str, seeds: tuple[str, ...], **changes: OptionValue
            ) -> Preset:
    return Preset(id, name, summary, seeds, MappingProxyType({**_COMMON, **changes}))


PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        _preset("called-ace", "Five-handed, call an ace",
                "Milwaukee-style five: the picker calls a fail ace; leasters when all pass.",
                ("000", "001"), partner="called-ace", called_ace_buried="pay-the-board"),
        _preset("jack-of-diamonds", "Five-handed, jack of diamonds",
                "Five players; whoever holds J♦ is the partner; leasters when all pass.",
                ("001",), partner="jack-of-diamonds"),
        _preset("imsa", "IMSA five-handed",
                "J♦ partner, doubling ladder, loners and blitzes double, "
                "a throw-in doubles the next hand, renege costs 8 to each.",
                ("003",), partner="jack-of-diamonds", ladder="doubling",
                schneider_line="under-30", alone_factor=2, nobody_picks="no-pick",
                doublers="previous", max_cracks=3, blitz=True, declared_doubler=True,
                renege="penalty-8", makes_doubler=("no-pick", "misdeal")),
        _preset("sheephead-4", "Four-handed Sheephead (26 cards)",
                "Four players, 26 cards, J♦ partner, loner pays triple, hands and "
                "rounds of doubles, no-trick-pick penalty, stealing the blind.",
                ("002",), seats=4, deck=26, partner="jack-of-diamonds", alone_factor=3,
                nobody_picks="no-pick", round_of_doubles=True, max_cracks=0,
                no_trick_pick_penalty=True, steal_blind=True, no_pick_same_dealer=True),
        _preset("three-handed", "Three-handed",
                "Three players; the picker plays alone against two.",
                ("001",), seats=3),
        _preset("four-handed", "Four-handed cut-throat (32 cards)",
                "Four players, 32 cards, four-card blind; the picker plays alone.",
                ("001",), seats=4),
        _preset("six-handed", "Six-handed",
                "J♦ holder and the player on the picker's right are partners.",
                ("001",), seats=6, partner="jd-and-right"),
        _preset("seven-handed", "Seven-handed",
                "J♦ holder and a player chosen by a die roll are partners.",
                ("001",), seats=7, partner="jd-and-die"),
        _preset("two-handed", "Two-handed",
                "Two players, no blind; each hand is one player against the other.",
                ("001",), seats=2, schneider_line="under-30", bump=1, max_cracks=0,
                nobody_picks=None, forced_loss_doubled=None, leaster_needs_trick=None),
    )
}


def find_preset(preset_id: str) -> Preset:
    """The preset called ``preset_id``; a ValueError names the valid ones otherwise."""
    try:
        return PRESETS[preset_id]
    except (KeyError, TypeError):
        raise ValueError(
            f"Unknown preset {preset_id!r}; choose one of: {', '.join(PRESETS)}"
        ) from None


def make_rules(preset_id: str, overrides: Mapping[str, object] | None = None) -> Rules:
    """A table's rules: the preset's options with ``overrides`` applied and checked."""
    return resolve(find_preset(preset_id).options, overrides or {})
