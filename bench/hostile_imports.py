"""Benchmark: a scorekeeper's saves and the phones' polls while strangers upload imports.

Starts the server as ``scripts/run.sh`` does (granian on a SQLite file) with a
night of 60 hands, then:

1. **Each file alone**: the import anyone may send without a token
   (``POST /api/v1/groups/import``: a group's file of ``--nights`` nights of 40
   hands each, built from a real export), sent once with nothing else going
   on, from its own address: its answer, how long it took and the server's
   CPU for it (its processes' all: the app's import process too), the first
   time after the server started and once more.
2. **The night at the table**: ``--phones`` phones poll the night's live
   fragment once a second and its scorekeeper records a hand every second
   (``POST .../hands``), for ``--seconds``: the polls' and the saves'
   p50/p95/max with no upload, then while ``--uploaders`` strangers each send
   that file again and again as soon as it is answered (from one address, as
   one laptop on the hall's Wi-Fi would: the app lets 10 a minute through,
   then answers 429 with Retry-After, which they ignore).  A request still
   unanswered when the time is up counts with its wait so far.

The clients run on the same machine as the server and take CPU too.

    .venv/bin/python -m bench.hostile_imports
    .venv/bin/python -m bench.hostile_imports --nights 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from bench.client import FAILED, Connection, cpu_seconds, free_port, percentile, start_server
from bench.night import PLAYERS, add_night, bench_app, hand_body
from bench.sheet_bombs import Tally as PollTally
from bench.sheet_bombs import phone

IMPORT = "/api/v1/groups/import"
JSON = {"Content-Type": "application/json"}


def group_file(app: Any, nights: int, hands: int = 40) -> bytes:
    """A group's export of ``nights`` nights of ``hands`` hands (each night a
    real night's export, dated a week apart)."""
    client = app.test_client()
    made = client.post("/api/v1/groups", json={"name": "Strangers", "players": PLAYERS[:5],
                                                "preset": "called-ace"}).get_json()
    run = {"Authorization": f"Bearer {made['edit_token']}"}
    night = client.post("/api/v1/tables", headers=run, json={
        "group": made["id"], "played_on": "2020-01-02"}).get_json()
    edit = {"Authorization": f"Bearer {night['edit_token']}"}
    for i in range(hands):
        five = PLAYERS[:5]
        client.post(f"/api/v1/tables/{night['id']}/hands", headers=edit, json={
            "picker": five[i % 5], "partners": [five[(i + 1) % 5]], "points": 61 + i % 50})
    client.post(f"/api/v1/tables/{night['id']}/close", headers=edit, json={"carry": True})
    exported = client.get(f"/api/v1/groups/{made['id']}/export", headers=run).get_json()
    one = exported["nights"][0]
    exported["nights"] = []
    for n in range(nights):
        copied = copy.deepcopy(one)
        copied["played_on"] = copied["night"]["played_on"] = (
            date(2000, 1, 6) + timedelta(weeks=n)).isoformat()
        exported["nights"].append(copied)
    return json.dumps(exported).encode()


@dataclass
class Tally:
    polls: list[float] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    uploads: Counter[int] = field(default_factory=Counter)
    upload_times: list[float] = field(default_factory=list)
    errors: int = 0
    stop: bool = False
    polling: dict[int, float] = field(default_factory=dict)
    saving: dict[int, float] = field(default_factory=dict)
    uploading: dict[int, float] = field(default_factory=dict)
    #: The number (0-based) of the next hand to record: the deal goes on from it.
    next_hand: int = 0


async def scorekeeper(port: int, night: dict[str, Any], first: int, tally: Tally) -> None:
    """Records a hand every second, as the phone at the table does."""
    connection = Connection(port)
    headers = {**JSON, "Authorization": f"Bearer {night['edit_token']}"}
    number = first
    next_save = time.monotonic()
    while not tally.stop:
        started = time.monotonic()
        tally.saving[0] = started
        body = json.dumps(hand_body(number, PLAYERS[number % len(PLAYERS)])).encode()
        try:
            status, _, _ = await connection.request(
                "POST", f"/api/v1/tables/{night['id']}/hands", headers, body)
        except FAILED:
            tally.errors += 1
            connection.close()
            status = 0
        del tally.saving[0]
        tally.saves.append(time.monotonic() - started)
        if status == 201:
            number += 1
            tally.next_hand = number
        else:
            tally.errors += 1
        next_save = max(next_save + 1.0, time.monotonic())
        await asyncio.sleep(max(0.0, next_save - time.monotonic()))
    connection.close()


