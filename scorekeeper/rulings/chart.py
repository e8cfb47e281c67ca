"""The payout chart as a page lays it out: the engine's chart split into the
tables a player reads (with a partner, alone), headed in players' words,
with the points behind each row; and a preset's card for comparing presets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from scorekeeper.rules import PRESETS, Chart, ChartRow, Preset, Rules, find_option, payout_chart
from scorekeeper.rulings.text import lines, option_words

# What a group looks at first when choosing a preset, in this order.
KEY_RULES = ("seats", "deck", "partner", "nobody_picks", "ladder", "schneider_line", "bump",
             "alone_factor", "doublers", "max_cracks", "blitz", "renege")
EXTRAS = ("round_of_doubles", "declared_doubler", "steal_blind", "no_trick_pick_penalty")


def point_ranges(rules: Rules) -> dict[str, str]:
    """The picking side's points behind each chart row, with this rule set's schneider
    lines (the trick rows need no range: their label says it all)."""
    lost, won = lines(rules)
    return {"win-schneider": f"{won}+", "win": f"61–{won - 1}", "lose": f"{lost + 1}–60",
            "lose-schneider": f"≤{lost}"}


@dataclass(frozen=True)
class ChartTable:
    """One table of the payout chart: the picker with his partner(s), or alone."""

    mode: str
    title: str
    columns: tuple[tuple[str, str], ...]
    rows: tuple[tuple[ChartRow, Mapping[str, int]], ...]


def chart_tables(rules: Rules, chart: Chart) -> list[ChartTable]:
    """The engine's chart as the tables a page shows, with headings in players' words."""
    tables = []
    if chart.partners:
        mates = "two partners" if chart.partners == 2 else "a partner"
        each = "Each partner" if chart.partners == 2 else "Partner"
        tables.append(ChartTable(
            "partner", f"Picker with {mates}, against {chart.defenders_with_partner}",
            (("picker", "Picker"), ("partner", each), ("defender", "Each defender")),
            tuple((row, row.with_partner) for row in chart.rows if row.with_partner)))
    if rules.seats == 2:
        title, other = "One player against the other", "Other player"
    else:
        alone = "alone" if rules.has_partner else "on his own"
        title, other = f"Picker {alone}, against {chart.defenders_alone}", "Each defender"
    tables.append(ChartTable("alone", title, (("picker", "Picker"), ("defender", other)),
                             tuple((row, row.alone) for row in chart.rows)))
    if chart.others:
        tables.append(ChartTable("other", "Other hands", (("named", "That player"),
                                                          ("other", "Each other player")),
                                 tuple((row, row.alone) for row in chart.others)))
    return tables


@dataclass(frozen=True)
class PresetCard:
    """One preset on the comparison page: its key rules and its chart in points."""

    preset: Preset
    rules: Rules
    key_rules: list[tuple[str, str]]
    extras: list[str]
    charts: list[ChartTable]
    ranges: dict[str, str]


def preset_card(preset: Preset) -> PresetCard:
    """A preset's key rules, extras and chart in points, for the comparison page."""
    rules = preset.rules
    values = rules.to_dict()
    key_rules = [(find_option(key).label, option_words(key, values[key])) for key in KEY_RULES]
    extras = [find_option(key).label for key in EXTRAS if values[key]]
    return PresetCard(preset, rules, key_rules, extras, chart_tables(rules, payout_chart(rules)),
                      point_ranges(rules))


@cache
def preset_payouts() -> list[tuple[str, str, dict[str, int]]]:
    """Per preset, what the picker gets for the common outcomes (points, plain
    hand), from the engine's own payout chart: the start page's side-by-side."""
    wanted = ("win", "win-schneider", "lose", "lose-schneider")
    out = []
    for preset in PRESETS.values():
        chart = payout_chart(preset.rules)
        picker = {row.key: (row.with_partner or row.alone)["picker"] for row in chart.rows}
        cells = {key: picker[key] for key in wanted}
        alone = next(row.alone["picker"] for row in chart.rows if row.key == "win")
        cells["alone"] = alone
        out.append((preset.id, preset.name, cells))
    return out
