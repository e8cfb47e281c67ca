"""A world kept for a module's tests (tests/kept_worlds.py) comes back as it
was built, whatever the test before changed: its rows, its ids, its caches
and the phone's session cookie."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.fixtures_app import start_table
from tests.kept_worlds import kept_world
from tests.web.api_helpers import API, api_table


def _build(app: Flask, client: FlaskClient) -> dict[str, Any]:
    table = api_table(client)
    return {"api": table.id, "token": table.edit_token, "page": start_table(client)}


def test_a_kept_world_comes_back_as_it_was_built(
        request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> None:
    world = kept_world(request, app, client, _build)
    auth = {"Authorization": f"Bearer {world['token']}"}
    assert client.post(f"{API}/tables/{world['api']}/hands", headers=auth, json={
        "picker": "Ann", "partners": ["Bob"], "points": 75}).status_code == 201
    assert len(client.get(f"{API}/tables/{world['api']}/hands", headers=auth).get_json()) == 1
    with client.session_transaction() as cookie:
        cookie.clear()
    world["api"] = 0
    again = kept_world(request, app, client, _build)
    assert again["api"] != 0 and again["token"] == world["token"]
    assert client.get(f"{API}/tables/{again['api']}/hands", headers=auth).get_json() == []
    assert client.get(f"/t/{again['page']}/hand/new").status_code == 200  # the cookie is back
    assert api_table(client).id == again["page"] + 1  # the ids go on from the world's
