"""What the pages' scripts are told rather than knowing: the app's addresses
(every page carries them, the service worker is served them), the deck the
card counter shows and the bounds the form's scripts check, all from the
server's own url_map, engine and limits."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.limits import MAX_ADJUSTMENT, NOTE
from scorekeeper.rules import PRESETS, find_preset
from scorekeeper.rules.cards import TOTAL_POINTS, deck_for
from scorekeeper.views.client import FOR_VIEWERS, KEPT_PAGES, ROUTES
from tests.fixtures_app import start_table
from tests.web.test_share import view_token

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def carried_routes(page: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="app-routes">(.*?)</script>',
                      page, re.S)
    assert found, page[:500]
    routes: dict[str, str] = json.loads(found.group(1))
    return routes


def worker_told(client: FlaskClient) -> dict[str, Any]:
    """What /sw.js is served with in front of the worker's own code."""
    first = client.get("/sw.js").get_data(as_text=True).split("\n", 1)[0]
    prefix = "self.scorekeeperApp = "
    assert first.startswith(prefix) and first.endswith(";")
    told: dict[str, Any] = json.loads(first[len(prefix):-1])
    return told


def resolve(app: Flask, template: str) -> str:
    """The endpoint the app routes a template's address to, parts filled in."""
    path = PLACEHOLDER.sub(lambda part: "7" if part.group(1) == "table_id" else "tok_en-1",
                           template)
    endpoint, _ = app.url_map.bind("localhost").match(path)
    return str(endpoint)


def test_the_routes_every_page_carries_are_the_apps_own(app: Flask,
                                                         client: FlaskClient) -> None:
    table_id = start_table(client)
    pages = [client.get(path).get_data(as_text=True) for path in
             ("/", f"/t/{table_id}", f"/t/{table_id}/hand/new", "/offline")]
    carried = [carried_routes(page) for page in pages]
    assert all(routes == carried[0] for routes in carried)
    assert set(carried[0]) == set(ROUTES)
    for name, template in carried[0].items():
        assert resolve(app, template) == ROUTES[name], name
    assert carried[0]["record"] == "/t/{table_id}/hand/new"


def test_a_share_links_pages_carry_only_the_routes_their_scripts_use(
        app: Flask, client: FlaskClient) -> None:
    token = view_token(app, start_table(client))
    for path in ("", "/tv", "/summary", "/rulings"):
        carried = carried_routes(app.test_client().get(f"/s/{token}{path}")
                                 .get_data(as_text=True))
        assert set(carried) == set(FOR_VIEWERS), path
        for name, template in carried.items():
            assert resolve(app, template) == ROUTES[name], name


def test_the_service_worker_is_served_the_same_routes_and_files_that_exist(
        app: Flask, client: FlaskClient) -> None:
    told = worker_told(client)
    table_id = start_table(client)
    assert told["routes"] == carried_routes(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert set(told["kept"]) == set(KEPT_PAGES) <= set(told["routes"])
    assert set(told["imports"]) <= set(told["shell"])
    for path in told["shell"]:
        assert client.get(path).status_code == 200, path
        assert path.startswith(told["static"]) or path in (told["routes"]["offline"],
                                                           told["routes"]["manifest"])


def test_every_script_a_page_loads_is_kept_by_the_service_worker(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    shell = set(worker_told(client)["shell"])
    for path in ("/", f"/t/{table_id}", f"/t/{table_id}/hand/new", f"/t/{table_id}/share"):
        page = client.get(path).get_data(as_text=True)
        loaded = set(re.findall(r'<script src="([^"]+)"', page))
        assert loaded and loaded <= shell, path


def test_the_service_worker_answers_a_copy_it_has_with_not_modified(
        client: FlaskClient) -> None:
    first = client.get("/sw.js")
    again = client.get("/sw.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def counter_cards(page: str) -> list[tuple[str, int]]:
    counter = page[page.index('<section id="counter"'):]
    counter = counter[:counter.index("</section>")]
    return [(html.unescape(name), int(value)) for name, value in
            re.findall(r'data-card="([^"]+)" data-value="(\d+)"', counter)]


@pytest.mark.parametrize(("preset", "blanks"), [
    ("called-ace", "Nines, eights and sevens count nothing."),
    ("sheephead-4", "Nines, the 8♦ and the 7♦ count nothing."),
])
def test_the_card_counter_shows_the_point_cards_of_the_tables_deck(
        client: FlaskClient, preset: str, blanks: str) -> None:
    players = ["Ann", "Bob", "Cat", "Dan"] if preset == "sheephead-4" else None
    table_id = start_table(client, preset, players=players)
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    deck = deck_for(find_preset(preset).rules)
    assert counter_cards(page) == [(card.name, card.points) for card in deck.point_cards]
    assert f'data-deck-points="{TOTAL_POINTS}"' in page
    assert f'<strong id="counter-other">{TOTAL_POINTS}</strong>' in page
    assert blanks in page
    assert f'max="{TOTAL_POINTS}"' in page and f"of {TOTAL_POINTS}<" in page


def test_the_other_payment_boxes_are_told_the_servers_bounds(client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert f'id="adjust" data-most="{MAX_ADJUSTMENT}"' in page
    assert f'name="note" id="note" maxlength="{NOTE}"' in page


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_record_form_is_told_how_many_partners_a_picker_has(client: FlaskClient,
                                                                 preset: str) -> None:
    """One partner (the buttons are one choice) or two (several): the engine's fact."""
    rules = find_preset(preset).rules
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"][:rules.seats]
    page = client.get(f"/t/{start_table(client, preset, players=players)}/hand/new")
    told = re.search(r'data-most-partners="(\d)"', page.get_data(as_text=True))
    assert told and int(told.group(1)) == rules.most_partners
    assert rules.most_partners == (0 if not rules.has_partner
                                   else 2 if rules.partner.two_partners else 1)


def test_the_points_box_is_told_the_decks_points(client: FlaskClient) -> None:
    """"Every trick" fills the deck's points, read from the page."""
    page = client.get(f"/t/{start_table(client)}/hand/new").get_data(as_text=True)
    box = re.search(r'<input type="number" name="points" id="points"[^>]*>', page)
    assert box and f'data-deck-points="{TOTAL_POINTS}"' in box.group(0)
