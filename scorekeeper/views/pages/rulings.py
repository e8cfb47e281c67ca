"""Rulings and the payout chart, answered from a rule set: for a table's
scorekeeper, for a preset before a table exists, and the presets side by
side.  (The same page behind a share link is in :mod:`scorekeeper.views.viewers.night`.)

The answers come from :mod:`scorekeeper.rulings`; this module only picks the
rule set, asks the search words (a question the rules here don't cover is
said so, with the nearest rulings if any) and renders.  The search list is one
partial (``rulings/_rulings_list.html``) rendered inside the page and alone
for an htmx request, so the search box works with and without JavaScript.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.rules import PRESETS, Preset, Rules, find_preset, payout_chart
from scorekeeper.rulings import ask, by_topic, follows, rulings
from scorekeeper.rulings.chart import chart_tables, point_ranges, preset_card
from scorekeeper.views.access import load_table, permission

bp = Blueprint("rulings", __name__)

MAX_QUERY = 100


def _query() -> str:
    return " ".join(request.args.get("q", "").split())[:MAX_QUERY]


def rulings_page(template: str, rules: Rules, **context: Any) -> Response:
    """The page, or just the filtered list when htmx asks for it."""
    q = _query()
    every = rulings(rules)
    answer = ask(rules, q)
    doubled = request.args.get("doubled") == "1"
    here = url_for(str(request.endpoint), **(request.view_args or {}))
    context.update(groups=by_topic(answer.found), found=len(answer.found), total=len(every),
                   q=q, said=answer.said, covered=answer.covered, follows=follows(rules),
                   here=here)
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
@permission(Action.READ)
def table_rulings(table_id: int) -> Response:
    """The scorekeeper's rulings and payout chart for this table's frozen rules."""
    night = load_table(table_id)
    state = night.state
    return rulings_page("rulings/table.html", state.rules, table=state.table, state=state,
                        stake=state.table.stake_cents, active="rulings", access=night)


def _preset(preset_id: str) -> Preset:
    try:
        return find_preset(preset_id)
    except ValueError as error:
        abort(404, str(error))


@bp.get("/presets/<preset_id>/rulings")
@permission(OwnerAction.PUBLIC)
def preset_rulings(preset_id: str) -> Response:
    """A preset's rulings and chart (in points), before any table uses it."""
    preset = _preset(preset_id)
    return rulings_page("rulings/preset.html", preset.rules, preset=preset, stake=None)


@bp.get("/presets")
@permission(OwnerAction.PUBLIC)
def presets() -> str:
    """Every preset's key rules and payouts side by side, to pick the one a group plays."""
    return render_template("rulings/presets.html",
                           cards=[preset_card(preset) for preset in PRESETS.values()])
