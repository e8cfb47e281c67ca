"""Export and import: the CSV ledger, the JSON export, and importing it (page
and API) into an identical table, or refusing a bad file and creating nothing."""

from __future__ import annotations

import copy
import csv
import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.codec import decode
from scorekeeper.db.models import GameTable, db
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.import_checks import FORMAT
from scorekeeper.services.nights.state import TableState
from tests.fixtures_app import start_table
from tests.web.test_settle_pages import SIX, record, three_hands


def busy_table(client: FlaskClient) -> int:
    """Six players, a leaver who settled early, doubled hands, an edit, closed."""
    table_id = start_table(client, players=SIX, preset="jack-of-diamonds")
    record(client, table_id, picker="Bob", partners=["Cat"], points="40")
    record(client, table_id, picker="Dan", partners=["Eve"], points="95", cracks="1")
    record(client, table_id, kind="leaster", winner="Fay")
    client.post(f"/t/{table_id}/settle/leave", data={"name": "Cat"})
    record(client, table_id, picker="Ann", points="61", alone="y")
    client.post(f"/t/{table_id}/hand/confirm", data={
        "mode": "replace", "hand_id": "1",
        "hand_json": json.dumps({"kind": "picked", "picker": "Bob", "partners": ["Cat"],
                                 "points": 35})})
    client.post(f"/t/{table_id}/close")
    return table_id


def exported(client: FlaskClient, table_id: int) -> dict[str, Any]:
    response = client.get(f"/t/{table_id}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return json.loads(response.get_data(as_text=True))


def table_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(GameTable).count()


def state(app: Flask, table_id: int) -> dict[str, Any]:
    """What must survive a round trip: standings, hands, payments, settlement."""
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        result = settle_service.settlement(TableState.load(table))
        return {"standings": result.standings, "transfers": result.transfers,
                "early": [p.transfer for p in result.early],
                "hands": [decode(h.data) for h in table.hands], "rules": table.rules,
                "closed": table.closed_at is not None, "preset": table.preset,
                "stake": table.stake_cents}


def import_page(client: FlaskClient, text: str) -> Any:
    return client.post("/import", data={"text": text})


def test_the_export_holds_the_whole_table(client: FlaskClient) -> None:
    data = exported(client, busy_table(client))
    assert data["format"] == FORMAT
    assert [p["name"] for p in data["players"]] == SIX
    assert [p["present"] for p in data["players"]] == [True, True, False, True, True, True]
    assert len(data["hands"]) == 4 and data["closed"] is True
    assert data["early_payments"][0]["payer"] == "Cat"
    assert [e["action"] for e in data["audit"]][-2:] == ["edit", "close"]
    assert sum(data["balances"].values()) == 0


def test_export_then_import_gives_identical_standings_hands_and_settlement(
        app: Flask, client: FlaskClient) -> None:
    table_id = busy_table(client)
    data = exported(client, table_id)
    response = import_page(client, json.dumps(data))
    assert response.status_code == 302
    new_id = int(response.headers["Location"].split("/")[2])
    assert new_id != table_id
    assert state(app, new_id) == state(app, table_id)
    again = exported(client, new_id)
    assert again["audit"][:-1] == data["audit"]
    assert again["audit"][-1]["action"] == "import"
    assert {k: v for k, v in again.items() if k != "audit"} == \
        {k: v for k, v in data.items() if k != "audit"}


def test_an_uploaded_file_imports_like_pasted_text(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    body = client.get(f"/t/{table_id}/export.json").get_data()
    response = client.post("/import", data={"file": (io.BytesIO(body), "friday.json")},
                           content_type="multipart/form-data")
    new_id = int(response.headers["Location"].split("/")[2])
    assert state(app, new_id) == state(app, table_id)
    assert client.get(f"/t/{new_id}/hand/new").status_code == 200


def break_it(data: dict[str, Any], change: str) -> dict[str, Any]:
    """One way a file can go wrong."""
    data = copy.deepcopy(data)
    if change == "format":
        data["format"] = "something-else/2"
    elif change == "seats":
        data["players"][1]["seat"] = 0
    elif change == "preset":
        data["preset"] = "euchre"
    elif change == "missing-rule":
        del data["rules"]["bump"]
    elif change == "inconsistent-rules":
        data["rules"]["deck"] = 26
    elif change == "stranger-picks":
        data["hands"][0]["picker"] = "Zed"
    elif change == "impossible-hand":
        data["hands"][1]["points"] = 130
    elif change == "balances":
        data["balances"]["Ann"] += 1
    elif change == "payment":
        data["early_payments"] = [{"payer": "Ann", "payee": "Bob", "cents": -5,
                                   "at": "2024-01-01T00:00:00+00:00"}]
    elif change == "audit":
        data["audit"] = [{"action": 7}]
    elif change == "stake":
        data["stake_cents"] = "25"
    elif change == "name":
        data["name"] = 5
    elif change == "name-too-long":
        data["name"] = "x" * 81
    elif change == "nobody-left":
        for p in data["players"]:
            p["present"] = False
    return data


BROKEN = [
    ("format", "isn't a scorekeeper export"),
    ("seats", "seats must be 0, 1, 2"),
    ("preset", "unknown preset 'euchre'"),
    ("missing-rule", "missing bump"),
    ("inconsistent-rules", "26-card deck is for four players"),
    ("stranger-picks", "Zed isn't a player at this table"),
    ("impossible-hand", "hand 2"),
    ("balances", "balances don't match its hands"),
    ("payment", "early payment 1"),
    ("audit", "history entry 1"),
    ("stake", "stake_cents must be a whole number"),
    ("nobody-left", "at least one player must still be at the table"),
    ("name", "Not imported: name must be the table's name. Nothing was created."),
    ("name-too-long", "Not imported: give the table a name (up to 80 characters). Nothing"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_an_inconsistent_file_is_refused_with_a_clear_message_and_creates_nothing(
        app: Flask, client: FlaskClient, change: str, message: str) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    bad = break_it(exported(client, table_id), change)
    before = table_count(app)
    response = import_page(client, json.dumps(bad))
    page = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400
    assert message in page and "Nothing was created" in page
    assert page.count("Not imported") == page.count("Nothing was created") == 1  # said once
    assert table_count(app) == before


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "this isn't valid JSON"),
    ("", "choose a .json export or paste one"),
    ("[1, 2, 3]", "one JSON object"),
    ('{"format": "sheepshead-scorekeeper/1", "name": NaN}', "NaN is not allowed"),
    ("[" * 100_000, "nested too deeply"),
])
def test_malformed_json_is_refused_and_creates_nothing(
        app: Flask, client: FlaskClient, text: str, message: str) -> None:
    start_table(client)
    before = table_count(app)
    response = import_page(client, text)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True).replace("&#39;", "'")
    assert table_count(app) == before


