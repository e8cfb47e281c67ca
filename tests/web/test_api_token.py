"""``GET /api/v1/token``: what a bearer token is and may do, asked of the
policy (every credential on every owner and stage: tests/web/test_policy_walk.py)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.api_helpers import API, api_table, assert_error
from tests.web.test_event_table_phone import _api_event


def _token(client: FlaskClient, token: str) -> dict[str, object]:
    answer = client.get(f"{API}/token", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.get_json()
    return dict(answer.get_json())


def test_a_tables_tokens_say_what_they_are(client: FlaskClient) -> None:
    table = api_table(client)
    edit = _token(client, table.edit_token)
    assert (edit["credential"], edit["owner"], edit["id"], edit["label"]) == (
        "table editor", "table", table.id, "API client")
    assert "record" in edit["may"] and "export" in edit["may"]
    view = _token(client, table.view_token)
    assert (view["credential"], view["label"], view["may"]) == ("table view", None, ["read"])


def test_a_closed_night_says_what_its_editor_may_still_do(client: FlaskClient) -> None:
    table = api_table(client)
    assert table.send("POST", "/close").status_code == 200
    said = _token(client, table.edit_token)
    assert said["stage"] == "closed"
    assert "record" not in said["may"] and "read" in said["may"]


def test_a_director_sees_the_writes_the_events_stage_takes(client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    said = _token(client, made["director_token"])
    assert (said["credential"], said["owner"], said["stage"]) == ("director", "event",
                                                                  "sessions")
    assert "finish" in said["writes"] and "reopen" not in said["writes"]
    phone = _token(client, drawn["tables"][0]["edit_token"])
    assert phone["credential"] == "table phone" and "roster" not in phone["may"]


def test_no_token_or_nobodys_token_is_a_401(client: FlaskClient) -> None:
    table = api_table(client)
    assert_error(client.get(f"{API}/token"), 401)
    assert_error(client.get(f"{API}/token", headers={"Authorization": "Bearer nope"}), 401)
    answer = client.get(f"{API}/token", headers={"Authorization": "Bearer nope"})
    assert answer.get_json()["code"] == "bad_token"
    assert answer.headers["WWW-Authenticate"] == 'Bearer realm="scorekeeper"'
    assert "ETag" not in client.get(f"{API}/token", headers=table.auth()).headers
