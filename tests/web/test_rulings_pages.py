"""The rulings pages through Flask's test client: a table's rulings follow its
options, every chart cell is the engine's payout, the search box works with
and without htmx, the presets have their own pages and a comparison, and the
share link shows the rulings read-only."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.ledger.money import money
from scorekeeper.rules import PRESETS, Chart, Rules, payout_chart
from scorekeeper.rulings import by_topic, rulings, search
from tests.fixtures_app import start_table

SEVEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
CELL = re.compile(
    r'<td data-outcome="([^"]+)" data-mode="([^"]+)" data-role="([^"]+)" '
    r'data-points="(-?\d+)"(?: data-cents="(-?\d+)")?[^>]*>\s*'
    r'<span class="pts">([^<]+)</span>(?:<small class="cash">([^<]+)</small>)?')
RULING = re.compile(r'<article class="ruling" id="ruling-[^"]+" data-ruling="([^"]+)">'
                    r'(.*?)</article>', re.S)


# --- helpers ----------------------------------------------------------------------


def page(client: FlaskClient, url: str, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def shown_rulings(body: str) -> dict[str, str]:
    """Ruling id -> the article's text, as the page shows it (tags stripped)."""
    return {rid: html.unescape(re.sub(r"<[^>]+>", "", inner))
            for rid, inner in RULING.findall(body)}


def rules_of(app: Flask, table_id: int) -> Rules:
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        return Rules.from_dict(table.rules)


def view_token(app: Flask, table_id: int) -> str:
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        return table.view_token


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def expected_cells(chart: Chart, stake: int | None) -> set[tuple[Any, ...]]:
    """Every (outcome, mode, role, points, cents, shown points, shown money) the engine gives."""
    cells = set()
    tables = [(row, (("partner", row.with_partner), ("alone", row.alone))) for row in chart.rows]
    tables += [(row, (("other", row.alone),)) for row in chart.others]
    for row, modes in tables:
        for mode, payouts in modes:
            for role, points in (payouts or {}).items():
                cents = "" if stake is None else str(points * stake)
                cash = "" if stake is None else money(points * stake)
                cells.add((row.key, mode, role, str(points), cents, signed(points), cash))
    return cells


def cells_on(body: str) -> list[tuple[Any, ...]]:
    return CELL.findall(body)


# --- a table's rulings follow its options ---------------------------------------------


@pytest.mark.parametrize(("option", "value", "ruling", "before", "after"), [
    ("schneider_line", "under-30", "schneider", "30 or fewer points", "29 or fewer points"),
    ("steal_blind", "true", "steal-blind", "Once someone picks up the blind it is his",
     "may steal the blind"),
    ("nobody_picks", "forced-pick", "nobody-picks", "played as a leaster",
     "The dealer has to pick"),
    ("bump", "1", "bump", "a loss is paid double", "a loss costs exactly what"),
])
def test_a_ruling_on_the_page_changes_when_the_tables_option_changes(
        client: FlaskClient, option: str, value: str, ruling: str, before: str, after: str
        ) -> None:
    plain = start_table(client, "called-ace")
    override: dict[str, Any] = {option: value}
    changed = start_table(client, "called-ace", **override)
    old = shown_rulings(page(client, f"/t/{plain}/rulings"))[ruling]
    new = shown_rulings(page(client, f"/t/{changed}/rulings"))[ruling]
    assert before in old and before not in new
    assert after in new and after not in old


def test_each_ruling_names_the_options_it_follows_with_this_tables_value(
        client: FlaskClient) -> None:
    table_id = start_table(client, "called-ace", schneider_line="under-30")
    shown = shown_rulings(page(client, f"/t/{table_id}/rulings"))
    assert "Schneider line: under 30" in shown["schneider"]
    assert "Follows" in shown["ladder"] and "Bump: ×2" in shown["ladder"]
    assert "The same under every house rule" in shown["follow-suit"]


def test_interpretations_carry_a_badge_and_plain_rulings_do_not(client: FlaskClient,
                                                                table_id: int) -> None:
    body = page(client, f"/t/{table_id}/rulings")
    articles = dict(RULING.findall(body))
    assert 'class="badge interpretation"' in articles["renege"]
    assert 'class="badge interpretation"' not in articles["schneider"]


def test_the_page_shows_every_ruling_grouped_by_topic(client: FlaskClient, app: Flask,
                                                      table_id: int) -> None:
    body = page(client, f"/t/{table_id}/rulings")
    expected = rulings(rules_of(app, table_id))
    assert list(shown_rulings(body)) == [r.id for r in expected]
    for topic in {r.topic for r in expected}:
        assert f"<h2>{topic}</h2>" in body


