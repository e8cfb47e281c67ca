"""Benchmark: a festival under load against a running server.

An event of ``--tables`` tables of five is built through the API (created
with the called-ace preset and enough rounds that no table runs out of
hands during the run, the players registered as one list and checked in,
session 1 drawn), then, until the end:

- **five phones per table** poll their table's live fragment
  (``/s/<night's link>/live``) once a second with their ETag;
- **``--watchers`` phones** poll the event leaderboard's live fragment
  (``/e/s/<token>/live``) once a second with their ETag;
- **one scorekeeper per table** records a hand through the API
  (``POST /api/v1/tables/<night>/hands``, the table's ``edit_token``, an
  Idempotency-Key) once a minute, or ``--compressed K`` times as often,
  each table starting at a random moment of the first interval.

No API answer gives a night's share link (the scorekeeper's share page
does), so the phones' links are read from the server's database
(``--database``, by default the SQLite file the benchmark made).

It prints, for the ``--seconds`` measured after ``--warmup`` (when every
phone's first poll has come and gone): polls and saves offered and served
per second, their p50/p95/p99 latency, errors (any answer but 2xx/304, a
refused or cut connection, a request unanswered at the end), how stale the
slowest watcher got (see :mod:`bench.staleness` for how a watcher is known
to have a hand), the server's CPU per watcher-second (``/proc/<pid>/stat``
of each server process and its children), and the load generator's own CPU
and how late its timers fired.  The phones are spread over ``--clients``
processes (one asyncio loop each, on the same machine as the server); if
they could not keep the offered load, the output says so.  Then it reads
every table's hands back through the API: each acknowledged hand must be
stored exactly once, also when ``--kill-app S`` SIGKILLs one app server of
the stack (master and workers, not started again) S seconds into the
measured window.

    .venv/bin/python -m bench.festival --serve one --tables 200 --watchers 1000
    .venv/bin/python -m bench.festival --serve gunicorn --compressed 10
    .venv/bin/python -m bench.festival --url https://127.0.0.1:8443 --database URL
    .venv/bin/python -m bench.festival --serve stack   # nginx, 2 gunicorn, PostgreSQL
    .venv/bin/python -m bench.festival --serve stack --kill-app 10
    .venv/bin/python -m bench.festival --against          # and the last release, alternately
    .venv/bin/python -m bench.festival --against HEAD~3 --pairs 4

``--against`` runs this checkout and another commit's app alternately
(:mod:`bench.versus`) and prints, under every run's report, each side's
medians of the poll and save latencies and the server's CPU per
watcher-second, and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import platform
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from bench import rivals, versus
from bench.client import (
    Connection,
    Target,
    cpu_seconds,
    free_port,
    next_window,
    plain,
)
from bench.festival_report import MEASURES, Run, compared, measures, report, writes
from bench.phones import Plan, Table, Tally, run
from bench.servers import ROOT, alive
from scorekeeper.limits import MAX_ROUNDS

SEATS = 5


@dataclass(frozen=True)
class Served:
    """The server under load: where, its processes by role, its database,
    and (a stack) how to lose one of its app servers."""

    target: Target
    pids: dict[str, list[int]]
    database: str | None
    words: str
    lose_app: Callable[[], None] | None = None


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--phones", type=int, default=SEATS, help="phones per table")
    parser.add_argument("--watchers", type=int, default=1000, help="phones on the leaderboard")
    parser.add_argument("--compressed", type=float, default=1.0, metavar="K",
                        help="a hand per table every 60/K seconds (default 1: once a minute)")
    parser.add_argument("--seconds", type=float, default=60, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--grace", type=float, default=5,
                        help="seconds the watchers poll on after the last save")
    parser.add_argument("--clients", type=int, default=0,
                        help="client processes (default: one per 700 phones, at most the cores)")
    parser.add_argument("--serve", default="one", metavar="SERVERS",
                        help="one server or several, comma-separated, measured in turn: "
                             f"{', '.join([*rivals.SERVERS, 'stack'])} (default: one, the "
                             "server scripts/run.sh starts)")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers")
    parser.add_argument("--stack-app", choices=("gunicorn", "granian"), default="gunicorn",
                        help="--serve stack: the app servers behind nginx (deploy/ runs gunicorn)")
    parser.add_argument("--kill-app", type=float, metavar="S", help="--serve stack: SIGKILL "
                        "app server 0 S seconds into the measured window")
    parser.add_argument("--url", help="an already-running server (TLS is not verified)")
    parser.add_argument("--pid", type=int, action="append", default=[],
                        help="with --url: a server process to read the CPU of (repeatable)")
    parser.add_argument("--database", help="the server's SQLAlchemy URL (default: a new "
                        "SQLite file); the phones' links are read from it")
    parser.add_argument("--against", nargs="?", const="", metavar="COMMIT",
                        help="side by side: this checkout and COMMIT's app (default: the last "
                             "release, the newest tag or origin/main), alternately, --pairs times")
    parser.add_argument("--pairs", type=int, default=3, help="--against: runs of each")
    args = parser.parse_args()
    args.servers = args.serve.split(",")
    if args.against is not None and (args.url or args.database or len(args.servers) > 1
                                     or args.servers == ["stack"] or args.pairs < 1):
        parser.exit(2, "--against: one server started here on a new database each run "
                       "(not --url, --database or stack), --pairs 1 or more\n")
    unknown = set(args.servers) - {*rivals.SERVERS, "stack"}
    if unknown:
        parser.exit(2, f"--serve: no server called {', '.join(sorted(unknown))}\n")
    args.every = 60 / args.compressed
    hands = math.ceil((args.warmup + args.seconds) / args.every) + 1
    args.rounds = math.ceil(hands / SEATS)
    if args.rounds > MAX_ROUNDS:
        parser.exit(2, f"A table plays at most {MAX_ROUNDS * SEATS} hands and this run needs "
                       f"{hands}: fewer --seconds or a lower --compressed\n")
    if not 0 < args.tables * SEATS <= 1000:
        parser.exit(2, "--tables: 1 to 200 (an event takes 1,000 players)\n")
    if args.kill_app is not None and (args.servers != ["stack"] or args.url):
        parser.exit(2, "--kill-app: only with --serve stack\n")
    return args


@contextmanager
def serving(args: argparse.Namespace, kind: str, root: Path = ROOT) -> Iterator[Served]:
    """The server ``kind`` for this run, started here (and stopped) unless
    ``--url``; its app is the one in the folder ``root``."""
    if args.url:
        yield Served(Target.parse(args.url), {"server": args.pid} if args.pid else {},
                     args.database, args.url)
        return
    if kind == "stack":
        with _stack(args.stack_app) as served:
            yield served
        return
    database = args.database or (
        f"sqlite:///{Path(tempfile.mkdtemp(prefix='scorekeeper-festival-')) / 'festival.db'}")
    port = free_port()
    server = rivals.start(kind, database, port, args.workers, root)
    try:
        yield Served(Target("127.0.0.1", port), {"app": [server.pid]}, database,
                     f"{rivals.words(kind, args.workers)} on {database.split(':')[0]}")
    finally:
        server.terminate()
        server.wait(30)


@contextmanager
def _stack(server: str) -> Iterator[Served]:
    """nginx, two gunicorn and PostgreSQL from ``bench/stack.py``: its ``url``,
    ``database`` (SQLAlchemy URL) and ``pids`` (name → PID: "postgres",
    "nginx", "app0", "app1"…; each counted with its children)."""
    try:
        from bench.stack import festival_stack  # type: ignore[import-not-found,unused-ignore]
    except ImportError as error:
        raise SystemExit(f"--serve stack needs bench/stack.py ({error})") from None
    with festival_stack(app_servers=2, workers=2, cache=True, server=server) as stack:
        pids: dict[str, list[int]] = {}
        for role, found in dict(getattr(stack, "pids", {})).items():
            group = next((g for g in ("nginx", "postgres") if g in role), "app")
            pids.setdefault(group, []).extend(found if isinstance(found, list | tuple)
                                              else [found])
        yield Served(Target.parse(stack.url), pids, getattr(stack, "database", None),
                     f"nginx → 2 {server} × 2 workers → PostgreSQL (bench/stack.py)",
                     lambda: stack.kill_app(0))


async def _call(api: Connection, path: str, body: dict[str, Any],
                token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex,
               **({"Authorization": f"Bearer {token}"} if token else {})}
    status, answer, data = await api.request("POST", f"/api/v1{path}", headers,
                                             json.dumps(body).encode())
    if status not in (200, 201):
        raise SystemExit(f"POST {path}: {status} {plain(answer, data)[:300]!r}")
    return json.loads(plain(answer, data))


async def build_festival(target: Target, tables: int, rounds: int
                         ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The event (its id and tokens) and session 1's drawn tables, through the API."""
    api = Connection(target)
    event = await _call(api, "/events", {"name": "Bench festival", "preset": "called-ace",
                                         "sessions": 1, "rounds": rounds})
    home, director = f"/events/{event['id']}", event["director_token"]
    await _call(api, f"{home}/players", {"checked_in": True, "players": [
        {"name": f"Player {n:04d}"} for n in range(1, tables * SEATS + 1)]}, director)
    drawn = await _call(api, f"{home}/sessions/1/draw", {"seed": 7}, director)
    api.close()
    return event, drawn["tables"]


