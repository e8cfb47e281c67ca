"""Real servers for the concurrency tests: waitress processes serving the app
on 127.0.0.1, a small JSON client, and a throwaway PostgreSQL cluster made
with Debian's binaries.  Every process started here is stopped by the test."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"))), None) \
    if Path("/usr/lib/postgresql").exists() else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={
        **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, raw.decode(errors="replace")


def new_table(base: str, players: list[str]) -> tuple[int, dict[str, str]]:
    status, body = call(base, "POST", "/api/v1/tables", {
        "name": "Busy night", "players": players, "preset": "called-ace"})
    assert status == 201, body
    return body["id"], {"Authorization": f"Bearer {body['edit_token']}"}


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on 127.0.0.1 (trust auth); yields its URL."""
    assert PG_BIN is not None
    folder = Path(tempfile.mkdtemp(prefix="sk-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(folder, "nobody")
        as_user = ["runuser", "-u", "nobody", "--"]
    data, port = folder / "data", free_port()
    subprocess.run([*as_user, str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres",
                    "--auth=trust", "-E", "UTF8"], check=True, capture_output=True)
    subprocess.run([*as_user, str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-l",
                    str(folder / "log"), "-o",
                    f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 "
                    "-c max_connections=200 -c fsync=off", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