# --- the payout chart is the engine's ------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("doubled", [False, True])
def test_every_chart_cell_on_the_page_equals_the_engines_payout(
        client: FlaskClient, app: Flask, preset: str, doubled: bool) -> None:
    table_id = start_table(client, preset, players=SEVEN)
    body = page(client, f"/t/{table_id}/rulings" + ("?doubled=1" if doubled else ""))
    chart = payout_chart(rules_of(app, table_id), doubling=1 if doubled else 0)
    cells = cells_on(body)
    assert len(cells) == len(set(cells)) == len(expected_cells(chart, 25))
    assert set(cells) == expected_cells(chart, 25)


def test_a_doubled_hand_pays_more_than_a_plain_one(client: FlaskClient, table_id: int) -> None:
    plain = {c[:3]: int(c[3]) for c in cells_on(page(client, f"/t/{table_id}/rulings"))}
    body = page(client, f"/t/{table_id}/rulings?doubled=1")
    doubled = {c[:3]: int(c[3]) for c in cells_on(body)}
    fixed = ("board", "renege")  # fixed penalties: doubled only with penalties_doubled
    assert all(abs(doubled[k]) > abs(plain[k]) for k in plain if plain[k] and k[0] not in fixed)
    assert all(doubled[k] == plain[k] for k in plain if k[0] in fixed)
    assert re.search(r'aria-current="true">Doubled hand', body)


def test_the_chart_uses_the_tables_stake(client: FlaskClient) -> None:
    response = client.post("/", data={"name": "Dimes", "players": SEVEN[:5],
                                      "preset": "called-ace", "stake_cents": "10"})
    table_id = int(response.headers["Location"].split("/")[2])
    body = page(client, f"/t/{table_id}/rulings")
    win = {c[2]: c for c in cells_on(body) if c[0] == "win" and c[1] == "partner"}
    assert win["picker"][4:] == ("20", "+2", "$0.20")
    assert "money at $0.10 a point" in body


# --- search ------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["buried", "tie", "doubler", "crack"])
@pytest.mark.parametrize("htmx", [False, True])
def test_search_finds_what_players_ask_about(client: FlaskClient, app: Flask, table_id: int,
                                             word: str, htmx: bool) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    body = page(client, f"/t/{table_id}/rulings?q={word}", **headers)
    found = search(rulings(rules_of(app, table_id)), word)
    assert found
    # Grouped by topic, the best answer's topic first: the best answer leads the page.
    assert list(shown_rulings(body)) == [r.id for _, group in by_topic(found) for r in group]
    assert list(shown_rulings(body))[0] == found[0].id
    assert f"<mark>{word}" in body.lower()
    assert ("<html" in body) is not htmx
    assert body.lstrip().startswith('<div id="rulings-list"') is htmx


def test_the_search_marks_whole_words_only(client: FlaskClient, table_id: int) -> None:
    body = page(client, f"/t/{table_id}/rulings?q=can the picker call an ace he holds")
    assert "<mark>picker</mark>" in body and "<mark>ace</mark>" in body
    inside = re.findall(r"\w<mark>|</mark>\w", body)
    assert inside == []  # never "h<mark>a</mark>nd" or "Ei<mark>the</mark>r"
    assert "<mark>the</mark>" not in body.lower() and "<mark>a</mark>" not in body.lower()
    assert list(shown_rulings(body))[0] == "call-own-ace"


def test_the_page_tells_caches_it_varies_with_htmx(client: FlaskClient, table_id: int) -> None:
    response = client.get(f"/t/{table_id}/rulings?q=tie", headers={"HX-Request": "true"})
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize("query", ["", "   "])
def test_an_empty_search_shows_every_ruling(client: FlaskClient, app: Flask, table_id: int,
                                            query: str) -> None:
    for headers in ({}, {"HX-Request": "true"}):
        body = page(client, f"/t/{table_id}/rulings?q={query}", **headers)
        assert len(shown_rulings(body)) == len(rulings(rules_of(app, table_id)))
        assert "mention" not in body


def test_a_search_with_no_hits_says_so(client: FlaskClient, table_id: int) -> None:
    for headers in ({}, {"HX-Request": "true"}):
        body = page(client, f"/t/{table_id}/rulings?q=zebra", **headers)
        assert shown_rulings(body) == {}
        assert "No ruling mentions “zebra”" in body
        assert f'href="/t/{table_id}/rulings">show all' in body


def test_search_words_are_escaped(client: FlaskClient, table_id: int) -> None:
    body = page(client, f"/t/{table_id}/rulings?q=<script>alert(1)</script>")
    assert "<script>alert" not in body
    assert "&lt;script&gt;" in body


def test_the_search_box_works_without_javascript_and_with_htmx(client: FlaskClient,
                                                              table_id: int) -> None:
    body = page(client, f"/t/{table_id}/rulings?q=tie&doubled=1")
    form = re.search(r'<form method="get" action="([^"]+)" role="search".*?</form>', body, re.S)
    assert form and form.group(1) == f"/t/{table_id}/rulings"
    assert 'name="q"' in form.group(0) and 'value="tie"' in form.group(0)
    assert f'hx-get="/t/{table_id}/rulings"' in form.group(0)
    assert 'name="doubled" value="1"' in form.group(0)


