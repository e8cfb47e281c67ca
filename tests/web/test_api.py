"""The JSON API v1 contract (docs/api.md): every endpoint, every error
status, and that a refused request changes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import OPTIONS, PRESETS
from tests.conftest import PLAYERS
from tests.web.api_helpers import API, ApiTable, api_table, assert_error

OPTION_KEYS = [o.key for o in OPTIONS]
PICK = {"picker": "Ann", "partners": ["Cat"], "points": 75}


@pytest.fixture()
def table(client: FlaskClient) -> ApiTable:
    return api_table(client)


def close(app: Flask, table: ApiTable) -> None:
    with app.app_context():
        db.session.get(GameTable, table.id).closed_at = datetime.now(UTC)
        db.session.commit()


# --- presets and tables ------------------------------------------------------

def test_presets_list_every_preset_with_every_option_resolved(client: FlaskClient) -> None:
    response = client.get(f"{API}/presets")
    assert response.status_code == 200
    presets = response.get_json()
    assert [p["id"] for p in presets] == list(PRESETS)
    for preset in presets:
        assert list(preset["options"]) == OPTION_KEYS
        assert preset["seats"] == preset["options"]["seats"]
        assert preset["name"] and preset["summary"] and preset["seeds"]
    assert presets[0]["options"]["called_ace_buried"] == "pay-the-board"


def test_creating_a_table_returns_its_tokens_and_resolved_rules(client: FlaskClient) -> None:
    response = client.post(f"{API}/tables", json={
        "name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Zoë"],
        "preset": "imsa", "options": {"max_cracks": 1}, "stake_cents": 10})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "edit_token", "view_token", "view_url", "rules"}
    assert body["view_url"] == f"http://localhost/s/{body['view_token']}"
    assert list(body["rules"]) == OPTION_KEYS
    assert body["rules"]["max_cracks"] == 1 and body["rules"]["ladder"] == "doubling"
    assert response.headers["Location"] == f"{API}/tables/{body['id']}"
    assert body["edit_token"] != body["view_token"]


def test_the_stake_defaults_to_a_quarter_and_players_keep_seat_order(
        client: FlaskClient, table: ApiTable) -> None:
    response = table.get()
    assert response.status_code == 200
    assert response.get_json() == {
        "id": table.id, "name": "Friday", "players": PLAYERS,
        "rules": PRESETS["called-ace"].rules.to_dict(), "stake_cents": 25, "closed": False,
        "preset": "called-ace", "present": PLAYERS, "group": None,
        "played_on": date.today().isoformat(), "settled": None}


def test_view_url_uses_the_configured_base_url(app: Flask, client: FlaskClient) -> None:
    app.config["SCOREKEEPER_BASE_URL"] = "https://sheep.example/"
    table = api_table(client)
    assert table.body["view_url"] == f"https://sheep.example/s/{table.view_token}"


def test_a_closed_table_says_so(app: Flask, table: ApiTable) -> None:
    close(app, table)
    assert table.get().get_json()["closed"] is True


@pytest.mark.parametrize(("body", "field"), [
    ({"colour": "red"}, "colour"),
    ({"players": "Ann,Bob,Cat,Dan,Eve"}, "players"),
    ({"players": ["Ann", "Bob", "Cat"]}, "players"),
    ({"players": ["Ann", "Bob", "ann", "Dan", "Eve"]}, "players"),
    ({"players": ["Ann", "Bob", "Cat", "Dan", "E\u0000ve"]}, "players"),
    ({"players": ["Ann", "Bob", "Cat", "Dan", "\ud800"]}, "players"),
    ({"name": ""}, "name"),
    ({"name": 7}, "name"),
    ({"preset": "euchre"}, "preset"),
    ({"options": {"colour": "red"}}, "options"),
    ({"options": {"bump": 7}}, "options.bump"),
    ({"options": {"base": 10**6}}, "options.base"),
    ({"options": ["bump"]}, "options"),
    ({"stake_cents": -1}, "stake_cents"),
    ({"stake_cents": 2.5}, "stake_cents"),
    ({"stake_cents": None}, "stake_cents"),
])
def test_a_bad_table_is_refused_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                                 field: str) -> None:
    full = {"name": "Friday", "players": PLAYERS, "preset": "called-ace", **body}
    assert_error(client.post(f"{API}/tables", json=full), 400, field)
    with client.application.app_context():
        assert db.session.query(GameTable).count() == 0


@pytest.mark.parametrize(("data", "content_type"), [
    ('{"name": "Friday"', "application/json"),
    ('["Friday"]', "application/json"),
    ("null", "application/json"),
    ('{"name": NaN}', "application/json"),
    ("[" * 20_000, "application/json"),
    (b"\xff\xfe\x00", "application/json"),
])
def test_a_body_that_is_not_a_json_object_is_a_400(client: FlaskClient, data: Any,
                                                   content_type: str | None) -> None:
    response = client.post(f"{API}/tables", data=data, content_type=content_type)
    assert_error(response, 400)


@pytest.mark.parametrize(("data", "content_type"), [
    ('{"name": "Friday"}', "text/plain"),
    ("name=Friday", "application/x-www-form-urlencoded"),
    ("", None),
])
def test_a_body_not_sent_as_json_is_a_415(client: FlaskClient, data: Any,
                                         content_type: str | None) -> None:
    response = client.post(f"{API}/tables", data=data, content_type=content_type)
    assert_error(response, 415)


def test_an_oversized_body_is_refused(client: FlaskClient) -> None:
    body = {"name": "Friday", "players": PLAYERS, "preset": "called-ace", "pad": "x" * 70_000}
    assert_error(client.post(f"{API}/tables", json=body), 413)


# --- auth --------------------------------------------------------------------

@pytest.mark.parametrize("path", ["", "/hands", "/hands/1", "/standings", "/settlement"])
def test_reading_needs_a_token(client: FlaskClient, table: ApiTable, path: str) -> None:
    table.add(PICK)
    assert_error(client.get(table.url + path), 401)
    assert_error(table.get(path, token="not-a-token"), 401)
    assert_error(table.get(path, token="é" * 30), 401)
    assert_error(client.get(table.url + path, headers={"Authorization": "Basic abc"}), 401)
    assert table.get(path, token=table.view_token).status_code == 200
    assert table.get(path).status_code == 200


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/hands"), ("POST", "/hands?before=1"), ("PUT", "/hands/1"),
    ("DELETE", "/hands/1")])
def test_the_view_token_never_writes(table: ApiTable, method: str, path: str) -> None:
    table.add(PICK)
    before = table.snapshot()
    body = None if method == "DELETE" else PICK
    assert_error(table.send(method, path, body, token=table.view_token), 403)
    assert_error(table.send(method, path, body, token="nope"), 401)
    assert_error(table.client.open(table.url + path, method=method, json=body), 401)
    assert table.snapshot() == before


def test_one_tables_token_does_not_open_another(client: FlaskClient, table: ApiTable) -> None:
    other = api_table(client)
    assert_error(table.get(token=other.edit_token), 401)
    assert_error(table.send("POST", "/hands", PICK, token=other.edit_token), 401)


@pytest.mark.parametrize("table_id", ["999", str(10**30)])
def test_an_unknown_table_is_a_404(client: FlaskClient, table: ApiTable, table_id: str) -> None:
    for method, path in (("GET", ""), ("GET", "/hands"), ("GET", "/standings"),
                         ("GET", "/settlement"), ("POST", "/hands"), ("DELETE", "/hands/1")):
        response = client.open(f"{API}/tables/{table_id}{path}", method=method,
                               headers=table.auth(), json=PICK if method == "POST" else None)
        assert_error(response, 404)


def test_unknown_paths_and_methods_answer_in_json(client: FlaskClient, table: ApiTable) -> None:
    assert_error(client.get(f"{API}/nothing-here"), 404)
    assert_error(table.send("PATCH", ""), 405)


# --- hands -------------------------------------------------------------------

def test_recording_a_hand_returns_its_result(table: ApiTable) -> None:
    response = table.add(PICK)
    assert response.status_code == 201
    assert response.headers["Location"] == f"{table.url}/hands/1"
    result = response.get_json()
    assert result["number"] == 1 and result["dealer"] == "Ann"
    assert result["payouts"] == {"Ann": 2, "Bob": -1, "Cat": 1, "Dan": -1, "Eve": -1}
    assert result["seated"] == PLAYERS
    assert (result["doubled"], result["multiplier"], result["doubled_by"]) == (False, 1, [])
    assert result["picker"] == "Ann" and result["partners"] == ["Cat"]
    assert result["tricks"] == "some" and result["kind"] == "picked"
    assert table.get("/hands/1").get_json() == result
    assert table.get("/hands").get_json() == [result]


def test_a_player_sitting_out_gets_zero(client: FlaskClient) -> None:
    table = api_table(client, players=[*PLAYERS, "Fay"])
    result = table.add({"picker": "Bob", "partners": ["Cat"], "points": 75}).get_json()
    assert result["dealer"] == "Ann" and "Ann" not in result["seated"]
    assert result["payouts"]["Ann"] == 0 and set(result["payouts"]) == {*PLAYERS, "Fay"}
    assert sum(result["payouts"].values()) == 0


def test_dealer_and_seated_can_be_named(client: FlaskClient) -> None:
    table = api_table(client, players=[*PLAYERS, "Fay"])
    body = {"kind": "leaster", "winner": "Fay", "dealer": "Cat",
            "seated": ["Bob", "Cat", "Dan", "Eve", "Fay"]}
    result = table.add(body).get_json()
    assert result["dealer"] == "Cat" and result["payouts"]["Ann"] == 0
    assert result["payouts"]["Fay"] == 4


def test_a_hand_can_be_inserted_before_an_earlier_one(table: ApiTable) -> None:
    table.add(PICK)
    table.add({"kind": "leaster", "winner": "Dan"})
    response = table.add({"picker": "Bob", "alone": True, "partners": [], "points": 61},
                         before=2)
    assert response.status_code == 201
    assert response.get_json()["number"] == 2 and response.get_json()["dealer"] == "Bob"
    kinds = [h["kind"] for h in table.get("/hands").get_json()]
    assert kinds == ["picked", "picked", "leaster"]
    assert [h["number"] for h in table.get("/hands").get_json()] == [1, 2, 3]


@pytest.mark.parametrize(("query", "status"), [
    ("0", 404), ("3", 404), ("99999999999999999999", 404), ("abc", 400), ("-1", 400), ("", 400)])
def test_inserting_before_a_hand_that_isnt_there_is_refused(
        table: ApiTable, query: str, status: int) -> None:
    table.add(PICK)
    table.add(PICK)
    before = table.snapshot()
    assert_error(table.send("POST", f"/hands?before={query}", PICK), status)
    assert table.snapshot() == before


def test_replacing_a_hand_replays_the_later_ones(client: FlaskClient) -> None:
    table = api_table(client, preset="imsa")
    table.add({"picker": "Ann", "partners": ["Cat"], "points": 75})
    table.add({"picker": "Bob", "partners": ["Dan"], "points": 75})
    assert table.get("/hands/2").get_json()["doubled"] is False
    response = table.send("PUT", "/hands/1", {"kind": "no-pick"})
    assert response.status_code == 200
    assert response.get_json()["kind"] == "no-pick" and response.get_json()["number"] == 1
    second = table.get("/hands/2").get_json()
    assert second["doubled"] is True and second["doubled_by"] == [1]
    assert second["payouts"]["Bob"] == 4


def test_deleting_a_hand_renumbers_and_replays(client: FlaskClient) -> None:
    table = api_table(client, preset="imsa")
    table.add({"kind": "no-pick"})
    table.add({"picker": "Bob", "partners": ["Dan"], "points": 75})
    response = table.send("DELETE", "/hands/1")
    assert response.status_code == 204 and response.get_data() == b""
    hands = table.get("/hands").get_json()
    assert len(hands) == 1 and hands[0]["number"] == 1 and hands[0]["doubled"] is False
    assert_error(table.get("/hands/2"), 404)


@pytest.mark.parametrize(("method", "number"), [("GET", 2), ("PUT", 2), ("DELETE", 2),
                                                ("GET", 0), ("PUT", 10**30)])
def test_an_unknown_hand_is_a_404(table: ApiTable, method: str, number: int) -> None:
    table.add(PICK)
    before = table.snapshot()
    assert_error(table.send(method, f"/hands/{number}", PICK if method == "PUT" else None), 404)
    assert table.snapshot() == before


@pytest.mark.parametrize(("body", "field"), [
    ({**PICK, "colour": "red"}, "colour"),
    ({**PICK, "present": ["Ann"]}, "present"),
    ({**PICK, "points": "75"}, "points"),
    ({**PICK, "points": 75.0}, "points"),
    ({**PICK, "points": 121}, "points"),
    ({**PICK, "points": 10**40}, "points"),
    ({**PICK, "partners": "Cat"}, "partners"),
    ({**PICK, "partners": [{"name": "Cat"}]}, "partners"),
    ({**PICK, "partners": ["Ann"]}, "partners"),
    ({**PICK, "alone": "yes"}, "alone"),
    ({**PICK, "kind": "slam"}, "kind"),
    ({**PICK, "tricks": "most"}, "tricks"),
    ({**PICK, "picker": "Zoë"}, "picker"),
    ({**PICK, "cracks": 3}, "cracks"),
    ({**PICK, "blitzes": 1}, "blitzes"),
    ({"kind": "no-pick"}, "kind"),
    ({"kind": "leaster"}, "winner"),
    ({"kind": "misdeal", "picker": "Ann"}, "picker"),
    ({**PICK, "dealer": "\ud800"}, "dealer"),
    ({**PICK, "seated": ["Ann"]}, "seated"),
])
def test_a_bad_hand_is_a_400_naming_the_field_and_changes_nothing(
        table: ApiTable, body: dict[str, Any], field: str) -> None:
    table.add(PICK)
    before = table.snapshot()
    assert_error(table.add(body), 400, field)
    assert_error(table.send("PUT", "/hands/1", body), 400, field)
    assert_error(table.add(body, before=1), 400, field)
    assert table.snapshot() == before


@pytest.mark.parametrize(("method", "path"), [("POST", "/hands"), ("PUT", "/hands/1")])
def test_a_hand_body_must_be_a_json_object(table: ApiTable, method: str, path: str) -> None:
    table.add(PICK)
    before = table.snapshot()
    for data, content_type, status in (("[1]", "application/json", 400),
                                       ("{", "application/json", 400),
                                       ('{"kind": "void"}', "text/plain", 415),
                                       ("", None, 415)):
        response = table.client.open(table.url + path, method=method, data=data,
                                     content_type=content_type, headers=table.auth())
        assert_error(response, status)
    assert table.snapshot() == before


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/hands", PICK), ("POST", "/hands?before=1", PICK),
    ("PUT", "/hands/1", PICK), ("DELETE", "/hands/1", None)])
def test_a_closed_table_refuses_changes_with_a_409(app: Flask, table: ApiTable, method: str,
                                                   path: str, body: Any) -> None:
    table.add(PICK)
    close(app, table)
    before = table.snapshot()
    assert_error(table.send(method, path, body), 409)
    assert table.snapshot() == before


# --- standings and settlement ------------------------------------------------

def test_standings_give_points_cents_doublers_and_the_next_dealer(client: FlaskClient) -> None:
    table = api_table(client, preset="sheephead-4", players=["Ann", "Bob", "Cat", "Dan"],
                      stake_cents=10)
    table.add({"picker": "Ann", "partners": ["Cat"], "points": 95})
    table.add({"kind": "no-pick"})
    response = table.get("/standings")
    assert response.status_code == 200
    assert response.get_json() == {
        "balances": {"Ann": 2, "Bob": -2, "Cat": 2, "Dan": -2},
        "balances_cents": {"Ann": 20, "Bob": -20, "Cat": 20, "Dan": -20},
        "hands": 2, "pending_doublers": 1, "pending_from": [2], "next_dealer": "Bob",
        "next_hand": {"number": 3, "dealer": "Bob", "seated": ["Ann", "Bob", "Cat", "Dan"],
                      "sitting_out": [], "short": 0}}


def test_an_empty_table_stands_at_zero(table: ApiTable) -> None:
    standings = table.get("/standings").get_json()
    assert standings["balances"] == dict.fromkeys(PLAYERS, 0)
    assert (standings["hands"], standings["pending_doublers"]) == (0, 0)
    assert standings["next_dealer"] == "Ann"
    assert table.get("/settlement").get_json() == {"transfers": []}
    assert table.get("/hands").get_json() == []


def test_settlement_lists_the_fewest_payments_in_cents(table: ApiTable) -> None:
    table.add(PICK)
    table.add({"kind": "leaster", "winner": "Dan"})
    response = table.get("/settlement")
    assert response.status_code == 200
    transfers = response.get_json()["transfers"]
    assert transfers == [{"from": "Bob", "to": "Dan", "cents": 50},
                         {"from": "Eve", "to": "Ann", "cents": 25},
                         {"from": "Eve", "to": "Dan", "cents": 25}]
    cents = table.get("/standings").get_json()["balances_cents"]
    for transfer in transfers:
        cents[transfer["from"]] += transfer["cents"]
        cents[transfer["to"]] -= transfer["cents"]
    assert set(cents.values()) == {0}


def test_unicode_names_round_trip(client: FlaskClient) -> None:
    players = ["Zoë", "Łukasz", "山田", "Ann 🂡", "Eve"]
    table = api_table(client, players=players)
    result = table.add({"picker": "山田", "partners": ["Łukasz"], "points": 61}).get_json()
    assert result["payouts"]["山田"] == 2 and result["dealer"] == "Zoë"
    assert table.get().get_json()["players"] == players


def test_settlement_counts_what_an_early_leaver_already_paid(client: FlaskClient) -> None:
    table = api_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    table.add({"picker": "Bob", "partners": ["Cat"], "points": 91})
    before = table.get("/settlement").get_json()
    assert "paid_early" not in before
    with client.session_transaction() as session:
        session.setdefault("editors", {})[str(table.id)] = table.edit_token
    response = client.post(f"/t/{table.id}/settle/leave", data={"name": "Dan"})
    assert response.status_code == 302
    after = table.get("/settlement").get_json()
    assert after["paid_early"] == [t for t in before["transfers"] if "Dan" in (t["from"], t["to"])]
    assert all("Dan" not in (t["from"], t["to"]) for t in after["transfers"])
    cents = table.get("/standings").get_json()["balances_cents"]
    for transfer in after["paid_early"] + after["transfers"]:
        cents[transfer["from"]] += transfer["cents"]
        cents[transfer["to"]] -= transfer["cents"]
    assert set(cents.values()) == {0}


@pytest.mark.parametrize(("query", "message"), [
    ("?round=nickels", "Round to none, quarters or dollars"),
    ("?bank=Zed", "Zed isn't a player at this table"),
    ("?sort=up", "Unknown parameter: sort; expected: round, bank"),
])
def test_settlement_options_are_checked(table: ApiTable, query: str, message: str) -> None:
    table.add(PICK)
    response = table.get("/settlement" + query)
    assert response.status_code == 400
    assert response.get_json()["error"] == message


def test_the_hand_list_refuses_a_parameter_it_does_not_have(table: ApiTable) -> None:
    table.add(PICK)
    response = table.get("/hands?evil=1")
    assert response.status_code == 400
    assert response.get_json() == {"error": "Unknown parameter: evil; expected: from, limit",
                                   "code": "unknown_field", "field": "query"}


def test_names_match_however_their_case_and_form_were_typed(table: ApiTable) -> None:
    saved = table.add({"picker": "ann", "partners": ["ＣＡＴ"], "points": 75})
    assert saved.status_code == 201, saved.get_json()
    assert (saved.get_json()["picker"], saved.get_json()["partners"]) == ("Ann", ["Cat"])
    paid = table.add({"kind": "adjustment", "payouts": {"dan": 3, "EVE": -3}, "note": "kings"})
    assert paid.get_json()["payouts"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 3, "Eve": -3}
    banked = table.get("/settlement?bank=cat").get_json()["transfers"]
    assert all("Cat" in (t["from"], t["to"]) for t in banked)


def test_settlement_rounds_and_goes_through_a_bank(table: ApiTable) -> None:
    table.add(PICK)
    rounded = table.get("/settlement?round=dollars").get_json()["transfers"]
    assert all(t["cents"] % 100 == 0 for t in rounded)
    banked = table.get("/settlement?bank=Cat").get_json()["transfers"]
    assert all("Cat" in (t["from"], t["to"]) for t in banked)
