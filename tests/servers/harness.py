"""Real servers for the concurrency tests: the app served on 127.0.0.1 as
``scripts/run.sh`` serves it and a small JSON client (a night's every hand is read window
after window, as the API pages them); the throwaway PostgreSQL cluster made
with Debian's binaries is :mod:`bench.servers`' (the stack launcher's).
Every process started here is stopped by the test."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
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


class Server:
    """One server process started as ``scripts/run.sh`` starts it
    (``python -m scorekeeper.serve``: granian's master and its worker, in a
    process group of their own so that both are stopped together)."""

    def __init__(self, database: str, threads: int = 8, **settings: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "servers",
               "HOST": "127.0.0.1", "PORT": str(self.port), "THREADS": str(threads),
               **settings}
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.serve"], cwd=ROOT, env=env,
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log, start_new_session=True)

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                said = self.log.read().decode(errors="replace")[-2000:]
                raise AssertionError(f"server exited with {self.process.returncode}: {said}")
            try:
                if call(self.base, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("server did not start")

    def kill(self) -> None:
        """SIGKILL master and worker: no clean shutdown, as when the power or
        the process dies."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM: what is in flight is answered, then it stops."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(40)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


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