# --- who may see a table's rulings ------------------------------------------------------------


def test_only_the_scorekeeper_opens_the_tables_rulings(app: Flask, client: FlaskClient,
                                                      table_id: int) -> None:
    assert app.test_client().get(f"/t/{table_id}/rulings").status_code == 403
    assert client.get("/t/9999/rulings").status_code == 404


def test_the_table_tabs_link_to_the_rulings(client: FlaskClient, table_id: int) -> None:
    assert f'href="/t/{table_id}/rulings"' in page(client, f"/t/{table_id}")


def test_the_share_link_shows_the_rulings_read_only(app: Flask, client: FlaskClient,
                                                    table_id: int) -> None:
    token = view_token(app, table_id)
    viewer = app.test_client()
    response = viewer.get(f"/s/{token}/rulings")
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert len(shown_rulings(body)) == len(rulings(rules_of(app, table_id)))
    assert 'method="post"' not in body and "csrf" not in body.lower()
    assert f"/t/{table_id}/" not in body
    assert set(cells_on(body)) == expected_cells(payout_chart(rules_of(app, table_id)), 25)
    found = page(viewer, f"/s/{token}/rulings?q=crack", **{"HX-Request": "true"})
    assert "cracks" in shown_rulings(found)


def test_a_bad_share_token_finds_no_rulings(app: Flask, table_id: int) -> None:
    response = app.test_client().get("/s/not-a-real-token-at-all/rulings")
    assert response.status_code == 404
    assert "doesn't exist or was replaced" in html.unescape(response.get_data(as_text=True))


# --- presets before a table exists --------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_has_a_rulings_page_in_points(client: FlaskClient, preset: str) -> None:
    body = page(client, f"/presets/{preset}/rulings")
    rules = PRESETS[preset].rules
    assert html.escape(PRESETS[preset].name) in body
    assert list(shown_rulings(body)) == [r.id for r in rulings(rules)]
    assert set(cells_on(body)) == expected_cells(payout_chart(rules), None)
    found = page(client, f"/presets/{preset}/rulings?q=tie", **{"HX-Request": "true"})
    assert list(shown_rulings(found)) == [r.id for r in search(rulings(rules), "tie")]


def test_an_unknown_preset_is_a_404_that_names_the_real_ones(client: FlaskClient) -> None:
    response = client.get("/presets/euchre/rulings")
    body = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 404
    assert "Unknown preset 'euchre'" in body
    assert all(preset in body for preset in PRESETS)


def test_the_comparison_shows_every_presets_rules_and_chart(client: FlaskClient) -> None:
    body = page(client, "/presets")
    cards = dict(re.findall(r'<article class="preset-card" id="preset-[^"]+" '
                            r'data-preset="([^"]+)">(.*?)</article>', body, re.S))
    assert list(cards) == list(PRESETS)
    for preset_id, card in cards.items():
        rules = PRESETS[preset_id].rules
        assert html.escape(PRESETS[preset_id].name) in card
        assert f'href="/presets/{preset_id}/rulings"' in card
        assert "<dt>Partner</dt>" in card and "<dt>Schneider line</dt>" in card
        assert set(cells_on(card)) == expected_cells(payout_chart(rules), None)


def test_the_comparison_shows_what_sets_presets_apart(client: FlaskClient) -> None:
    cards = dict(re.findall(r'data-preset="([^"]+)">(.*?)</article>',
                            page(client, "/presets"), re.S))
    assert "<dt>Alone factor</dt><dd>×3</dd>" in cards["sheephead-4"]
    assert "<dt>Deck</dt><dd>26 cards</dd>" in cards["sheephead-4"]
    assert "Steal the blind" in cards["sheephead-4"]
    assert "<dt>Partner</dt><dd>call an ace</dd>" in cards["called-ace"]


def test_the_start_page_links_to_the_comparison(client: FlaskClient) -> None:
    body = page(client, "/")
    assert '<a href="/presets">Compare the presets\' payouts in full</a>' in body


def test_the_start_page_sets_the_presets_payouts_side_by_side(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    rows = dict(re.findall(r'<tr data-preset="([^"]+)">(.*?)</tr>', page, re.S))
    assert set(rows) == set(PRESETS)
    for preset_id, row in rows.items():
        chart = payout_chart(PRESETS[preset_id].rules)
        by_key = {r.key: r for r in chart.rows}
        expected = [(by_key[k].with_partner or by_key[k].alone)["picker"]
                    for k in ("win", "win-schneider", "lose", "lose-schneider")]
        expected.append(by_key["win"].alone["picker"])
        cells = [int(c.replace("−", "-").replace("+", ""))
                 for c in re.findall(r"<td[^>]*>([^<]+)</td>", row)]
        assert cells == expected, preset_id
    called_ace = re.findall(r"<td[^>]*>([^<]+)</td>", rows["called-ace"])
    assert called_ace == ["+2", "+4", "−4", "−8", "+4"]
