"""Benchmark: the phones' polls and a scorekeeper's saves while an organiser
brings a league's whole history in from its sheet and exports the group.

Starts the server as ``scripts/run.sh`` does (granian on a SQLite file) with
a night of 60 hands that ``--phones`` phones poll once a second while its
scorekeeper records a hand every second, and a group of five.  The
organiser's sheet is a league's ``--nights`` nights (a row a player a game:
date, game, player, total; five of 62 members a game, some days two games):

1. **No organiser**: the polls' and saves' p50/p95/max for ``--seconds``.
2. **The sheet brought in**: two seconds in, the organiser previews the
   sheet (``POST /api/v1/groups/<id>/import``), confirms it (a ``202``: a
   job) and asks the job's address every half second until it is done; the
   same measures, and each step's time.
3. **The group exported**: two seconds in, the organiser asks for the
   group's file as a job (``Prefer: respond-async``: it is written and kept),
   follows it, then downloads the file twice (kept: given at once).

The work of the preview and both jobs is done in the server's import
process (``scorekeeper.services.background.elsewhere``), so the threads
answering the phones wait only for the database's write lock while the
nights are written, a turn of a hundred rows at a time.

    .venv/bin/python -m bench.sheet_jobs
    .venv/bin/python -m bench.sheet_jobs --nights 2000 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from bench.client import Connection, cpu_seconds, free_port, start_server, stop_server
from bench.hostile_imports import JSON, Tally, _ms, scorekeeper, wind_up
from bench.night import add_night, bench_app
from bench.sheet_bombs import Tally as PollTally
from bench.sheet_bombs import phone


def league_sheet(nights: int, members: int = 62) -> str:
    """A league's sheet: a row a player a game, every value as the league's
    app wrote it; a game a day from 2004, every fourth day two."""
    names = [f"Member {n:02d}" for n in range(members)]
    rows, day, game = ["Date,Game,Player,Total"], date(2004, 1, 5), 0
    while game < nights:
        for _ in range(2 if game % 4 == 0 else 1):
            seats = random.sample(names, 5)
            points = [random.randint(-9, 9) for _ in range(4)]
            points.append(-sum(points))
            rows += [f"{day.isoformat()},{game + 1},{n},{p}"
                     for n, p in zip(seats, points, strict=True)]
            game += 1
        day += timedelta(days=1)
    return "\n".join(rows) + "\n"


@dataclass
class Steps:
    """The organiser's steps: what each took (seconds) and answered."""

    took: dict[str, float] = field(default_factory=dict)
    said: dict[str, str] = field(default_factory=dict)


async def organiser(port: int, group: dict[str, Any], sheet: str, steps: Steps) -> None:
    await asyncio.sleep(2)
    connection = Connection(port)
    run = {**JSON, "Authorization": f"Bearer {group['edit_token']}"}
    base = f"/api/v1/groups/{group['id']}"
    ask = {"sheet": sheet, "filename": "league.csv"}
    try:
        began = time.monotonic()
        status, _, body = await connection.request("POST", f"{base}/import", run,
                                                   json.dumps(ask).encode())
        shown = json.loads(body)
        steps.took["preview"] = time.monotonic() - began
        steps.said["preview"] = f"{status}, {len(shown.get('nights', []))} nights"
        began = time.monotonic()
        status, headers, body = await connection.request("POST", f"{base}/import", run, json.dumps({
            **ask, "confirm": True, "version": shown.get("version"),
            "new_members": shown.get("new_members")}).encode())
        steps.took["confirm answered"] = time.monotonic() - began
        steps.said["confirm answered"] = str(status)
        await _followed(connection, headers, body, run, steps, "job done", began)
    finally:
        connection.close()


async def _followed(connection: Connection, headers: dict[str, str], body: bytes,
                    run: dict[str, str], steps: Steps, step: str, began: float) -> None:
    """A job answered (``body``), asked about every half second until it is
    done: the step's time since ``began`` and how it ended."""
    job = json.loads(body)
    while job.get("state") in ("waiting", "working"):
        await asyncio.sleep(0.5)
        _, _, body = await connection.request("GET", headers["location"], run)
        job = json.loads(body)
    steps.took[step] = time.monotonic() - began
    steps.said[step] = f"{job.get('state')} {job.get('status')}"