async def stranger(port: int, data: bytes, number: int, tally: Tally) -> None:
    connection = Connection(port)
    while not tally.stop:
        started = time.monotonic()
        tally.uploading[number] = started
        try:
            status, _, _ = await connection.request("POST", IMPORT, JSON, data)
            tally.uploads[status] += 1
        except FAILED:
            tally.errors += 1
            connection.close()
        del tally.uploading[number]
        tally.upload_times.append(time.monotonic() - started)
    connection.close()


async def evening(port: int, night: dict[str, Any], first: int, phones: int, seconds: float,
                  data: bytes | None, uploaders: int) -> tuple[Tally, float]:
    polls = PollTally()
    tally = Tally()
    tasks = [asyncio.ensure_future(phone(port, night["view_token"], n, polls))
             for n in range(phones)]
    tasks.append(asyncio.ensure_future(scorekeeper(port, night, first, tally)))
    await asyncio.sleep(1.5)
    polls.polls.clear()
    tally.saves.clear()
    if data is not None:
        tasks += [asyncio.ensure_future(stranger(port, data, n, tally)) for n in range(uploaders)]
    await asyncio.sleep(seconds)
    tally.stop = polls.stop = True
    ended = time.monotonic()
    await asyncio.wait(tasks, timeout=2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    tally.polls = polls.polls + [ended - s for s in polls.polling.values()]
    tally.saves += [ended - s for s in tally.saving.values()]
    tally.errors += polls.errors
    return tally, ended


def _ms(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{statistics.median(ms) if ms else 0:>7.1f} {percentile(ms, 95):>7.1f} "
            f"{max(ms, default=0):>7.0f}")


async def alone(port: int, data: bytes, address: str) -> tuple[float, int]:
    """The file sent once, from ``address`` (as deploy/'s nginx names it)."""
    connection = Connection(port)
    started = time.monotonic()
    try:
        status, _, _ = await connection.request(
            "POST", IMPORT, {**JSON, "X-Forwarded-For": address}, data)
    finally:
        connection.close()
    return time.monotonic() - started, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--uploaders", type=int, default=3)
    parser.add_argument("--nights", type=int, default=200, help="of the group's file")
    args = parser.parse_args()
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-hostile-"))
    database = f"sqlite:///{folder / 'hostile.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    night = add_night(app, 60, "Watched")
    data = group_file(app, args.nights)
    print(f"granian as scripts/run.sh starts it, SQLite; {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}; load "
          f"{os.getloadavg()[0]:.1f}")
    port = free_port()
    server = start_server(database, port)
    try:
        cpu = cpu_seconds(server.pid)
        first, _ = asyncio.run(alone(port, data, "10.0.0.1"))
        cpu = cpu_seconds(server.pid) - cpu
        print(f"\n1. A group's file of {args.nights} nights × 40 hands "
              f"({len(data) / 1e6:.1f} MB) alone: the first after the server started "
              f"in {first:.2f} s, {cpu:.2f} s of server CPU (its import process starting too)")
        cpu = cpu_seconds(server.pid)
        took, status = asyncio.run(alone(port, data, "10.0.0.2"))
        cpu = cpu_seconds(server.pid) - cpu
        print(f"   then {status} in {took:.2f} s, {cpu:.2f} s of server CPU")
        print(f"\n2. {args.phones} phones polling once a second and a hand saved every "
              f"second, {args.seconds:g} s each (ms)")
        print(f"{'':<30} {'polls p50':>9} {'p95':>7} {'max':>7}   {'saves p50':>9} {'p95':>7} "
              f"{'max':>7}  {'errors':>6} {'CPU':>5}  uploads answered")
        first = 60
        for label, sent in (("no upload", None), (f"{args.uploaders} strangers uploading", data)):
            cpu = cpu_seconds(server.pid)
            began = time.monotonic()
            tally, ended = asyncio.run(evening(port, night, first, args.phones, args.seconds,
                                               sent, args.uploaders))
            first = tally.next_hand or first
            cpu = cpu_seconds(server.pid) - cpu
            answered = ", ".join(f"{n} × {s}" for s, n in sorted(tally.uploads.items()))
            print(f"{label:<30} {_ms(tally.polls)}   {_ms(tally.saves)}  {tally.errors:>6} "
                  f"{cpu / (ended - began):>5.0%}  {answered or '-'}", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


if __name__ == "__main__":
    main()
