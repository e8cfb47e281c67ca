"""The JSON API against its own OpenAPI description (``/api/v1/openapi.json``),
driven by schemathesis in-process: the description loads without an error
for each operation (every path parameter declared, every reference found),
and a bounded number of requests generated from it, valid and invalid, with
the token of a table with hands, a group with a carried night and an event
with its first session drawn, never gets a server error nor an answer that
breaks the description (each operation lists its own refusals, no
catch-all: its status, content type, headers and body).

The valid requests are new every run (they explore); the invalid ones are
the same every run (a refusal that stops being described fails at once).
The one suite of the contract: the API's pieces are tested by hand in
tests/web/test_api_*.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.generation import GenerationMode
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

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
#: Requests per operation and way of generating them: bounded, so the run
#: takes a minute or two on a busy machine.
EXAMPLES = 25
#: Path numbers pointed where rows are: hand 1 to 5, session 1 to 3, table 1 to 2.
WITHIN = {"number": 5, "session": 3, "table": 2}


@pytest.fixture(scope="module")
def api_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder = tmp_path_factory.mktemp("schemathesis")
    yield create_app({"TESTING": False, "SECRET_KEY": "schemathesis",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'api.db'}"})


@pytest.fixture(scope="module")
def world(api_app: Flask) -> dict[str, Any]:
    """A table with hands, a group with a carried night, and an event with its
    first session drawn: the rows every generated request is pointed at."""
    client = api_app.test_client()
    table = client.post("/api/v1/tables", json={"name": "Schema", "players": PLAYERS,
                                                "preset": "called-ace"}).get_json()
    edit = {"Authorization": f"Bearer {table['edit_token']}"}
    for picker, partner in (("Ann", "Cat"), ("Bob", "Dan"), ("Cat", "Eve")):
        assert client.post(f"/api/v1/tables/{table['id']}/hands", headers=edit, json={
            "picker": picker, "partners": [partner], "points": 70}).status_code == 201
    group = client.post("/api/v1/groups", json={"name": "Schema", "players": PLAYERS,
                                                "preset": "imsa"}).get_json()
    run = {"Authorization": f"Bearer {group['edit_token']}"}
    night = client.post("/api/v1/tables", headers=run, json={
        "group": group["id"], "played_on": "2026-01-08"}).get_json()
    night_edit = {"Authorization": f"Bearer {night['edit_token']}"}
    assert client.post(f"/api/v1/tables/{night['id']}/hands", headers=night_edit, json={
        "picker": "Ann", "partners": ["Cat"], "points": 70}).status_code == 201
    assert client.post(f"/api/v1/tables/{night['id']}/close", headers=night_edit,
                       json={"carry": True}).status_code == 200
    event = client.post("/api/v1/events", json={"name": "Schema", "preset": "called-ace",
                                                "rounds": 1}).get_json()
    direct = {"Authorization": f"Bearer {event['director_token']}"}
    assert client.post(f"/api/v1/events/{event['id']}/players", headers=direct, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 11)]}
                       ).status_code == 201
    assert client.post(f"/api/v1/events/{event['id']}/sessions/1/draw", headers=direct,
                       json={"seed": 3}).status_code == 200
    return {"table": (table["id"], edit), "group": (group["id"], run),
            "event": (event["id"], direct)}


def _operations(app: Flask) -> list[Any]:
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    return list(schema.get_all_operations())


def test_every_operation_loads_without_a_schema_error(api_app: Flask) -> None:
    loaded = _operations(api_app)
    errors = [str(result.err()) for result in loaded if isinstance(result, Err)]
    assert not errors
    labels = {result.ok().label for result in loaded}
    # schemathesis leaves out the document it was loaded from
    assert labels == {f"{op.method.upper()} {op.path}" for op in OPERATIONS} \
        - {"GET /openapi.json"}


def _pinned(operation: Any, world: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The path's ids pointed at rows that exist (the rest generated), and the
    token of the row the operation is about."""
    path = operation.path
    kind = "group" if path.startswith("/groups") else \
        "event" if path.startswith("/events") else "table"
    row, auth = world[kind]
    pinned = {name: row for name in ("table_id", "group_id", "event_id")
              if f"{{{name}}}" in path}
    return pinned, auth


def _runs(operation: Any, mode: GenerationMode, world: dict[str, Any]) -> Any:
    """The operation's requests, generated and checked (a hypothesis test)."""
    pinned, auth = _pinned(operation, world)

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck),
              derandomize=mode is GenerationMode.NEGATIVE)
    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=pinned))
    def run(case: Any) -> None:
        if mode is GenerationMode.POSITIVE:
            parameters = case.path_parameters or {}
            for name, most in WITHIN.items():
                if isinstance(parameters.get(name), int):
                    parameters[name] = min(max(parameters[name], 1), most)
        case.call_and_validate(headers=auth, checks=CHECKS)
    return run


#: The operations are walked in this many shares, one test each, so that
#: the test workers share the walk rather than one of them running it all.
SHARES = 4


@pytest.mark.parametrize("share", range(SHARES), ids=lambda n: f"share{n + 1}")
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                         ids=["valid", "invalid"])
def test_every_operation_answers_as_described(api_app: Flask, world: dict[str, Any],
                                             mode: GenerationMode, share: int) -> None:
    failures: list[str] = []
    ran = 0
    operations = _operations(api_app)
    mine = operations[share::SHARES]
    for result in mine:
        operation = result.ok()
        try:
            _runs(operation, mode, world)()
        except Unsatisfiable:  # nothing in it to make invalid (GET /presets takes nothing)
            assert mode is GenerationMode.NEGATIVE
        except (Exception, BaseExceptionGroup) as failure:  # noqa: BLE001 - listed, every one
            failures.append(f"{operation.label}: {str(failure)[:600]}")
        ran += 1
    assert ran == len(mine) and len(operations) == len(OPERATIONS) - 1
    assert not failures, "\n\n".join(failures)
