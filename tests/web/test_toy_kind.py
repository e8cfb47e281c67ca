"""A kind of owner the app doesn't have, declared whole in the tests
(:mod:`tests.web.toy_owner`: a league, its rows, grants, keeper and link
credentials, ACL, stages and nights) and registered by one line, works
through the app unchanged: its keeper records a hand with the keeper's
token, its link reads the night, ``GET /token`` says what each is, and the
API's own description lists the kind while it is registered."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web import toy_owner
from tests.web.api_helpers import API, api_table


@pytest.fixture
def league(app: Flask, client: FlaskClient) -> Iterator[tuple[int, int, dict[str, str]]]:
    """A night of a new league: its id, the league's, and the keeper's and
    the link's tokens."""
    with toy_owner.registered():
        night = api_table(client)
        with app.app_context():
            league_id, tokens = toy_owner.league_night(night.id)
        yield night.id, league_id, tokens
    with app.app_context():
        toy_owner.drop_tables()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _token_schema(client: FlaskClient) -> dict[str, Any]:
    schema = client.get(f"{API}/openapi.json").get_json()["components"]["schemas"]["Token"]
    return dict(schema)


def _fits(said: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """Where ``said`` leaves the Token schema (its keys and named words)."""
    wrong = [f"missing {key}" for key in schema["required"] if key not in said]
    for key in ("credential", "owner"):
        if said.get(key) not in schema["properties"][key]["enum"]:
            wrong.append(f"{key} {said.get(key)!r} not in {schema['properties'][key]['enum']}")
    allowed = set(schema["properties"]["may"]["items"]["enum"])
    wrong += [f"may {a!r}" for a in said["may"] if a not in allowed]
    return wrong


def test_the_keeper_records_a_hand_and_the_link_reads_it(
        client: FlaskClient, league: tuple[int, int, dict[str, str]]) -> None:
    night, _, tokens = league
    saved = client.post(f"{API}/tables/{night}/hands", headers=_auth(tokens[toy_owner.KEEPER]),
                        json={"picker": "Ann", "partners": ["Bob"], "points": 75})
    assert saved.status_code == 201, saved.get_json()
    read = client.get(f"{API}/tables/{night}/hands", headers=_auth(tokens[toy_owner.LINK]))
    assert read.status_code == 200, read.get_json()
    assert [h["picker"] for h in read.get_json()] == ["Ann"]
    refused = client.post(f"{API}/tables/{night}/hands", headers=_auth(tokens[toy_owner.LINK]),
                          json={"picker": "Cat", "partners": ["Dan"], "points": 75})
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "A league's link only shows the scores"


def test_get_token_says_what_the_leagues_tokens_are_in_the_apis_own_words(
        client: FlaskClient, league: tuple[int, int, dict[str, str]]) -> None:
    _, league_id, tokens = league
    schema = _token_schema(client)
    assert toy_owner.LEAGUE in schema["properties"]["owner"]["enum"]
    keeper = client.get(f"{API}/token", headers=_auth(tokens[toy_owner.KEEPER])).get_json()
    assert (keeper["credential"], keeper["owner"], keeper["id"], keeper["label"]) == (
        toy_owner.KEEPER, toy_owner.LEAGUE, league_id, "League phone")
    assert keeper["may"] == ["read owner", "run"]
    assert set(keeper["nights"]) == {"open", "closed"}
    assert "record" in keeper["nights"]["open"] and "record" not in keeper["nights"]["closed"]
    link = client.get(f"{API}/token", headers=_auth(tokens[toy_owner.LINK])).get_json()
    assert (link["credential"], link["may"], link["nights"]["open"]) == (
        toy_owner.LINK, ["read owner"], ["read"])
    assert _fits(keeper, schema) == [] and _fits(link, schema) == []


def test_the_apis_description_names_only_the_kinds_registered(client: FlaskClient) -> None:
    with toy_owner.registered():
        assert toy_owner.KEEPER in _token_schema(client)["properties"]["credential"]["enum"]
    schema = _token_schema(client)
    assert schema["properties"]["owner"]["enum"] == ["event", "group", "table"]
    assert toy_owner.KEEPER not in schema["properties"]["credential"]["enum"]
