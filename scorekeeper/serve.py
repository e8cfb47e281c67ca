"""Serving the app on the LAN with granian, set for a hall full of phones.

``python -m scorekeeper.serve`` (what ``scripts/run.sh`` runs) listens on
``HOST``:``PORT`` (default 0.0.0.0:5000).  granian was chosen by measuring
it beside waitress and gunicorn with a festival's load
(``bench/festival.py --serve one,waitress,gunicorn``, in docs/speed.md):
its HTTP is Rust (hyper on tokio), so parsing, keep-alive and the thousands
of idle connections cost the app's one Python core nothing, and only the
app itself runs under the GIL.  Its settings, all here:

- **One worker process** with :data:`THREADS` threads running the app: the
  SQLite file, and one process's memory for every table's kept pages and
  the version board (more processes would render each page once each).
- **Idle connections kept** :data:`KEEP_IDLE_MS`: every phone polls once a
  second on its own connection, and a scorekeeper saves every minute or
  two.  hyper counts an idle keep-alive connection's wait for its next
  request as reading headers, so this is that timeout (granian's default,
  30 s, closed a minute-apart scorekeeper's connection before each save;
  see docs/speed.md on the "cut saves").  A connection closed while idle is
  one no request was read from: browsers send the request again on a new
  one, and an API save carries its Idempotency-Key.
- **A backlog** of :data:`BACKLOG` connections waiting to be accepted (a
  hall's phones all opening at once), and the open-file limit raised so
  that :data:`CONNECTION_LIMIT` connections fit (Debian starts a process at
  1,024).  granian's "backpressure" (how many requests it takes on at once)
  is every connection: it is counted per open connection, so at the
  backlog's 4,096 a hall of 5,000 phones had 904 of them never answered,
  and at 5,000 the 200 scorekeepers' saves waited 20 to 34 s behind the
  5,000 watchers.
- **The collector set for a long-lived heap**: the worker's app is
  :func:`scorekeeper.hall.hall_app`, which says why.
- **A body over the app's limit** is refused by the app from its
  Content-Length before any of it is read (``MAX_CONTENT_LENGTH``, checked
  before each request in :mod:`scorekeeper.app`).
- **SIGTERM drains**: the listener closes, requests in flight are answered,
  then the worker stops (at most :data:`DRAIN_SECONDS`).
- **A worker that dies is started again** after :data:`RESPAWN_SECONDS`
  (granian's master logs it): a crash, or the kernel's out-of-memory killer,
  costs the hall a moment's connection errors, not the night.  Every answer
  sent was written before it was sent, so nothing acknowledged is lost, and
  what was in flight is retried by its phone (a hand with its key).
- **304s keep the connection**, as HTTP/1.1 does: hyper needs no patch.
"""

from __future__ import annotations

import logging
import os
import resource
from typing import Any

#: What the worker serves: the app's factory, called in the worker process.
TARGET = "scorekeeper.hall:hall_app"
#: Threads running the app (a request waiting on the database holds one).
THREADS = int(os.environ.get("THREADS", "16"))
#: Worker processes: one on SQLite (``run.sh``); an app server of deploy/'s
#: recipe on PostgreSQL may run more (``WEB_CONCURRENCY``, as gunicorn's).
WORKERS = int(os.environ.get("WEB_CONCURRENCY", "1"))
#: Open connections the process is sized for: a festival hall is 1,000
#: table phones, up to 4,000 on the leaderboard (the hall and the families
#: following from home), 200 scorekeepers and the big screens, twice over.
CONNECTION_LIMIT = 10_000
#: File descriptors beyond the connections (the database, logs, the listener).
SPARE_FILES = 256
#: Connections the kernel holds before they are accepted.
BACKLOG = 4096
#: Milliseconds an idle keep-alive connection is kept (granian's most; a
#: shorter wait may be set, e.g. for a test that watches one close).
KEEP_IDLE_MS = int(os.environ.get("KEEP_IDLE_MS", "60000"))
#: Seconds a stopping worker has to answer what it is answering.
DRAIN_SECONDS = 30
#: Seconds granian's master waits before starting a worker that died.
RESPAWN_SECONDS = 1.0


def settings(host: str, port: int) -> dict[str, Any]:
    """granian's settings (keyword arguments of ``granian.Granian``)."""
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    return {"target": TARGET, "factory": True, "interface": Interfaces.WSGI,
            "address": host, "port": port, "workers": WORKERS, "blocking_threads": THREADS,
            "backlog": BACKLOG, "backpressure": CONNECTION_LIMIT, "http": HTTPModes.http1,
            "websockets": False,
            "http1_settings": HTTP1Settings(header_read_timeout=KEEP_IDLE_MS),
            "workers_kill_timeout": DRAIN_SECONDS, "log_access": False,
            "respawn_failed_workers": True, "respawn_interval": RESPAWN_SECONDS}


def allow_open_files(wanted: int) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (as far
    as the hard limit lets it: Debian starts processes at 1,024, which would
    refuse the 1,021st phone); returns the limit now in force.  The worker
    process inherits it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def serve(host: str, port: int) -> None:
    """Serve the app until the process is stopped (SIGTERM or SIGINT drains)."""
    from granian import Granian

    allow_open_files(CONNECTION_LIMIT + SPARE_FILES)
    server = Granian(**settings(host, port))  # sets up granian's logging
    logging.getLogger("_granian").addFilter(_threads_chosen)
    server.serve()


def _threads_chosen(record: logging.LogRecord) -> bool:
    """granian warns that 16 threads are many for the cores: they are chosen
    (a request waiting for SQLite's write lock holds one while the crowd's
    polls go on), so the director starting the laptop's server isn't told
    to worry about it."""
    return "Python threads" not in record.getMessage()


def main() -> None:
    serve(os.environ.get("HOST", "0.0.0.0"), int(os.environ.get("PORT", "5000")))


if __name__ == "__main__":
    main()
