"""openapi.json says what the app does, each fact from its one home: every
path parameter declared (schemathesis can test every operation), the key
lengths the contract asks, the bounds of limits.py, every answer's keys, and
the statuses docs/api.md explains."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.limits import MAX_KEY, PLAYER_NAME, UNGUESSABLE_KEY
from scorekeeper.views.api.contract import NONE, OPERATIONS, STATUS_WORDS
from scorekeeper.views.api.groups import player_json
from scorekeeper.views.api.schemas import SCHEMAS
from tests.conftest import PLAYERS
from tests.web.test_contract import DOCS

PICK = {"picker": "Ann", "partners": ["Cat"], "points": 75}


@pytest.fixture()
def document(client: FlaskClient) -> dict[str, Any]:
    return dict(client.get("/api/v1/openapi.json").get_json())


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method, path, operation) for path, methods in document["paths"].items()
            for method, operation in methods.items()]


def test_every_path_parameter_is_declared(document: dict[str, Any]) -> None:
    for method, path, operation in _operations(document):
        named = set(re.findall(r"\{([^}]+)\}", path))
        declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
        assert named == declared, (method, path)
    revoke = document["paths"]["/events/{event_id}/directors/{director}/revoke"]["post"]
    assert {"name": "director", "in": "path", "required": True} .items() <= next(
        p for p in revoke["parameters"] if p["name"] == "director").items()


def test_each_write_declares_the_key_length_the_server_asks(document: dict[str, Any]) -> None:
    ops = {(op.method, op.path): op for op in OPERATIONS}
    for method, path, operation in _operations(document):
        op = ops[(method, path)]
        keys = [p for p in operation.get("parameters", []) if p["name"] == "Idempotency-Key"]
        if not op.writes:
            assert not keys, path
            continue
        (key,) = keys
        least = UNGUESSABLE_KEY if op.access == NONE else 1
        assert (key["schema"]["minLength"], key["schema"]["maxLength"]) == (least, MAX_KEY), path


def test_names_are_as_long_as_limits_allow(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    assert schemas["Transfer"]["properties"]["from"]["maxLength"] == PLAYER_NAME
    assert schemas["HandResult"]["properties"]["picker"]["maxLength"] == PLAYER_NAME
    assert schemas["NewPayment"]["properties"]["payer"]["maxLength"] == PLAYER_NAME
    assert schemas["NewTable"]["properties"]["players"]["items"]["maxLength"] == PLAYER_NAME


def test_a_players_season_declares_every_key_it_answers(client: FlaskClient) -> None:
    declared = SCHEMAS["GroupPlayer"]
    assert set(declared["required"]) == set(declared["properties"])
    assert set(player_json("Gus", None)) == set(declared["properties"])
    group = client.post("/api/v1/groups", json={"name": "Thursday", "players": PLAYERS}
                        ).get_json()
    run = {"Authorization": f"Bearer {group['edit_token']}"}
    night = client.post("/api/v1/tables", headers=run, json={
        "group": group["id"], "played_on": "2026-01-08"}).get_json()
    assert client.post(f"/api/v1/tables/{night['id']}/hands", json=PICK, headers={
        "Authorization": f"Bearer {night['edit_token']}"}).status_code == 201
    played = client.get(f"/api/v1/groups/{group['id']}/players/Ann?season=2026",
                        headers=run).get_json()
    assert set(played) == set(declared["properties"])
    assert len(declared["properties"]) == 24
    row = SCHEMAS["GroupStandings"]["properties"]["players"]["items"]  # typed, as answered
    season = client.get(f"/api/v1/groups/{group['id']}/standings?season=2026",
                        headers=run).get_json()
    assert season["players"] and all(set(r) == set(row["properties"]) == set(row["required"])
                                     for r in season["players"])
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### `GET /api/v1/groups/<id>/players/<name>`"):]
    section = section[:section.index("### `GET /api/v1/groups/<id>/settlement`")]
    assert set(re.findall(r"`([a-z_]+)`", section)) >= set(declared["properties"]) - {"name"}


def test_405_is_declared_with_its_allow_header(document: dict[str, Any],
                                              client: FlaskClient) -> None:
    declared = document["components"]["responses"]["MethodNotAllowed"]
    assert "Allow" in declared["headers"] and declared["description"] == STATUS_WORDS["405"]
    answer = client.put("/api/v1/presets")
    assert answer.status_code == 405 and "GET" in answer.headers["Allow"]
    assert answer.get_json()["code"] == "method_not_allowed"


def test_the_settlements_corrections_are_declared_and_documented() -> None:
    assert "corrections" in SCHEMAS["Settlement"]["properties"]
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### `GET /api/v1/tables/<id>/settlement`"):]
    section = section[:section.index("### The roster and early payments")]
    assert "`corrections`" in section


def test_a_group_night_needs_no_name_players_or_preset(document: dict[str, Any]) -> None:
    new_table = document["components"]["schemas"]["NewTable"]
    assert {"required": ["group"]} in new_table["anyOf"]
    assert "set_group_rules" in new_table["properties"]


def test_photos_of_tickets_are_a_multipart_body_answered_with_a_job(
        document: dict[str, Any]) -> None:
    """The one body that isn't JSON: files in ``photos``; its 202 says where the job is."""
    send = document["paths"]["/events/{event_id}/sessions/{session}/photos"]["post"]
    (media, body), = send["requestBody"]["content"].items()
    assert media == "multipart/form-data"
    photos = document["components"]["schemas"][body["schema"]["$ref"].split("/")[-1]]
    assert photos["properties"]["photos"]["items"] == {"type": "string", "format": "binary"}
    assert {"Location", "Retry-After", "ETag"} <= set(send["responses"]["202"]["headers"])
    assert "200" not in send["responses"]
    confirm = document["paths"]["/events/{event_id}/photos/{photo_id}/confirm"]["post"]
    assert {"200", "201", "412", "409"} <= set(confirm["responses"])
    assert "Location" in confirm["responses"]["201"]["headers"]
    assert "Location" not in confirm["responses"]["200"]["headers"]
