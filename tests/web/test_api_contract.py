"""Promises docs/api.md makes that a client author checks first: unknown
query parameters and duplicate JSON keys are refused on every operation,
a season and a date range are not both taken, empty optional parameters
mean "not given"."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.web.api_helpers import API, api_table, assert_error

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
