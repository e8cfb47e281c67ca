"""The spec says what the server checks, and the server refuses what the spec
forbids: ``If-Match`` is ``*`` or the ETags the API gave (``"12"``), the
key's least length is the spec's, a field sent as ``null`` that the spec
doesn't let be one is a 400 naming it, and every answer declares the
headers it carries (``X-Request-Id`` always, ``Idempotent-Replayed`` on a
write's, ``Access-Control-Allow-Origin`` for another site's page)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.views.api.contract import IF_MATCH_FORM
from tests.web.sheet_helpers import API, auth

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@pytest.fixture()
def night(client: FlaskClient) -> dict[str, Any]:
    made = client.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                               "preset": "called-ace"})
    assert made.status_code == 201
    return dict(made.get_json())


@pytest.mark.parametrize("sent", ['W/"1"', "1", '"one"', '"1", x', '"1";"2"', ""])
def test_an_if_match_not_of_the_specs_form_is_refused(client: FlaskClient,
                                                      night: dict[str, Any], sent: str) -> None:
    hand = {"picker": "Ann", "partners": ["Cat"], "points": 75}
    refused = client.post(f"{API}/tables/{night['id']}/hands", json=hand,
                          headers={**auth(night["edit_token"]), "If-Match": sent or " "})
    assert refused.status_code == 400, refused.get_json()
    assert refused.get_json()["field"] == "If-Match"
    assert not re.fullmatch(IF_MATCH_FORM, sent)


@pytest.mark.parametrize("form", ['"{v}"', '"{v}", "{w}"', '"{w}","{v}"', "*"])
def test_an_if_match_of_the_specs_form_is_taken(client: FlaskClient, night: dict[str, Any],
                                                form: str) -> None:
    tag = client.get(f"{API}/tables/{night['id']}", headers=auth(night["edit_token"]))
    version = int(tag.headers["ETag"].strip('"'))
    sent = form.format(v=version, w=version + 5)
    hand = {"picker": "Ann", "partners": ["Cat"], "points": 75}
    taken = client.post(f"{API}/tables/{night['id']}/hands", json=hand,
                        headers={**auth(night["edit_token"]), "If-Match": sent})
    assert taken.status_code == 201, taken.get_json()
    assert re.fullmatch(IF_MATCH_FORM, sent)


def test_a_null_the_spec_forbids_is_refused_naming_its_field(client: FlaskClient,
                                                            night: dict[str, Any]) -> None:
    refused = client.post(f"{API}/tables", json={"name": None, "players": PLAYERS,
                                                 "preset": "called-ace"})
    assert refused.status_code == 400 and refused.get_json()["field"] == "name"
    assert "can't be null" in refused.get_json()["error"]
    taken = client.post(f"{API}/tables", json={"name": "Sat", "players": PLAYERS,
                                               "preset": "called-ace", "options": None})
    assert taken.status_code == 201  # the spec lets options be null


def test_every_answer_in_the_spec_declares_its_request_id(client: FlaskClient) -> None:
    document = client.get(f"{API}/openapi.json").get_json()
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            for status, answer in operation["responses"].items():
                headers = answer.get("headers", {})
                assert headers.get("X-Request-Id", {}).get("required"), (path, method, status)
                assert "Access-Control-Allow-Origin" in headers
                if method != "get" and status.startswith("2"):
                    assert "Idempotent-Replayed" in headers, (path, method, status)
    if_match = next(p for methods in document["paths"].values() for op in methods.values()
                    for p in op.get("parameters", []) if p["name"] == "If-Match")
    assert if_match["schema"]["pattern"] == IF_MATCH_FORM
    key = next(p for methods in document["paths"].values() for op in methods.values()
               for p in op.get("parameters", []) if p["name"] == "Idempotency-Key")
    assert key["schema"]["minLength"] >= 1 and key["schema"]["maxLength"] == 100
