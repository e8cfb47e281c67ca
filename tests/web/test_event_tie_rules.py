"""The tie rule is chosen on the form that starts an event, each explained
with a two-line example; the event keeps it, and its board says for each
tie what broke it or that the players share the place."""

from __future__ import annotations

import html

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, db
from scorekeeper.ledger.events import TIE_RULES

API = "/api/v1"


def test_the_start_form_offers_every_tie_rule_with_its_example(client: FlaskClient) -> None:
    page = html.unescape(client.get("/e/new").get_data(as_text=True))
    assert 'id="tie-breaks"' in page
    for name, rule in TIE_RULES.items():
        assert f'value="{name}"' in page and rule.title in page
        assert rule.example[0] in page and rule.example[1] in page


def test_an_event_started_with_total_only_splits_its_ties_on_the_board(
        app: Flask, client: FlaskClient) -> None:
    made = client.post("/e/new", data={
        "name": "Festival", "preset": "called-ace", "sessions": "1", "rounds": "1",
        "entry": "10", "share": "100", "places": "50, 30, 20", "session_high": "0",
        "ties": "total"})
    assert made.status_code == 302, made.get_data(as_text=True)
    event_id = int(made.headers["Location"].rsplit("/", 1)[1])
    with client.session_transaction() as cookie:
        token = cookie["events"][str(event_id)]
    director = {"Authorization": f"Bearer {token}"}
    event = client.get(f"{API}/events/{event_id}", headers=director).get_json()
    assert event["tie_breaks"] == ["total"]
    assert client.post(f"{API}/events/{event_id}/players", headers=director, json={
        "checked_in": True, "players": [{"name": n} for n in
                                        ("Ann", "Bob", "Cal", "Dot", "Eve")]}).status_code == 201
    drawn = client.post(f"{API}/events/{event_id}/sessions/1/draw", headers=director,
                        json={"seed": 1}).get_json()
    table = drawn["tables"][0]
    # a ticket with three players tied on 0 behind the leader
    totals = dict(zip(table["players"], (6, -6, 0, 0, 0), strict=True))
    assert client.post(f"{API}/events/{event_id}/sessions/1/tables/1/ticket", headers=director,
                       json={"totals": totals}).status_code == 201
    board = client.get(f"{API}/events/{event_id}/standings", headers=director).get_json()
    tied = sorted(p["name"] for p in board["players"] if p["rank"] == 2)
    assert tied == sorted(n for n, p in totals.items() if p == 0)
    second = next(z for z in board["prizes"] if z["label"] == "2nd (tie)")
    # 2nd's and 3rd's 30 % + 20 % of the $50 pot, three ways: $8.33, whole dollars $8 each
    each = 5000 * (30 + 20) // 100 // 3 // 100 * 100
    assert (each, second["cents"]) == (800, 3 * each)
    with app.app_context():
        view = db.session.get_one(Event, event_id).view_token
    shown = html.unescape(client.get(f"/e/s/{view}").get_data(as_text=True))
    assert 'id="tie-notes"' in shown and "share 2nd on 0" in shown
