"""How long a tournament table plays, on its pages and in the API: the start
page and POST /events take rounds of the deal or a fixed number of hands
(one of the two) with a hint that follows what is typed; the record form
counts the deals ("Hand 2 of 15" after a void); after its last hand the
table's phone lands on "Table done — waiting for the director" with its
results, a further hand gets that page (409) or a 409 in JSON, and no
ledger of a done table offers "Record hand"; the printed card and ticket
count the same deals; migration 0012 keeps an older event's rounds."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, db
from tests.fixtures_app import words
from tests.web.test_schema import downgrade, head, let_go, make_app, version_of

API = "/api/v1"
START = {"name": "Germanfest", "preset": "called-ace", "played_on": "2026-06-13",
         "sessions": "1", "rounds": "4", "entry": "0", "share": "90", "places": "",
         "session_high": "0"}
PICKED = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
          "blitzes": "0", "points": "75"}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _event(client: FlaskClient, players: int = 5, **plan: Any) -> tuple[dict[str, Any],
                                                                          dict[str, Any]]:
    """An event made through the API, its players checked in, session 1
    drawn: (the event as made, table 1 as drawn)."""
    made = client.post(f"{API}/events", json={"name": "Germanfest", "preset": "called-ace",
                                              "sessions": 1, **plan})
    assert made.status_code == 201, made.get_json()
    event = made.get_json()
    director = _auth(event["director_token"])
    assert client.post(f"{API}/events/{event['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, players + 1)],
    }).status_code == 201
    drawn = client.post(f"{API}/events/{event['id']}/sessions/1/draw", headers=director,
                        json={"seed": 3}).get_json()
    return event, drawn["tables"][0]


def _phone(app: Flask, table: dict[str, Any]) -> FlaskClient:
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["editors"] = {str(table["night"]): table["edit_token"]}
    return phone


def _director(app: Flask, event: dict[str, Any]) -> FlaskClient:
    director = app.test_client()
    with director.session_transaction() as cookie:
        cookie["events"] = {str(event["id"]): event["director_token"]}
    return director


def _hand(phone: FlaskClient, table: dict[str, Any], kind: str = "picked") -> Any:
    """A hand posted from the record form: the next two seated pick and partner."""
    form = phone.get(f"/t/{table['night']}/hand/new").text
    dealer = re.search(r'<span class="dealer"><bdi>([^<]+)</bdi>', form)
    assert dealer, form
    others = [p for p in table["players"] if p != dealer.group(1)]
    data = PICKED | {"picker": others[0], "partners": [others[1]]} if kind == "picked" \
        else {"kind": kind}
    return phone.post(f"/t/{table['night']}/hand/new", data=data)


# --- the start page and the API ---------------------------------------------------------

def test_the_start_page_takes_rounds_or_hands_with_a_hint_of_what_is_typed(
        app: Flask, client: FlaskClient) -> None:
    page = client.get("/e/new").text
    assert 'name="length" type="radio" value="hands"' in page and 'name="hands"' in page
    assert "4 rounds: 20 hands at a table of five, 24 at six (the dealer sits out)." in page
    assert "js/event-start." in page and "data-length-hints" in page
    typed = client.post("/e/new", data=START | {"rounds": "1", "name": ""}).text
    assert "1 round: 5 hands at a table of five, 6 at six" in typed
    four = client.post("/e/new", data=START | {"rounds": "2", "name": "",
                                               "preset": "sheephead-4"}).text
    assert "2 rounds: 8 hands at a table of four, 10 at five" in four
    one = client.post("/e/new", data=START | {"length": "hands", "hands": "1",
                                              "name": ""}).text
    assert "1 hand at every table, whatever its size" in one
    started = client.post("/e/new", data=START | {"length": "hands", "hands": "15"})
    assert started.status_code == 302
    with app.app_context():
        event = db.session.scalars(sa.select(Event)).one()
        assert (event.rounds, event.hands) == (None, 15)
    home = words(client.get(started.headers["Location"]))
    assert "1 session of 15 hands" in home


@pytest.mark.parametrize(("sent", "said"), [
    ({"length": "hands", "hands": ""}, "How many hands does every table play?"),
    ({"length": "hands", "hands": "81"}, "1 to 80 hands"),
    ({"length": "rounds", "rounds": ""}, "How many rounds of the deal?"),
    ({"length": "fixed"}, "Not a valid choice"),
])
def test_the_length_chosen_needs_its_number(app: Flask, client: FlaskClient,
                                            sent: dict[str, str], said: str) -> None:
    answer = client.post("/e/new", data=START | sent)
    assert answer.status_code == 400 and said in html.unescape(answer.text)
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_the_api_starts_an_event_of_hands_and_refuses_both(client: FlaskClient) -> None:
    event, _ = _event(client, hands=15)
    shown = client.get(f"{API}/events/{event['id']}", headers=_auth(event["director_token"]))
    assert (shown.get_json()["rounds"], shown.get_json()["hands"]) == (None, 15)
    both = client.post(f"{API}/events", json={"name": "Fest", "preset": "called-ace",
                                              "rounds": 4, "hands": 15})
    assert both.status_code == 400
    assert both.get_json()["field"] == "hands" and "not both" in both.get_json()["error"]
    assert client.post(f"{API}/events", json={"name": "Fest", "preset": "called-ace",
                                              "hands": 0}).status_code == 400


# --- the record form and the end of a table ------------------------------------------------

def test_the_record_form_counts_deals_so_a_void_keeps_its_number(
        app: Flask, client: FlaskClient) -> None:
    _, table = _event(client, hands=15)
    phone = _phone(app, table)
    assert _hand(phone, table).status_code == 302
    assert _hand(phone, table, "void").status_code == 302
    form = phone.get(f"/t/{table['night']}/hand/new").text
    assert re.search(r'<h1 data-deal="2" data-due="15">Hand 2 of 15</h1>', form), form


def test_after_the_last_hand_the_phone_waits_for_the_director(app: Flask,
                                                              client: FlaskClient) -> None:
    event, table = _event(client, rounds=1)
    phone = _phone(app, table)
    for _ in range(4):
        _hand(phone, table)
    last = _hand(phone, table)
    assert last.status_code == 302
    landed = phone.get(last.headers["Location"])
    text = html.unescape(landed.text)
    assert "Table done — waiting for the director" in text
    assert "5 of 5 hands dealt" in text and 'id="table-results"' in text
    assert all(name in text for name in table["players"])
    assert "Hand 5 saved" in text and 'id="hand-form"' not in text
    assert "Conflict" not in text

    again = phone.post(f"/t/{table['night']}/hand/new", data={"kind": "void"})
    assert again.status_code == 409
    assert "Table done — waiting for the director" in html.unescape(again.text)
    refused = client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json={"kind": "void"})
    assert refused.status_code == 409
    assert "is done for this session" in refused.get_json()["error"]
    assert len(client.get(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"])).get_json()) == 5

    for ledger in (phone.get(f"/t/{table['night']}").text,
                   _director(app, event).get(f"/t/{table['night']}").text):
        assert 'id="record-next"' not in ledger and "Record hand" not in ledger


def test_a_printed_card_and_ticket_count_the_deals_due(app: Flask, client: FlaskClient) -> None:
    event, _ = _event(client, players=11, hands=15)
    director = _director(app, event)
    cards = director.post(f"/e/{event['id']}/sessions/1/print/cards").text
    assert cards.count("15 hands · the first player deals first") == 2
    tickets = director.get(f"/e/{event['id']}/sessions/1/print/tickets").text
    first = re.split(r'class="sheet ticket[^"]*"', tickets)[1]
    assert "<td>15</td>" in first and "<td>16</td>" not in first


# --- migration 0012 ----------------------------------------------------------------------

def test_migration_0012_keeps_rounds_and_a_downgrade_gives_hands_their_rounds(
        tmp_path: Path) -> None:
    path = tmp_path / "hands.db"
    first = make_app(path)
    client = first.test_client()
    rounds, _ = _event(client, rounds=2)
    hands, _ = _event(client, hands=15)
    with first.app_context():
        downgrade(first, "0011")
        let_go()
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        kept = dict(conn.execute(sa.text("SELECT id, rounds FROM event")).all())
        columns = {c["name"] for c in sa.inspect(conn).get_columns("event")}
    old.dispose()
    assert kept == {rounds["id"]: 2, hands["id"]: 3} and "hands" not in columns
    again = make_app(path)
    assert version_of(path) == [head(again)]  # the newest revision, 0012 or later
    api = again.test_client()
    shown = api.get(f"{API}/events/{rounds['id']}", headers=_auth(rounds["director_token"]))
    assert (shown.get_json()["rounds"], shown.get_json()["hands"]) == (2, None)
    assert _event(api, hands=15)[0]["id"]
