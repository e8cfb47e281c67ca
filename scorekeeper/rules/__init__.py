"""The pure rules engine: the game's vocabulary, presets and house-rule
options, which fields a hand has and what the rules fill in, hand checks,
payouts, the replay of a night and the payout chart.

Standard library only; the ledger, the services and the web app sit on top.
"""

from __future__ import annotations

from scorekeeper.rules.chart import OUTCOMES, Chart, ChartRow, payout_chart
from scorekeeper.rules.deal import deal, next_dealer, sit_out
from scorekeeper.rules.fields import allowed_kinds, complete_hand, fields_for, right_of, shown_for
from scorekeeper.rules.hand import Hand, HandError, check_hand
from scorekeeper.rules.night import HandResult, Night, NightError, replay
from scorekeeper.rules.option import Option
from scorekeeper.rules.option_list import OPTIONS, find_option
from scorekeeper.rules.options import Rules
from scorekeeper.rules.presets import PRESETS, Preset, find_preset, make_rules
from scorekeeper.rules.scoring import Multiple, Outcome, multiplier, outcome, paid_multiple, score
from scorekeeper.rules.seating import Seating, table_at
from scorekeeper.rules.vocabulary import (
    CalledAceBuried,
    Cap,
    Doubler,
    Doublers,
    JdInPickersHand,
    Kind,
    Ladder,
    NobodyPicks,
    Partner,
    Renege,
    SchneiderLine,
    Schwarz,
    Shares,
    Tricks,
)

__all__ = [
    "OPTIONS", "OUTCOMES", "PRESETS",
    "CalledAceBuried", "Cap", "Chart", "ChartRow", "Doubler", "Doublers", "Hand", "HandError",
    "HandResult",
    "JdInPickersHand", "Kind", "Ladder", "Multiple", "Night", "NightError", "NobodyPicks", "Option",
    "Outcome", "Partner", "Preset", "Renege", "Rules", "SchneiderLine", "Schwarz", "Seating",
    "Shares",
    "Tricks",
    "allowed_kinds", "check_hand", "complete_hand", "deal", "fields_for", "find_option",
    "find_preset", "make_rules", "multiplier", "next_dealer", "outcome", "paid_multiple",
    "payout_chart",
    "replay", "right_of", "score", "shown_for", "sit_out", "table_at",
]
