"""The servers the load benchmarks compare, started the same way for each:

- ``one``: the app as ``scripts/run.sh`` serves it (``python -m
  scorekeeper.serve``: granian, settings in :mod:`scorekeeper.serve`);
- ``gunicorn``: gunicorn as ``deploy/`` runs it (``deploy/gunicorn.conf.py``,
  threaded workers; ``workers`` of them);
- ``waitress``: waitress as ``run.sh`` served the app before granian (16
  threads, 5,000 connections watched with poll(2), the body limit, and the
  patch that kept a 304's connection open), kept here only to be measured
  against: ``python -m bench.rivals waitress``.

Each is a process of its own (its CPU read from ``/proc`` with its children).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.servers import GUNICORN, ROOT, wait_http

#: The servers by name, and what the benchmarks print for each.
SERVERS = {
    "one": "granian as scripts/run.sh starts it (python -m scorekeeper.serve)",
    "gunicorn": "gunicorn gthread (deploy/gunicorn.conf.py)",
    "waitress": "waitress as run.sh started it before (python -m bench.rivals waitress)",
}


def command(kind: str) -> list[str]:
    """The command line that starts the server ``kind``."""
    if kind == "one":
        return [sys.executable, "-m", "scorekeeper.serve"]
    if kind == "gunicorn":
        return GUNICORN
    if kind == "waitress":
        return [sys.executable, "-m", "bench.rivals", "waitress"]
    raise ValueError(f"no server called {kind!r}: one of {', '.join(SERVERS)}")


def start(kind: str, database: str, port: int, workers: int = 1,
          root: Path = ROOT) -> subprocess.Popen[bytes]:
    """Server ``kind`` on 127.0.0.1:``port`` serving ``database``, once it
    answers (``workers``: gunicorn's), run in the folder ``root`` and so
    serving the app there (another commit's worktree: :mod:`bench.versus`)."""
    env = {**os.environ, "SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "bench",
           "HOST": "127.0.0.1", "PORT": str(port), "BIND": f"127.0.0.1:{port}",
           "WEB_CONCURRENCY": str(workers)}
    server = subprocess.Popen(command(kind), cwd=root, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/healthz", 60, running=server.pid)
    except AssertionError:
        server.kill()
        raise SystemExit(f"the {kind} server did not start") from None
    return server


def words(kind: str, workers: int = 1) -> str:
    return SERVERS[kind] + (f", {workers} worker(s)" if kind == "gunicorn" else "")


# --- waitress, as run.sh started it before -----------------------------------

def _waitress() -> None:
    """Serve the app with waitress's old settings until stopped."""
    from waitress import serve
    from waitress.task import Task

    from scorekeeper import create_app
    from scorekeeper.serve import CONNECTION_LIMIT, SPARE_FILES, allow_open_files

    build_header = Task.build_response_header

    def keeping_304_open(self: Any) -> bytes:
        # waitress 3.0 closes the connection after any answer without a
        # Content-Length, and a 304 never has one: each idle phone would
        # reconnect every second
        keep = (self.status.startswith("304") and self.version == "1.1"
                and self.request.headers.get("CONNECTION", "").lower() != "close"
                and not self.close_on_finish)
        if keep:
            self.response_headers.append(("Connection", "keep-alive"))
        header: bytes = build_header(self)
        if keep:
            self.close_on_finish = False
        return header

    Task.build_response_header = keeping_304_open  # type: ignore[method-assign]
    app = create_app()
    allow_open_files(CONNECTION_LIMIT + SPARE_FILES)
    serve(app, host=os.environ.get("HOST", "127.0.0.1"), port=int(os.environ["PORT"]),
          threads=16, connection_limit=CONNECTION_LIMIT, channel_timeout=60,
          max_request_body_size=app.config["MAX_CONTENT_LENGTH"], asyncore_use_poll=True,
          ident="scorekeeper")


if __name__ == "__main__":
    if sys.argv[1:] != ["waitress"]:
        raise SystemExit("usage: python -m bench.rivals waitress")
    _waitress()
