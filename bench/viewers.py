"""Benchmark: a crowd watching live scores while the scorekeeper saves.

Starts the server as ``scripts/run.sh`` does (``python -m scorekeeper.serve``,
granian on a SQLite file), builds nights of 60 hands, then
simulates phones with asyncio on keep-alive connections:

- **viewers** poll their night's live fragment once a second with the ETag
  they last saw, as the share page does (a 304 while nothing changed);
- **one scorekeeper per night** records a hand through the API every
  ``--save-every`` seconds.

It prints, per scenario: polls served per second, the p50/p95/max latency of
a poll, the median and p95 of a save, how stale the slowest viewer got
(from a save's answer to that viewer's first poll showing it), errors, and
the server's CPU use.  The clients run on the same machine and take CPU too.

    .venv/bin/python -m bench.viewers [--viewers 10,100,300] [--seconds 20]
    .venv/bin/python -m bench.viewers --tables 150 --viewers 4 --save-every 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import rivals
from bench.client import Connection, cpu_seconds, free_port, percentile, start_server, version_of
from bench.night import PLAYERS, add_night, bench_app, hand_body

HANDS = 60


@dataclass
class Tally:
    """What one scenario measured."""

    polls: list[float] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    stale: list[float] = field(default_factory=list)
    errors: int = 0
    #: Measurements start here (the first polls of every phone, all at once, are not counted).
    counting_from: float = 0.0
    #: (table, version) → when its save was answered
    saved_at: dict[tuple[int, int], float] = field(default_factory=dict)
    #: (table, viewer) → highest version seen
    seen: dict[tuple[int, int], int] = field(default_factory=dict)


async def viewer(port: int, table: int, number: int, token: str, tally: Tally,
                 until: float) -> None:
    connection = Connection(port)
    etag = ""
    await asyncio.sleep(random.random())
    next_poll = time.monotonic()
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            status, headers, _ = await connection.request(
                "GET", f"/s/{token}/live", {"If-None-Match": etag} if etag else None)
        except (OSError, asyncio.IncompleteReadError):
            tally.errors += 1
            connection.close()
            await asyncio.sleep(1)
            continue
        done = time.monotonic()
        if start >= tally.counting_from:
            tally.polls.append(done - start)
        if status not in (200, 304):
            tally.errors += 1
        elif "etag" in headers:
            etag = headers["etag"]
            version = version_of(etag)
            before = tally.seen.get((table, number), 0)
            for v in range(before + 1, version + 1):
                if (table, v) in tally.saved_at and start >= tally.counting_from:
                    tally.stale.append(max(0.0, done - tally.saved_at[(table, v)]))
            tally.seen[(table, number)] = max(before, version)
        # as the share page's timer: once a second; a late poll is not made up for
        next_poll = max(next_poll + 1.0, time.monotonic())
        await asyncio.sleep(max(0.0, next_poll - time.monotonic()))
    connection.close()


async def scorekeeper(port: int, table: int, auth: str, every: float, tally: Tally,
                      until: float) -> None:
    connection = Connection(port)
    recorded = HANDS
    await asyncio.sleep(random.random() * min(every, until - time.monotonic()))
    while time.monotonic() < until:
        body = json.dumps(hand_body(recorded, PLAYERS[recorded % len(PLAYERS)])).encode()
        start = time.monotonic()
        try:
            status, headers, data = await connection.request(
                "POST", f"/api/v1/tables/{table}/hands",
                {"Authorization": auth, "Content-Type": "application/json",
                 "Idempotency-Key": f"bench-{table}-{recorded:08d}-{random.random()}"}, body)
        except (OSError, asyncio.IncompleteReadError):
            tally.errors += 1
            connection.close()
            continue
        done = time.monotonic()
        if status == 201:
            if start >= tally.counting_from:
                tally.saves.append(done - start)
            tally.saved_at[(table, version_of(headers["etag"]))] = done
            recorded += 1
        else:
            tally.errors += 1
            print("save refused:", status, data[:200], file=sys.stderr)
        await asyncio.sleep(max(0.0, every - (time.monotonic() - start)))
    connection.close()


async def scenario(port: int, nights: list[dict[str, Any]], viewers: int, seconds: float,
                   every: float, warmup: float) -> Tally:
    tally = Tally(counting_from=time.monotonic() + warmup)
    until = time.monotonic() + warmup + seconds
    tasks = []
    for night in nights:
        tasks += [viewer(port, night["id"], n, night["view_token"], tally, until)
                  for n in range(viewers)]
        tasks.append(scorekeeper(port, night["id"], f"Bearer {night['edit_token']}", every,
                                 tally, until))
    await asyncio.gather(*tasks)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--viewers", default="10,100,300",
                        help="viewers per night, one scenario per number")
    parser.add_argument("--tables", type=int, default=1, help="nights watched at once")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--save-every", type=float, default=2.0)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds before measuring (every phone's first poll comes at once)")
    parser.add_argument("--database", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--gunicorn", type=int, default=0, metavar="WORKERS",
                        help="serve with gunicorn and this many workers (deploy/gunicorn.conf.py)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-crowd-"))
    database = args.database or f"sqlite:///{folder / 'crowd.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    server_name = rivals.words("gunicorn" if args.gunicorn else "one", args.gunicorn)
    print(f"{args.tables} night(s) of {HANDS}+ hands, a save per night every "
          f"{args.save_every:g} s, {args.seconds:g} s measured after {args.warmup:g} s; "
          f"{server_name} on {database.split(':')[0]}; "
          f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'viewers':>8} {'polls/s':>8} {'poll p50':>9} {'p95':>8} {'max':>8} "
          f"{'save p50':>9} {'save p95':>9} {'stalest':>8} {'errors':>7} {'CPU':>6} "
          f"{'clients':>7}")
    for count in (int(v) for v in args.viewers.split(",")):
        clients_before = time.process_time()
        nights = [add_night(app, HANDS, f"Crowd {i}") for i in range(args.tables)]
        port = free_port()
        server = start_server(database, port, args.gunicorn)
        try:
            cpu = cpu_seconds(server.pid)
            began = time.monotonic()
            tally = asyncio.run(scenario(port, nights, count, args.seconds, args.save_every,
                                         args.warmup))
            elapsed = time.monotonic() - began
            cpu = (cpu_seconds(server.pid) - cpu) / elapsed
            mine = time.process_time()
        finally:
            server.terminate()
            server.wait(10)
        ms = [p * 1000 for p in tally.polls]
        saves = [s * 1000 for s in tally.saves]
        print(f"{count * args.tables:>8} {len(ms) / args.seconds:>8.0f} "
              f"{statistics.median(ms):>7.1f}ms {percentile(ms, 95):>6.1f}ms "
              f"{max(ms):>6.0f}ms {statistics.median(saves) if saves else float('nan'):>7.1f}ms "
              f"{percentile(saves, 95):>7.1f}ms "
              f"{max(tally.stale) if tally.stale else float('nan'):>7.2f}s "
              f"{tally.errors:>7} {cpu:>5.0%} {(mine - clients_before) / elapsed:>7.0%}")


if __name__ == "__main__":
    main()
