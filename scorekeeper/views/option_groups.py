"""How the start page groups the house-rule options, so a table finds its
rule in seconds: each group with a line saying what is in it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules import OPTIONS, Option


@dataclass(frozen=True)
class Group:
    title: str
    line: str
    options: tuple[Option, ...]


_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("The table", "How many play each hand, the deck, and how partners are found.",
     ("seats", "deck", "partner", "jd_in_pickers_hand", "steal_blind")),
    ("When everyone passes", "Leaster, throw-in doubler, forced pick or schwanzer, and "
     "their details.", ("nobody_picks", "forced_loss_doubled", "leaster_needs_trick",
                        "leaster_second_winner", "no_pick_same_dealer")),
    ("Doublers", "What doubles later hands, how pending doublers combine, rounds of doubles.",
     ("makes_doubler", "doublers", "round_of_doubles", "last_round_doubled")),
    ("Announcements", "Cracks, blitzes and declared doublers.",
     ("max_cracks", "blitz", "declared_doubler")),
    ("What a hand pays", "The ladder, schneider and no-trick lines, the bump, going alone, "
     "the cap and the base.", ("ladder", "schneider_line", "schwarz", "bump",
                               "bump_on_no_trick", "alone_factor", "max_multiplier", "cap",
                               "base")),
    ("How the picking side splits", "Picker and partners' shares, and who pays when the "
     "picker takes no trick.", ("shares", "partner_spared_on_no_trick", "smith_rule")),
    ("Penalties", "Renege, the no-trick pick, a buried called ace, and whether doublers "
     "double them.", ("renege", "renege_points", "no_trick_pick_penalty",
                      "no_trick_pick_points", "called_ace_buried", "board_points",
                      "penalties_doubled")),
)

_BY_KEY = {option.key: option for option in OPTIONS}
GROUPS: tuple[Group, ...] = tuple(
    Group(title, line, tuple(_BY_KEY[key] for key in keys)) for title, line, keys in _GROUPS)
assert sorted(k for _, _, keys in _GROUPS for k in keys) == sorted(_BY_KEY), \
    "every option is in exactly one group"