def share_links(database: str, nights: list[int]) -> dict[int, str]:
    """Each night's share token, read from the server's database."""
    from sqlalchemy import create_engine, select

    from scorekeeper.db.models import GameTable, Owner

    engine = create_engine(database)
    with engine.connect() as connection:
        found = connection.execute(select(GameTable.id, Owner.view_token).join(GameTable.owner)
                                   .where(GameTable.id.in_(nights))).all()
    engine.dispose()
    return {night: token for night, token in found}


def plans(args: argparse.Namespace, target: Target, event_view: str,
          tables: list[Table]) -> list[Plan]:
    """The phones dealt out to the client processes, every table's phones
    with its scorekeeper; everyone starts together."""
    phones = len(tables) * args.phones + args.watchers
    count = args.clients or max(1, min(os.cpu_count() or 1, math.ceil(phones / 700)))
    start = time.monotonic() + 2 + count * 0.2  # the processes are up by then
    counting_from = start + args.warmup
    return [Plan(target, event_view, tuple(tables[i::count]), args.phones,
                 args.watchers // count + (i < args.watchers % count), args.every, start,
                 counting_from, counting_from + args.seconds, args.grace)
            for i in range(count)]


def measure(served: Served, work: list[Plan], kill_at: float | None = None) -> Run:
    """Run the client processes; the server's CPU over the measured seconds
    (of the processes still running at the end), losing an app server
    ``kill_at`` seconds in."""
    first = work[0]
    with multiprocessing.get_context("fork").Pool(len(work)) as pool:
        pending = pool.map_async(run, work)
        time.sleep(max(0.0, first.counting_from - time.monotonic()))
        before = {pid: cpu_seconds(pid) for pids in served.pids.values() for pid in pids}
        if kill_at is not None and served.lose_app is not None:
            time.sleep(max(0.0, first.counting_from + kill_at - time.monotonic()))
            served.lose_app()
        time.sleep(max(0.0, first.until - time.monotonic()))
        cpu = {role: sum(cpu_seconds(pid) - before[pid] for pid in pids if alive(pid))
               for role, pids in served.pids.items()}
        tally = Tally()
        for part in pending.get():
            tally.add(part)
    return Run(tally, cpu, work)


