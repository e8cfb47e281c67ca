"""Real servers for the concurrency tests: waitress processes serving the app
on 127.0.0.1 and a small JSON client (a night's every hand is read window
after window, as the API pages them); the throwaway PostgreSQL cluster made
with Debian's binaries is :mod:`bench.servers`' (the stack launcher's).
Every process started here is stopped by the test."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bench.client import next_window
from bench.servers import PG_BIN, ROOT, free_port, postgres_cluster

__all__ = ["PG_BIN", "ROOT", "Server", "call", "every_hand", "exchange", "free_port",
           "new_table", "postgres_cluster", "servers"]


def _serve(database: str, port: int, threads: int) -> None:
    """A server process's life: the app on ``database``, served by waitress."""
    os.environ.update({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "servers"})
    from scorekeeper import create_app
    from scorekeeper.serve import serve

    serve(create_app(), "127.0.0.1", port, threads=threads, _quiet=True)


class Server:
    """One server process (forked from the test, so it skips re-importing the
    app: what it runs is what ``python -m scorekeeper.serve`` runs)."""

    def __init__(self, database: str, threads: int = 8) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = multiprocessing.get_context("fork").Process(
            target=_serve, args=(database, self.port, threads), daemon=True)
        self.process.start()

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not self.process.is_alive():
                raise AssertionError(f"server exited with {self.process.exitcode}")
            try:
                if call(self.base, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as when the power or the process dies."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(10)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(10)
        if self.process.is_alive():
            self.kill()


@contextmanager
def servers(database: str, count: int) -> Iterator[list[Server]]:
    started = [Server(database) for _ in range(count)]
    try:
        for server in started:
            server.wait_ready()
        yield started
    finally:
        for server in started:
            server.stop()


def call(base: str, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int, Any]:
    """One HTTP request; (status, JSON body or None).  Refused connections raise OSError."""
    status, answer, _ = exchange(base, method, path, body, headers, timeout)
    return status, answer


def exchange(base: str, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None, timeout: float = 60
             ) -> tuple[int, Any, dict[str, str]]:
    """:func:`call`, with the answer's headers (lower-cased) too."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={
        **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw, status, got = response.read(), response.status, response.headers.items()
    except urllib.error.HTTPError as error:
        raw, status, got = error.read(), error.code, error.headers.items()
    said = {k.lower(): v for k, v in got}
    try:
        return status, json.loads(raw) if raw else None, said
    except ValueError:
        return status, raw.decode(errors="replace"), said


def every_hand(base: str, table_id: int, headers: dict[str, str]) -> list[dict[str, Any]]:
    """Every hand of a night as the API lists them, window after window
    (one answer holds a window of them, not a long night's all)."""
    hands: list[dict[str, Any]] = []
    path: str | None = f"/api/v1/tables/{table_id}/hands?from=1"
    while path is not None:
        status, window, said = exchange(base, "GET", path, headers=headers)
        assert status == 200, window
        hands += window
        path = next_window(said.get("link"))
    return hands


def new_table(base: str, players: list[str]) -> tuple[int, dict[str, str]]:
    status, body = call(base, "POST", "/api/v1/tables", {
        "name": "Busy night", "players": players, "preset": "called-ace"})
    assert status == 201, body
    return body["id"], {"Authorization": f"Bearer {body['edit_token']}"}
