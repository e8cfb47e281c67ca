"""The pure rules engine: presets and house-rule options, hand checks,
payouts, replay of a night, the payout chart and settling up.

Standard library only; the web app sits on top of it.
"""

from __future__ import annotations

from scorekeeper.rules.chart import OUTCOMES, Chart, ChartRow, payout_chart
from scorekeeper.rules.hand import HAND_FIELDS, Hand, HandError, Kind, Tricks, check_hand
from scorekeeper.rules.night import (
    HandResult,
    Night,
    NightError,
    deal,
    next_dealer,
    replay,
    sit_out,
)
from scorekeeper.rules.options import OPTIONS, Option, Rules, find_option
from scorekeeper.rules.presets import PRESETS, Preset, find_preset, make_rules
from scorekeeper.rules.scoring import Outcome, multiplier, outcome, score

__all__ = [
    "HAND_FIELDS", "OPTIONS", "OUTCOMES", "PRESETS",
    "Chart", "ChartRow", "Hand", "HandError", "HandResult", "Kind", "Night", "NightError",
    "Option", "Outcome", "Preset", "Rules", "Tricks",
    "check_hand", "deal", "find_option", "find_preset", "make_rules", "multiplier",
    "next_dealer", "outcome", "payout_chart", "replay", "score", "sit_out",
]
