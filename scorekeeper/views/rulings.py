"""Rulings and the payout chart, answered from a rule set: for a table (the
scorekeeper, or anyone holding its share link, read-only), for a preset
before a table exists, and the presets side by side.

The answers come from :mod:`scorekeeper.rulings` and the chart from the
engine's ``payout_chart``; this module only picks the rule set, filters by
the search words and lays the result out.  The search list is one partial
(``rulings/_rulings_list.html``) rendered inside the page and alone for an
htmx request, so the search box works with and without JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from scorekeeper.rules import (
    PRESETS,
    Chart,
    ChartRow,
    Preset,
    Rules,
    find_option,
    find_preset,
    payout_chart,
)
from scorekeeper.rules.options import OptionValue
from scorekeeper.rulings import Ruling, rulings, search
from scorekeeper.rulings_text import lines
from scorekeeper.services import NotFound
from scorekeeper.services.tables import get_table, table_by_view_token, table_rules
from scorekeeper.views.auth import require_editor

bp = Blueprint("rulings", __name__)

MAX_QUERY = 100
# The share link is a secret: keep it out of referrers, caches and search engines.
PRIVATE = {"Cache-Control": "no-cache, private", "Referrer-Policy": "no-referrer",
           "X-Robots-Tag": "noindex"}
# What a group looks at first when choosing a preset, in this order.
KEY_RULES = ("seats", "deck", "partner", "nobody_picks", "ladder", "schneider_line", "bump",
             "alone_factor", "doublers", "max_cracks", "blitz", "renege")
EXTRAS = ("round_of_doubles", "declared_doubler", "steal_blind", "no_trick_pick_penalty")
VALUE_WORDS: dict[str, str] = {
    "none": "nobody (alone)", "called-ace": "call an ace", "jack-of-diamonds": "J♦ holder",
    "jd-and-right": "J♦ + picker's right", "jd-and-die": "J♦ + die roll",
    "alone": "play alone", "call-up-jh": "call up J♥", "at-30": "at 30",
    "under-30": "under 30", "31-both": "31 for both", "leaster": "leaster",
    "no-pick": "throw in, doubler", "forced-pick": "dealer must pick",
    "extend": "one per throw-in", "stack": "stack", "previous": "next hand only",
    "penalty-8": "8 to each", "forfeit": "side forfeits", "pay-the-board": "pay the board",
    "play-alone": "play alone", "redeal": "redeal",
}
CRACKS = ("none", "crack", "re-crack", "triple crack")


# --- words for option values ---------------------------------------------------------


def option_words(key: str, value: OptionValue) -> str:
    """An option's value as a player would say it ("under 30", "×2", "yes")."""
    if value is None:
        return "no cap" if key == "max_multiplier" else "doesn't apply"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in ("bump", "alone_factor"):
        return f"×{value}"
    if key == "max_cracks" and isinstance(value, int):
        return CRACKS[value]
    if key == "deck":
        return f"{value} cards"
    return VALUE_WORDS.get(str(value), str(value))


def follows(rules: Rules) -> Callable[[Ruling], list[tuple[str, str]]]:
    """For the template: (option label, this rule set's value) for each option a ruling follows."""
    values = rules.to_dict()

    def labels(ruling: Ruling) -> list[tuple[str, str]]:
        return [(find_option(key).label, option_words(key, values[key]))
                for key in ruling.options]

    return labels


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
    return tables


def mark_words(text: str, query: str) -> Markup:
    """``text`` escaped, with each search word wrapped in ``<mark>``."""
    words = sorted(set(query.split()), key=len, reverse=True)
    if not words:
        return Markup(escape(text))
    pattern = re.compile("|".join(re.escape(word) for word in words), re.IGNORECASE)
    parts: list[Markup] = []
    last = 0
    for found in pattern.finditer(text):
        parts += [escape(text[last:found.start()]), Markup("<mark>%s</mark>") % found.group(0)]
        last = found.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


bp.add_app_template_filter(mark_words, "mark_words")


def by_topic(found: list[Ruling]) -> list[tuple[str, list[Ruling]]]:
    """Rulings grouped by topic, topics in the order the rulings come in."""
    groups: dict[str, list[Ruling]] = {}
    for ruling in found:
        groups.setdefault(ruling.topic, []).append(ruling)
    return list(groups.items())


# --- one rulings page, three ways in -----------------------------------------------------


def _query() -> str:
    return " ".join(request.args.get("q", "").split())[:MAX_QUERY]


def _rulings_page(template: str, rules: Rules, **context: Any) -> Response:
    """The page, or just the filtered list when htmx asks for it."""
    q = _query()
    every = rulings(rules)
    found = search(every, q)
    doubled = request.args.get("doubled") == "1"
    here = url_for(str(request.endpoint), **(request.view_args or {}))
    context.update(groups=by_topic(found), found=len(found), total=len(every), q=q,
                   follows=follows(rules), here=here)
    if request.headers.get("HX-Request") and not request.headers.get("HX-Boosted"):
        body = render_template("rulings/_rulings_list.html", **context)
    else:
        topics = [topic for topic, _ in by_topic(every)]
        body = render_template(template, rules=rules, topics=topics, doubled=doubled,
                               charts=chart_tables(rules, payout_chart(rules, 1 if doubled else 0)),
                               ranges=point_ranges(rules), **context)
    response = make_response(body)
    response.vary.add("HX-Request")
    return response


@bp.get("/t/<int:table_id>/rulings")
def table_rulings(table_id: int) -> Response:
    """The scorekeeper's rulings and payout chart for this table's frozen rules."""
    table = get_table(table_id)
    require_editor(table)
    return _rulings_page("rulings/table.html", table_rules(table), table=table,
                         stake=table.stake_cents, active="rulings")


@bp.get("/s/<token>/rulings")
def shared_rulings(token: str) -> Response:
    """The same rulings for anyone with the share link: no forms, no edit links."""
    try:
        table = table_by_view_token(token)
    except NotFound as error:
        abort(404, error.message)
    live = "share.view" in current_app.view_functions
    response = _rulings_page("rulings/shared.html", table_rules(table), table=table,
                             stake=table.stake_cents,
                             live_url=url_for("share.view", token=token) if live else None)
    response.headers.update(PRIVATE)
    return response


def _preset(preset_id: str) -> Preset:
    try:
        return find_preset(preset_id)
    except ValueError as error:
        abort(404, str(error))


@bp.get("/presets/<preset_id>/rulings")
def preset_rulings(preset_id: str) -> Response:
    """A preset's rulings and chart (in points), before any table uses it."""
    preset = _preset(preset_id)
    return _rulings_page("rulings/preset.html", preset.rules, preset=preset, stake=None)


# --- the presets side by side ------------------------------------------------------------


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
    rules = preset.rules
    values = rules.to_dict()
    key_rules = [(find_option(key).label, option_words(key, values[key])) for key in KEY_RULES]
    extras = [find_option(key).label for key in EXTRAS if values[key]]
    return PresetCard(preset, rules, key_rules, extras, chart_tables(rules, payout_chart(rules)),
                      point_ranges(rules))


@bp.get("/presets")
def presets() -> str:
    """Every preset's key rules and payouts side by side, to pick the one a group plays."""
    return render_template("rulings/presets.html",
                           cards=[preset_card(preset) for preset in PRESETS.values()])