async def stored_hands(target: Target, tables: list[Table]) -> dict[int, list[int]]:
    """Each table's hand numbers as the API lists them after the run, window
    after window (one answer holds a window of a night's hands, not all)."""
    api, found = Connection(target), {}
    for table in tables:
        numbers: list[int] = []
        path: str | None = f"/api/v1/tables/{table.night}/hands?from=1"
        while path is not None:
            status, answer, data = await api.request(
                "GET", path, {"Authorization": f"Bearer {table.edit}",
                              "Accept-Encoding": "gzip"})
            if status != 200:
                raise SystemExit(f"GET the hands of table {table.number}: {status}")
            numbers += [hand["number"] for hand in json.loads(plain(answer, data))]
            path = next_window(answer.get("link"))
        found[table.number] = numbers
    api.close()
    return found


def main() -> None:
    args = arguments()
    if args.against is not None:
        side_by_side(args)
        return
    rows = []
    for kind in args.servers:
        measured = festival(args, kind)
        rows.append((kind, measured))
    if len(rows) > 1:
        print(compared(rows, args))


def side_by_side(args: argparse.Namespace) -> None:
    """This checkout's app and another commit's, alternately (:mod:`bench.versus`)."""
    kind, runs = args.servers[0], []

    def one(side: versus.Side) -> dict[str, float]:
        runs.append(festival(args, kind, side.root))
        return measures(runs[-1])

    with versus.checked_out(args.against or versus.last_release()) as other:
        sides = {versus.THIS: versus.this_side(), versus.OTHER: other}
        measured = versus.alternately(args.pairs, sides, one)
    print()
    print(versus.summary(sides, measured, MEASURES))
    print("hands: every run stored each acknowledged hand once"
          if all(writes(run).endswith("exactly once") for run in runs)
          else "hands: a run LOST or doubled hands (its report above says which)")


def festival(args: argparse.Namespace, kind: str, root: Path = ROOT) -> Run:
    """One festival on the server ``kind`` (its app from ``root``): built,
    measured, read back and printed."""
    with serving(args, kind, root) as served:
        event, drawn = asyncio.run(build_festival(served.target, args.tables, args.rounds))
        links = {}
        if args.phones:
            if not served.database:
                raise SystemExit("The phones need their nights' share links: give --database")
            links = share_links(served.database, [t["night"] for t in drawn])
        tables = [Table(t["number"], t["night"], links.get(t["night"], ""), t["edit_token"],
                        tuple(t["players"])) for t in drawn]
        work = plans(args, served.target, event["view_token"], tables)
        print(f"A festival of {args.tables} tables × {args.phones} phones and {args.watchers} "
              f"on the leaderboard; a hand per table every {args.every:g} s (--compressed "
              f"{args.compressed:g}); {args.seconds:g} s measured after {args.warmup:g} s; "
              f"{served.words}; {platform.machine()}, {os.cpu_count()} cores, Python "
              f"{platform.python_version()}, {date.today().isoformat()}", flush=True)
        measured = measure(served, work, args.kill_app)
        measured.stored.update(asyncio.run(stored_hands(served.target, tables)))
        print(report(measured), flush=True)
    return measured


if __name__ == "__main__":
    main()