async def exporter(port: int, group: dict[str, Any], steps: Steps) -> None:
    await asyncio.sleep(2)
    connection = Connection(port)
    run = {**JSON, "Authorization": f"Bearer {group['edit_token']}"}
    path = f"/api/v1/groups/{group['id']}/export"
    try:
        began = time.monotonic()
        status, headers, body = await connection.request(
            "GET", path, {**run, "Prefer": "respond-async"})
        steps.took["export asked"] = time.monotonic() - began
        steps.said["export asked"] = str(status)
        await _followed(connection, headers, body, run, steps, "export job done", began)
        for name in ("first download", "second download"):
            began = time.monotonic()
            status, _, body = await connection.request("GET", path, run)
            steps.took[name] = time.monotonic() - began
            steps.said[name] = f"{status}, {len(body) / 1e6:.1f} MB"
    finally:
        connection.close()


async def evening(port: int, night: dict[str, Any], first: int, phones: int, seconds: float,
                  work: Any = None) -> tuple[Tally, float]:
    polls, tally = PollTally(), Tally()
    tasks = [asyncio.ensure_future(phone(port, night["view_token"], n, polls))
             for n in range(phones)]
    tasks.append(asyncio.ensure_future(scorekeeper(port, night, first, tally)))
    await asyncio.sleep(1.5)
    polls.polls.clear()
    tally.saves.clear()
    began = time.monotonic()
    if work is not None:
        tasks.append(asyncio.ensure_future(work))
    await asyncio.sleep(seconds)
    if work is not None:  # the organiser's last step still counts
        await asyncio.wait([tasks[-1]], timeout=120)
    tally.stop = polls.stop = True
    ended = time.monotonic()
    await wind_up(tasks, polls, tally, ended)
    return tally, ended - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--nights", type=int, default=2000)
    args = parser.parse_args()
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-sheet-jobs-"))
    database = f"sqlite:///{folder / 'jobs.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    night = add_night(app, 60, "Watched")
    sheet = league_sheet(args.nights)
    print(f"granian as scripts/run.sh starts it, SQLite; {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}; load "
          f"{os.getloadavg()[0]:.1f}")
    print(f"A league's sheet of {args.nights:,} nights, 62 members, "
          f"{len(sheet) / 1e6:.2f} MB; {args.phones} phones polling once a second and a "
          f"hand saved every second (ms)")
    port = free_port()
    server = start_server(database, port)
    try:
        group = asyncio.run(_group(port))
        print(f"{'':<28} {'polls p50':>9} {'p95':>7} {'max':>7}   {'saves p50':>9} {'p95':>7} "
              f"{'max':>7}  {'errors':>6} {'CPU':>5}")
        first = 60
        for label in ("no organiser", "the sheet brought in", "the group exported"):
            steps = Steps()
            cpu = cpu_seconds(server.pid)
            work = (organiser(port, group, sheet, steps) if label == "the sheet brought in"
                    else exporter(port, group, steps) if label == "the group exported"
                    else None)
            tally, spent = asyncio.run(evening(port, night, first, args.phones,
                                               args.seconds, work))
            first = tally.next_hand or first
            cpu = cpu_seconds(server.pid) - cpu
            print(f"{label:<28} {_ms(tally.polls)}   {_ms(tally.saves)}  {tally.errors:>6} "
                  f"{cpu / spent:>5.0%}", flush=True)
            for step, took in steps.took.items():
                print(f"   {step}: {took:.2f} s ({steps.said[step]})")
    finally:
        stop_server(server)


async def _group(port: int) -> dict[str, Any]:
    connection = Connection(port)
    try:
        status, _, body = await connection.request("POST", "/api/v1/groups", JSON, json.dumps({
            "name": "Lunch league", "players": ["Ann", "Bob", "Cathy", "Dan", "Eve"],
            "stake_cents": 25}).encode())
        assert status == 201, body
        return dict(json.loads(body))
    finally:
        connection.close()


if __name__ == "__main__":
    main()
