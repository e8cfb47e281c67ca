"""Two phones (or a phone and a script) saving at the same moment: a real
waitress server with several threads on a SQLite file.  Every write either
lands whole or is refused cleanly; nothing is lost, doubled or a 500."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

API = "/api/v1"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def call(base: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + API + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def hammer(jobs: list[Any]) -> None:
    threads = [threading.Thread(target=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)


def test_simultaneous_saves_all_land_in_order_without_errors(live_server: str) -> None:
    status, table = call(live_server, "POST", "/tables",
                         {"name": "Busy", "players": PLAYERS, "preset": "called-ace"})
    assert status == 201
    token, path = table["edit_token"], f"/tables/{table['id']}"
    statuses: list[int] = []

    def save(i: int) -> None:
        hand = {"picker": PLAYERS[i % 5], "partners": [PLAYERS[(i + 2) % 5]],
                "points": 61 + i}
        statuses.append(call(live_server, "POST", path + "/hands", hand, token)[0])

    hammer([lambda i=i: save(i) for i in range(12)])
    assert sorted(statuses) == [201] * 12
    _, hands = call(live_server, "GET", path + "/hands", token=token)
    assert [h["number"] for h in hands] == list(range(1, 13))
    assert sorted(h["points"] for h in hands) == list(range(61, 73))
    dealers = [h["dealer"] for h in hands]
    assert dealers == [PLAYERS[i % 5] for i in range(12)]
    _, standings = call(live_server, "GET", path + "/standings", token=token)
    assert sum(standings["balances"].values()) == 0


def test_edits_and_deletes_racing_each_other_never_half_apply(live_server: str) -> None:
    status, table = call(live_server, "POST", "/tables",
                         {"name": "Race", "players": PLAYERS, "preset": "called-ace"})
    token, path = table["edit_token"], f"/tables/{table['id']}"
    for _ in range(6):
        assert call(live_server, "POST", path + "/hands",
                    {"picker": "Bob", "partners": ["Cat"], "points": 70}, token)[0] == 201
    statuses: list[int] = []

    def delete_first() -> None:
        statuses.append(call(live_server, "DELETE", path + "/hands/1", token=token)[0])

    def edit_last() -> None:
        statuses.append(call(live_server, "PUT", path + "/hands/6",
                             {"picker": "Dan", "partners": ["Eve"], "points": 100}, token)[0])

    hammer([delete_first, delete_first, edit_last, edit_last])
    _, hands = call(live_server, "GET", path + "/hands", token=token)
    assert all(s in (200, 204, 404, 400, 409) for s in statuses), statuses
    assert statuses.count(204) == 2
    assert len(hands) == 4
    assert [h["number"] for h in hands] == [1, 2, 3, 4]
    for hand in hands:
        assert sum(hand["payouts"].values()) == 0
    _, standings = call(live_server, "GET", path + "/standings", token=token)
    assert standings["hands"] == 4 and sum(standings["balances"].values()) == 0