def test_a_file_that_is_not_text_is_refused(app: Flask, client: FlaskClient) -> None:
    response = client.post("/import", data={"file": (io.BytesIO(b"\xff\xfe\x00\x89PNG"),
                                                     "photo.json")},
                           content_type="multipart/form-data")
    assert "the file isn't text" in response.get_data(as_text=True).replace("&#39;", "'")
    assert table_count(app) == 0


# --- the JSON API -------------------------------------------------------------------

def tokens(client: FlaskClient, app: Flask, table_id: int) -> tuple[str, str]:
    with client.session_transaction() as session:
        edit = session["editors"][str(table_id)]
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        return edit, table.view_token


def test_api_export_needs_the_edit_token_as_the_export_page_does(
        app: Flask, client: FlaskClient) -> None:
    """The export holds the history (which device edited what): the scorekeeper's,
    not the share link's."""
    table_id = busy_table(client)
    edit, view = tokens(client, app, table_id)
    url = f"/api/v1/tables/{table_id}/export"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    by_view = client.get(url, headers={"Authorization": f"Bearer {view}"})
    assert by_view.status_code == 403 and "error" in by_view.get_json()
    by_edit = client.get(url, headers={"Authorization": f"Bearer {edit}"})
    assert by_edit.status_code == 200
    assert by_edit.get_json() == exported(client, table_id)
    viewer = app.test_client()
    assert viewer.get(f"/t/{table_id}/export.json").status_code == 403


