"""The JSON API against its own OpenAPI description (``/api/v1/openapi.json``),
driven by schemathesis: requests generated from the description, valid and
invalid, with the scorekeeper's token, on a table with hands.  No answer is
a server error, every answer's status, content type, headers and body are
the ones described (each operation lists its own refusals: no catch-all),
and a refused request never changes the night."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper import create_app
from scorekeeper.views.api.contract import OPERATIONS
from tests.conftest import PLAYERS

pytestmark = pytest.mark.slow

#: No server error; every status one the contract lists for the operation (no
#: catch-all "default"), every header it promises present, every body its shape.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def api_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder = tmp_path_factory.mktemp("schema")
    yield create_app({"TESTING": False, "SECRET_KEY": "schema",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'schema.db'}"})


@pytest.fixture(scope="module")
def table(api_app: Flask) -> dict[str, Any]:
    client = api_app.test_client()
    made = client.post("/api/v1/tables", json={"name": "Schema", "players": PLAYERS,
                                               "preset": "called-ace"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for picker, partner in (("Ann", "Cat"), ("Bob", "Dan"), ("Cat", "Eve")):
        answer = client.post(f"/api/v1/tables/{made['id']}/hands", headers=auth,
                             json={"picker": picker, "partners": [partner], "points": 70})
        assert answer.status_code == 201
    return {**made, "auth": auth}


@pytest.fixture(scope="module")
def group(api_app: Flask) -> dict[str, Any]:
    client = api_app.test_client()
    made = client.post("/api/v1/groups", json={"name": "Schema", "players": PLAYERS}
                       ).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    night = client.post("/api/v1/tables", headers=auth, json={
        "players": PLAYERS, "preset": "called-ace", "group": made["id"],
        "played_on": "2026-01-08"}).get_json()
    night_auth = {"Authorization": f"Bearer {night['edit_token']}"}
    assert client.post(f"/api/v1/tables/{night['id']}/hands", headers=night_auth, json={
        "picker": "Ann", "partners": ["Cat"], "points": 70}).status_code == 201
    assert client.post(f"/api/v1/tables/{night['id']}/close", headers=night_auth,
                       json={"carry": True}).status_code == 200
    return {**made, "auth": auth}


@pytest.fixture(scope="module")
def event(api_app: Flask) -> dict[str, Any]:
    """An event of ten players with its first session drawn (two tables)."""
    client = api_app.test_client()
    made = client.post("/api/v1/events", json={"name": "Schema", "preset": "called-ace",
                                               "rounds": 1}).get_json()
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    assert client.post(f"/api/v1/events/{made['id']}/players", headers=auth, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 11)]}
                       ).status_code == 201
    assert client.post(f"/api/v1/events/{made['id']}/sessions/1/draw", headers=auth,
                       json={"seed": 3}).status_code == 200
    return {**made, "auth": auth}


def operations(app: Flask) -> list[Any]:
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    return [result.ok() for result in schema.get_all_operations()]


def test_the_api_answers_as_it_is_described(api_app: Flask, table: dict[str, Any],
                                            group: dict[str, Any],
                                            event: dict[str, Any]) -> None:
    """Each operation, with requests generated from its description (schemathesis's
    pytest plugin doesn't run under this pytest, so hypothesis drives it here)."""
    found = operations(api_app)
    described = {f"{op.method.upper()} {op.path}" for op in OPERATIONS}
    assert {operation.label for operation in found} == described - {"GET /openapi.json"}
    for operation in found:
        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck),
                  database=None)
        @given(case=operation.as_strategy())
        def run(case: Any) -> None:
            if "table_id" in (case.path_parameters or {}):
                case.path_parameters["table_id"] = table["id"]
            if "number" in (case.path_parameters or {}):
                case.path_parameters["number"] = min(max(case.path_parameters["number"], 1), 5)
            if "group_id" in (case.path_parameters or {}):
                case.path_parameters["group_id"] = group["id"]
            parameters = case.path_parameters or {}
            if "event_id" in parameters:
                parameters["event_id"] = event["id"]
            for name, most in (("session", 3), ("table", 2)):
                if name in parameters:
                    parameters[name] = min(max(parameters[name], 1), most)
            auth = group["auth"] if case.path.startswith("/groups") else \
                event["auth"] if case.path.startswith("/events") else table["auth"]
            case.call_and_validate(headers=auth, checks=CHECKS)
        run()
