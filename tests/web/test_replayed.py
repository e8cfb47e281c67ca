"""Every replayed answer says so, and only a replay: the creations, an
import and a group's tab paid, retried under their ``Idempotency-Key``,
answer as the first time with ``Idempotent-Replayed: true``; a draw and a
table's code, whose retry is new by design (the same seats at new tables,
a new code), do not say it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.conftest import PLAYERS
from tests.web.api_helpers import API

KEY = "0123456789abcdef-"


def _twice(send: Callable[[dict[str, str]], TestResponse], key: str
           ) -> tuple[TestResponse, TestResponse]:
    headers = {"Idempotency-Key": KEY + key}
    return send(headers), send(headers)


def _replayed(first: TestResponse, again: TestResponse, same: str = "id") -> None:
    assert first.status_code == again.status_code < 300, (first.get_json(), again.get_json())
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.get_json()[same] == again.get_json()[same]


def _auth(token: str, headers: dict[str, str]) -> dict[str, str]:
    return {**headers, "Authorization": f"Bearer {token}"}


def test_the_creations_and_an_import_retried_say_they_are_replays(client: FlaskClient) -> None:
    table: dict[str, Any] = {"name": "Friday", "players": PLAYERS, "preset": "called-ace"}
    made = _twice(lambda h: client.post(f"{API}/tables", json=table, headers=h), "table")
    _replayed(*made)
    group = {"name": "Thursday", "players": PLAYERS}
    _replayed(*_twice(lambda h: client.post(f"{API}/groups", json=group, headers=h), "group"))
    event = {"name": "Kirmess", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1}
    _replayed(*_twice(lambda h: client.post(f"{API}/events", json=event, headers=h), "event"))
    token = made[0].get_json()["edit_token"]
    exported = client.get(f"{API}/tables/{made[0].get_json()['id']}/export",
                          headers=_auth(token, {})).get_json()
    _replayed(*_twice(lambda h: client.post(f"{API}/tables/import", json=exported, headers=h),
                      "import"))


def test_a_tab_paid_says_it_is_a_replay_and_a_draw_or_a_code_does_not(
        client: FlaskClient) -> None:
    made = client.post(f"{API}/events", json={
        "name": "Kirmess", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1}).get_json()
    director = made["director_token"]
    events = f"{API}/events/{made['id']}"
    assert client.post(f"{events}/players", headers=_auth(director, {}), json={
        "checked_in": True, "players": [{"name": f"P{n}"} for n in range(5)]}).status_code == 201
    drawn = _twice(lambda h: client.post(f"{events}/sessions/1/draw", json={"seed": 3},
                                         headers=_auth(director, h)), "draw")
    assert [d.status_code for d in drawn] == [200, 200]
    assert [[t["numbers"] for t in d.get_json()["tables"]] for d in drawn] == [
        [t["numbers"] for t in drawn[0].get_json()["tables"]]] * 2  # the same seats
    assert "Idempotent-Replayed" not in drawn[1].headers  # at new tables, with new codes
    code = _twice(lambda h: client.post(f"{events}/sessions/1/tables/1/code", json={},
                                        headers=_auth(director, h)), "code")
    assert [c.status_code for c in code] == [200, 200]
    assert code[0].get_json()["code"] != code[1].get_json()["code"]
    assert "Idempotent-Replayed" not in code[1].headers  # a new code, not the first again
    group = client.post(f"{API}/groups", json={"name": "Thu", "players": PLAYERS}).get_json()
    gauth = _auth(group["edit_token"], {})
    night = client.post(f"{API}/tables", headers=gauth, json={
        "players": PLAYERS, "preset": "called-ace", "group": group["id"]}).get_json()
    nauth = _auth(night["edit_token"], {})
    assert client.post(f"{API}/tables/{night['id']}/hands", headers=nauth, json={
        "picker": "Ann", "partners": ["Bob"], "points": 75}).status_code == 201
    assert client.post(f"{API}/tables/{night['id']}/close", headers=nauth,
                       json={"carry": True}).status_code == 200
    owed = client.get(f"{API}/groups/{group['id']}/settlement", headers=gauth).get_json()
    paid = _twice(lambda h: client.post(f"{API}/groups/{group['id']}/settlement/paid",
                                        json={"nights": owed["nights"]},
                                        headers=_auth(group["edit_token"], h)), "paid")
    _replayed(*paid, same="cleared")