def test_api_import_answers_like_table_creation_and_round_trips(
        app: Flask, client: FlaskClient) -> None:
    table_id = busy_table(client)
    edit, _ = tokens(client, app, table_id)
    data = client.get(f"/api/v1/tables/{table_id}/export",
                      headers={"Authorization": f"Bearer {edit}"}).get_json()
    app.config["SCOREKEEPER_BASE_URL"] = "https://cards.example/"
    response = app.test_client().post("/api/v1/tables/import", json=data)
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "edit_token", "view_token", "view_url", "rules"}
    assert body["view_url"] == f"https://cards.example/s/{body['view_token']}"
    assert body["rules"] == data["rules"]
    assert response.headers["Location"] == f"/api/v1/tables/{body['id']}"
    assert state(app, body["id"]) == state(app, table_id)
    mine = client.get(f"/api/v1/tables/{body['id']}/export",
                      headers={"Authorization": f"Bearer {body['edit_token']}"})
    assert mine.status_code == 200


def test_api_view_url_falls_back_to_this_host(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    data = exported(client, table_id)
    body = client.post("/api/v1/tables/import", json=data).get_json()
    assert body["view_url"] == f"http://localhost/s/{body['view_token']}"


@pytest.mark.parametrize("body", [b"{broken", b"[]", b"\xff\xfe", b""])
def test_api_import_refuses_malformed_json_with_a_400_and_creates_nothing(
        app: Flask, client: FlaskClient, body: bytes) -> None:
    response = client.post("/api/v1/tables/import", data=body,
                           content_type="application/json")
    assert response.status_code == 400
    assert "Nothing was created" in response.get_json()["error"]
    assert table_count(app) == 0


def test_api_import_names_the_field_at_fault(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    bad = break_it(exported(client, table_id), "preset")
    response = client.post("/api/v1/tables/import", json=bad)
    assert response.status_code == 400
    assert response.get_json()["field"] == "preset"
    assert table_count(app) == 1


# --- CSV ------------------------------------------------------------------------------

def test_the_csv_is_the_ledger_grid_with_a_totals_row(client: FlaskClient) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    response = client.get(f"/t/{table_id}/export.csv")
    assert response.mimetype == "text/csv"
    assert 'filename="friday-' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["Hand", "Dealer", "What happened", "Ann", "Bob", "Cat", "Dan", "Eve"]
    assert rows[1] == ["1", "Ann", "Ann with Cat, 75 points", "2", "-1", "1", "-1", "-1"]
    assert rows[4] == ["Total", "", "points", "3", "-10", "2", "5", "0"]
    assert rows[5][3:] == ["0.75", "-2.50", "0.50", "1.25", "0.00"]


def test_csv_cells_that_look_like_formulas_stay_text(client: FlaskClient) -> None:
    table_id = start_table(client, players=["=SUM(A1)", "Bob", "Cat", "Dan", "Eve"])
    rows = list(csv.reader(io.StringIO(
        client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))))
    assert rows[0][3] == "'=SUM(A1)"


def test_a_sitting_out_player_has_an_empty_cell(client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    record(client, table_id, picker="Bob", partners=["Cat"], points="75")
    rows = list(csv.reader(io.StringIO(
        client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))))
    assert rows[1][3] == ""  # Ann dealt and sat out


def test_an_export_made_before_the_newer_options_imports_with_their_defaults(
        app: Flask, client: FlaskClient) -> None:
    from scorekeeper.rules.option_list import LATER
    table_id = busy_table(client)
    edit, _ = tokens(client, app, table_id)
    data = client.get(f"/api/v1/tables/{table_id}/export",
                      headers={"Authorization": f"Bearer {edit}"}).get_json()
    for key in LATER:
        data["rules"].pop(key)
    answer = client.post("/api/v1/tables/import", json=data)
    assert answer.status_code == 201, answer.get_json()
    assert state(app, answer.get_json()["id"]) == state(app, table_id)
    data["rules"]["evil"] = 1
    assert client.post("/api/v1/tables/import", json=data).status_code == 400
