"""The deploy/ recipe: gunicorn with deploy/gunicorn.conf.py on PostgreSQL.

Two workers (one per gunicorn master here, so the test knows which it talks
to) share a throwaway PostgreSQL cluster: a hand saved through one is seen
through the other at once, by the API and by a viewer polling the share
page's live fragment; edits and deletes made through either keep both
workers' kept nights identical to a replay from the rows.  Then one gunicorn
with two workers takes writers and viewers at once."""

from __future__ import annotations

import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bench.servers import PG_BIN, AppServer, postgres_cluster
from tests.servers.harness import call, every_hand

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PG_BIN is None, reason="PostgreSQL's binaries are not "
                                 "installed (Debian: apt-get install postgresql)")]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@contextmanager
def gunicorn(database: str, workers: int = 1) -> Iterator[str]:
    """gunicorn as deploy/ runs it (its config file), on a free port."""
    with tempfile.TemporaryDirectory() as folder:
        server = AppServer(database, Path(folder) / "gunicorn.log", workers)
        try:
            server.start()
            yield server.url
        finally:
            server.stop()


def body(n: int) -> dict[str, Any]:
    return {"picker": PLAYERS[n % 5], "partners": [PLAYERS[(n + 2) % 5]],
            "points": (29 * n + 11) % 121}


def live_version(base: str, token: str) -> int:
    with urllib.request.urlopen(f"{base}/s/{token}/live", timeout=30) as response:
        return int(response.headers["ETag"].strip('"').split("-")[0][1:])


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_a_save_on_one_worker_is_seen_on_the_other(database: str) -> None:
    with gunicorn(database) as one, gunicorn(database) as other:
        status, made = call(one, "POST", "/api/v1/tables", {
            "name": "Two workers", "players": PLAYERS, "preset": "called-ace"})
        assert status == 201
        table, token = made["id"], made["view_token"]
        edit = {"Authorization": f"Bearer {made['edit_token']}"}
        view = {"Authorization": f"Bearer {token}"}
        for n in range(6):
            writer, reader = (one, other) if n % 2 == 0 else (other, one)
            status, saved = call(writer, "POST", f"/api/v1/tables/{table}/hands", body(n),
                                 edit)
            assert status == 201, saved
            # both workers keep this night in memory: each must catch up with the other's saves
            hands = every_hand(reader, table, view)
            assert len(hands) == n + 1
            assert hands[-1] == saved
            deadline = time.monotonic() + 1.5  # a viewer's poll: within the board's lifetime
            while live_version(reader, token) < n + 1 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert live_version(reader, token) >= n + 1
        # an edit in the middle on one worker, a delete on the other
        status, _ = call(one, "PUT", f"/api/v1/tables/{table}/hands/2",
                         {"kind": "leaster", "winner": "Dan"}, edit)
        assert status == 200
        status, _ = call(other, "DELETE", f"/api/v1/tables/{table}/hands/4", None, edit)
        assert status in (200, 204)
        answers = [call(base, "GET", f"/api/v1/tables/{table}/standings", None, view)[1]
                   for base in (one, other)]
        assert answers[0] == answers[1]
        listed = [every_hand(base, table, view) for base in (one, other)]
        assert listed[0] == listed[1] and len(listed[0]) == 5
        assert listed[0][1]["kind"] == "leaster"


def test_one_gunicorn_with_two_workers_takes_writers_and_viewers(database: str) -> None:
    with gunicorn(database, workers=2) as base:
        status, made = call(base, "POST", "/api/v1/tables", {
            "name": "One gunicorn", "players": PLAYERS, "preset": "called-ace"})
        assert status == 201
        table, token = made["id"], made["view_token"]
        edit = {"Authorization": f"Bearer {made['edit_token']}"}
        errors: list[str] = []
        seen: list[int] = []
        stop = threading.Event()

        def viewer() -> None:
            while not stop.is_set():
                try:
                    seen.append(live_version(base, token))
                except OSError as error:  # pragma: no cover - reported below
                    errors.append(repr(error))
                time.sleep(0.05)

        watchers = [threading.Thread(target=viewer) for _ in range(4)]
        for watcher in watchers:
            watcher.start()
        try:
            for n in range(20):
                status, saved = call(base, "POST", f"/api/v1/tables/{table}/hands", body(n),
                                     {**edit, "Idempotency-Key": f"two-workers-{n:04d}-key"})
                assert status == 201, saved
            time.sleep(1.0)
        finally:
            stop.set()
            for watcher in watchers:
                watcher.join(10)
        assert not errors
        hands = every_hand(base, table, edit)
        assert [h["number"] for h in hands] == list(range(1, 21))
        assert max(seen) == 20  # the version the last save made, seen through either worker
