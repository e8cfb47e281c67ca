"""Serving the app on the LAN with waitress, set for a room full of phones.

``python -m scorekeeper.serve`` (what ``scripts/run.sh`` runs) listens on
``HOST``:``PORT`` (default 0.0.0.0:5000) with:

- enough connections for every phone watching every table (each polls once
  a second and keeps its connection open between polls), watched with
  poll(2) rather than select(2), which stops at 1,024 sockets, and the soft
  limit of open files raised to match;
- a request body limit equal to the app's own (``MAX_CONTENT_LENGTH``), so
  waitress refuses a bigger upload from its Content-Length, before reading
  or buffering any of it;
- a 304 that keeps the connection open.  waitress 3.0 closes the connection
  after every response without a Content-Length, and a 304 never has one
  (RFC 9110 §15.4.5 sends no body): each idle phone would reconnect every
  second.  A 304 has no body to delimit, so nothing requires the close; the
  patch below keeps the connection unless the client asked to close it.
"""

from __future__ import annotations

import os
import resource
from typing import Any

from waitress import serve as waitress_serve
from waitress.task import Task

from scorekeeper import create_app

THREADS = int(os.environ.get("THREADS", "16"))
#: Open connections: a festival hall is 1,000 table phones, 1,000 on the
#: leaderboard, 200 scorekeepers and the big screens.  At the limit waitress
#: stops accepting, and a scorekeeper's save waits in the kernel's queue.
CONNECTION_LIMIT = 5000
#: File descriptors beyond the connections (the database, logs, the listener).
SPARE_FILES = 256
#: Seconds an idle connection is kept open (a viewer polls every second).
CHANNEL_TIMEOUT = 60

_build_response_header = Task.build_response_header


def _build_keeping_304_open(self: Any) -> bytes:
    keep = (self.status.startswith("304") and self.version == "1.1"
            and self.request.headers.get("CONNECTION", "").lower() != "close"
            and not self.close_on_finish)
    if keep:  # present, so waitress adds no "Connection: close"
        self.response_headers.append(("Connection", "keep-alive"))
    header: bytes = _build_response_header(self)
    if keep:
        self.close_on_finish = False
    return header


def keep_304_open() -> None:
    """Patch waitress so a 304 keeps the connection open (idempotent)."""
    Task.build_response_header = _build_keeping_304_open  # type: ignore[method-assign]


def settings(app: Any) -> dict[str, Any]:
    """waitress's settings for ``app``."""
    return {"threads": THREADS, "connection_limit": CONNECTION_LIMIT,
            "channel_timeout": CHANNEL_TIMEOUT,
            "max_request_body_size": app.config["MAX_CONTENT_LENGTH"],
            # poll(2), not select(2): select cannot watch more than 1,024 sockets
            "asyncore_use_poll": True,
            "ident": "scorekeeper"}


def allow_open_files(wanted: int) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (as far
    as the hard limit lets it: Debian starts processes at 1,024, which would
    refuse the 1,021st phone); returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def serve(app: Any, host: str, port: int, **overrides: Any) -> None:
    """Serve ``app`` until the process is stopped."""
    keep_304_open()
    limit = (settings(app) | overrides)["connection_limit"]
    allow_open_files(limit + SPARE_FILES)
    waitress_serve(app, host=host, port=port, **(settings(app) | overrides))


def main() -> None:
    app = create_app()
    serve(app, os.environ.get("HOST", "0.0.0.0"), int(os.environ.get("PORT", "5000")))


if __name__ == "__main__":
    main()
