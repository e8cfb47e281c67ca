"""Promises docs/api.md makes that a client author checks first: unknown
query parameters and duplicate JSON keys are refused on every operation,
a season and a date range are not both taken, empty optional parameters
mean "not given"."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.api_helpers import API, ApiTable, api_table, assert_error

HAND = {"picker": "Ann", "partners": ["Cat"], "points": 75}


def test_a_typo_in_before_records_nothing(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    before = table.snapshot()
    answer = table.send("POST", "/hands?befor=1", HAND)
    assert_error(answer, 400, "query")
    assert "befor" in answer.get_json()["error"]
    assert table.snapshot() == before


@pytest.mark.parametrize("path", ["", "/standings", "/hands/1", "/export", "/settlement"])
def test_every_operation_refuses_a_query_parameter_it_does_not_take(
        client: FlaskClient, path: str) -> None:
    table = api_table(client)
    table.add(HAND)
    assert_error(table.get(f"{path}?colour=red"), 400, "query")


def test_a_put_and_a_delete_refuse_unknown_parameters_and_change_nothing(
        client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    before = table.snapshot()
    assert_error(table.send("PUT", "/hands/1?force=1", HAND), 400, "query")
    assert_error(table.send("DELETE", "/hands/1?force=1"), 400, "query")
    assert table.snapshot() == before


def test_a_key_given_twice_is_refused(client: FlaskClient) -> None:
    table = api_table(client)
    before = table.snapshot()
    raw = b'{"picker": "Ann", "partners": ["Cat"], "points": 75, "points": 30}'
    answer = client.post(f"{table.url}/hands", data=raw, headers={
        **table.auth(), "Content-Type": "application/json"})
    assert_error(answer, 400, "points")
    assert "twice" in answer.get_json()["error"]
    assert table.snapshot() == before


def test_a_group_season_and_a_date_range_together_are_refused(client: FlaskClient) -> None:
    made = client.post(f"{API}/groups", json={"name": "Fridays"}).get_json()
    answer = client.get(f"{API}/groups/{made['id']}/standings?season=2025&from=2025-01-01",
                        headers={"Authorization": f"Bearer {made['view_token']}"})
    assert_error(answer, 400, "season")


@pytest.mark.parametrize("query", ["round=", "bank=", "round=&bank="])
def test_an_empty_settlement_parameter_means_not_given(client: FlaskClient,
                                                       query: str) -> None:
    table = api_table(client)
    table.add(HAND)
    answer = table.get(f"/settlement?{query}")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == table.get("/settlement").get_json()


def _imported(client: FlaskClient, data: dict[str, object]) -> tuple[int, dict[str, object]]:
    answer = client.post(f"{API}/tables/import", json=data)
    return answer.status_code, answer.get_json()


def test_an_export_keeps_the_nights_date_and_which_phone_made_each_change(
        client: FlaskClient) -> None:
    table = api_table(client, played_on="2026-11-21")
    table.add(HAND)
    exported = table.get("/export").get_json()
    assert exported["played_on"] == "2026-11-21"
    assert all(entry["by"] for entry in exported["audit"]), exported["audit"]
    status, made = _imported(client, exported)
    assert status == 201, made
    again = client.get(f"{API}/tables/{made['id']}/export",
                       headers={"Authorization": f"Bearer {made['edit_token']}"}).get_json()
    assert again["played_on"] == "2026-11-21"
    assert [e["by"] for e in again["audit"][:len(exported["audit"])]] \
        == [e["by"] for e in exported["audit"]]


@pytest.mark.parametrize("where", ["top", "players", "audit", "early_payments"])
def test_an_import_refuses_a_field_an_export_does_not_have_at_any_level(
        client: FlaskClient, where: str) -> None:
    table = api_table(client)
    table.add(HAND)
    data = table.get("/export").get_json()
    if where == "top":
        data["colour"] = "red"
    elif where == "early_payments":
        data["early_payments"] = [{"payer": "Bob", "payee": "Ann", "cents": 25,
                                   "at": "2026-11-21T21:00:00+00:00", "colour": "red"}]
    else:
        data[where][0]["colour"] = "red"
    status, body = _imported(client, data)
    assert status == 400 and "colour" in body["error"], body


def test_a_method_the_path_does_not_take_says_which_it_does(client: FlaskClient) -> None:
    table = api_table(client)
    answer = table.send("PATCH", "/hands", HAND)
    assert answer.status_code == 405
    assert set(answer.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert answer.get_json()["error"]


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer nonsense"}])
def test_a_401_says_how_to_authenticate(client: FlaskClient, headers: dict[str, str]) -> None:
    table = api_table(client)
    answer = client.get(table.url, headers=headers)
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_tampered_group_file_says_once_that_nothing_was_created(
        client: FlaskClient) -> None:
    made = client.post(f"{API}/groups", json={"name": "Fridays"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    night = client.post(f"{API}/tables", json={
        "name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace", "group": made["id"]}, headers=auth).get_json()
    client.post(f"{API}/tables/{night['id']}/hands", json=HAND,
                headers={"Authorization": f"Bearer {night['edit_token']}"})
    data = client.get(f"{API}/groups/{made['id']}/export", headers=auth).get_json()
    data["nights"][0]["night"]["balances"]["Ann"] += 1
    answer = client.post(f"{API}/groups/import", json=data)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.count("Nothing was created") == 1 and error.count("Not imported") == 1, error
    assert "night 1" in error and ".." not in error


def _keyed(table: ApiTable, method: str, path: str, raw: bytes | None, key: str,
           **headers: str) -> TestResponse:
    return table.client.open(table.url + path, method=method, data=raw, headers={
        **table.auth(), "Idempotency-Key": key, **headers,
        **({"Content-Type": "application/json"} if raw is not None else {})})


def test_a_retry_is_the_same_request_however_its_json_is_written(client: FlaskClient) -> None:
    table = api_table(client)
    first = _keyed(table, "POST", "/hands", b'{"picker":"Ann","partners":["Cat"],"points":75}',
                   "k1")
    again = _keyed(table, "POST", "/hands",
                   b'{ "points": 75,\n  "partners": [ "Cat" ], "picker": "Ann" }', "k1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert len(table.get("/hands").get_json()) == 1


def test_a_put_retried_with_its_key_gets_its_first_answer(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    version = table.get().headers["ETag"]
    body = b'{"picker": "Bob", "partners": ["Dan"], "points": 80}'
    first = _keyed(table, "PUT", "/hands/1", body, "put-1", **{"If-Match": version})
    again = _keyed(table, "PUT", "/hands/1", body, "put-1", **{"If-Match": version})
    assert first.status_code == 200 and again.status_code == 200, again.get_json()
    assert again.get_json() == first.get_json()
    other = _keyed(table, "PUT", "/hands/1", b'{"picker": "Eve", "partners": ["Ann"], '
                   b'"points": 80}', "put-1")
    assert_error(other, 422, "Idempotency-Key")
    assert table.get("/hands/1").get_json()["picker"] == "Bob"


def test_a_delete_retried_with_its_key_is_its_first_204(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    table.add({"picker": "Bob", "partners": ["Dan"], "points": 80})
    first = _keyed(table, "DELETE", "/hands/2", None, "del-2")
    again = _keyed(table, "DELETE", "/hands/2", None, "del-2")
    assert (first.status_code, again.status_code) == (204, 204)
    assert len(table.get("/hands").get_json()) == 1
    table.add({"picker": "Bob", "partners": ["Dan"], "points": 80})
    assert _keyed(table, "DELETE", "/hands/2", None, "del-2").status_code == 204
    assert len(table.get("/hands").get_json()) == 2  # the retry deleted nothing more


def test_a_hand_read_with_get_can_be_edited_and_put_back_as_it_is(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    table.add({"kind": "adjustment", "payouts": {"Ann": -3, "Bob": 3}, "note": "three kings"})
    read = table.get("/hands/1").get_json()
    read["points"] = 95
    answer = table.send("PUT", "/hands/1", read)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["points"] == 95 and answer.get_json()["payouts"]["Ann"] == 4
    other = table.get("/hands/2").get_json()
    other["payouts"] = {"Ann": -4, "Bob": 4}
    assert table.send("PUT", "/hands/2", other).get_json()["payouts"]["Bob"] == 4


def test_a_new_hand_still_refuses_what_only_a_result_has(client: FlaskClient) -> None:
    table = api_table(client)
    assert_error(table.add({**HAND, "multiplier": 2}), 400, "multiplier")


def test_a_new_table_and_an_imported_one_answer_with_their_version(client: FlaskClient) -> None:
    table = api_table(client)
    made = client.post(f"{API}/tables", json={"name": "x", "players": ["Ann", "Bob", "Cat",
                                                                        "Dan", "Eve"],
                                              "preset": "called-ace"})
    assert made.headers["ETag"] == client.get(
        f"{API}/tables/{made.get_json()['id']}",
        headers={"Authorization": f"Bearer {made.get_json()['view_token']}"}).headers["ETag"]
    imported = client.post(f"{API}/tables/import", json=table.get("/export").get_json())
    assert imported.status_code == 201 and imported.headers["ETag"].startswith('"')


@pytest.mark.parametrize("path", ["", "/standings", "/settlement"])
def test_a_group_answers_with_its_version_and_a_304_when_nothing_changed(
        client: FlaskClient, path: str) -> None:
    made = client.post(f"{API}/groups", json={"name": "Fridays"})
    assert made.headers["ETag"]
    body = made.get_json()
    auth = {"Authorization": f"Bearer {body['view_token']}"}
    url = f"{API}/groups/{body['id']}{path}"
    first = client.get(url, headers=auth)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(url, headers={**auth, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.data


def test_a_table_answers_304_when_nothing_changed(client: FlaskClient) -> None:
    table = api_table(client)
    table.add(HAND)
    first = table.get("/standings")
    again = table.client.get(table.url + "/standings",
                             headers={**table.auth(), "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    table.add(HAND)
    moved = table.client.get(table.url + "/standings",
                             headers={**table.auth(), "If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
