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
   unanswered when the time is up counts with its wait so far.  With
   ``--mbit``, the strangers share that many megabits a second between them
   (a hall's Wi-Fi, say 100), each sending its whole file before it reads the
   answer, as most HTTP clients do; without it they send over this machine's
   loopback as fast as it goes (some 800 refused files a second).  "errors"
   are the phones' and the scorekeeper's requests that failed; a
   stranger's that had no answer are counted with the strangers' answers.

The clients run on the same machine as the server and take CPU too; the
strangers in a process of their own, so that the phones' and the
scorekeeper's times are the server's, not their own event loop's.

    .venv/bin/python -m bench.hostile_imports
    .venv/bin/python -m bench.hostile_imports --nights 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import multiprocessing
import os
import platform
import random
import statistics
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from bench.client import (
    FAILED,
    Connection,
    cpu_seconds,
    free_port,
    percentile,
    start_server,
    stop_server,
)
from bench.night import PLAYERS, add_night, bench_app, hand_body
from bench.sheet_bombs import Tally as PollTally
from bench.sheet_bombs import phone
from scorekeeper.rules import PRESETS

IMPORT = "/api/v1/groups/import"
JSON = {"Content-Type": "application/json"}
#: A stranger's request that had no answer (its connection refused or cut),
#: counted with the answers' statuses.
NO_ANSWER = 0
#: The bytes a paced stranger sends at a time.
CHUNK = 64 * 1024


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


def league_file(nights: int, members: int = 62) -> bytes:
    """A league's own group file as the app exports it: ``members`` members
    and ``nights`` lunches of five of them kept as totals (a 17-year
    league's shape: 1,949 nights of 62), one a day from 2004."""
    rng = random.Random(17)
    names = [f"Member {k:02d}" for k in range(1, members + 1)]
    at = "2004-01-05T12:00:00+00:00"
    preset = PRESETS["called-ace"].rules.to_dict()
    made = []
    for k in range(nights):
        five = rng.sample(names, 5)
        points = [rng.randint(-9, 9) for _ in range(4)]
        totals = dict(zip(five, [*points, -sum(points)], strict=True))
        day = (date(2004, 1, 5) + timedelta(days=k)).isoformat()
        made.append({"played_on": day, "settled": "table", "settled_at": at, "totals": totals,
                     "night": {"format": "sheepshead-scorekeeper/1", "name": "Lunch",
                               "created_at": at, "closed": True, "closed_at": at,
                               "played_on": day, "preset": "called-ace", "rules": preset,
                               "stake_cents": 25,
                               "players": [{"name": n, "seat": s, "present": True}
                                           for s, n in enumerate(totals)],
                               "hands": [], "early_payments": [], "audit": [],
                               "balances": totals, "totals": totals}})
    return json.dumps({"format": "sheepshead-scorekeeper-group/1", "name": "Lunch league",
                       "players": names, "preset": "called-ace", "options": {},
                       "stake_cents": 25, "rating": True, "nights": made,
                       "aliases": []}).encode()


@dataclass
class Tally:
    polls: list[float] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    uploads: Counter[int] = field(default_factory=Counter)
    errors: int = 0
    stop: bool = False
    polling: dict[int, float] = field(default_factory=dict)
    saving: dict[int, float] = field(default_factory=dict)
    #: The number (0-based) of the next hand to record: the deal goes on from it.
    next_hand: int = 0
    #: The organiser's export: how long it took and its status.
    exported: tuple[float, int] | None = None


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


async def stranger(port: int, data: bytes, tally: Tally, until: float,
                   bits: float = 0) -> None:
    """Send the file again and again until ``until``, at ``bits`` a second
    (0: as fast as the connection takes it)."""
    connection = Connection(port)
    while time.time() < until:
        try:
            if bits:
                status = await trickle(port, data, bits)
            else:
                status, _, _ = await connection.request("POST", IMPORT, JSON, data)
            tally.uploads[status] += 1
        except FAILED:
            tally.errors += 1
            connection.close()
    connection.close()


async def trickle(port: int, data: bytes, bits: float) -> int:
    """The file sent on a connection of its own at ``bits`` a second, until
    it is all sent or answered (a refusal comes before the body is read, and
    the server then closes the connection): the answer's status."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (f"POST {IMPORT} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + "".join(f"{k}: {v}\r\n" for k, v in JSON.items())
            + f"Content-Length: {len(data)}\r\n\r\n")
    answer = asyncio.ensure_future(reader.readuntil(b"\r\n"))
    try:
        writer.write(head.encode())
        for at in range(0, len(data), CHUNK):
            if answer.done():
                break
            writer.write(data[at:at + CHUNK])
            await writer.drain()
            await asyncio.sleep(CHUNK * 8 / bits)
    except (ConnectionResetError, BrokenPipeError):
        pass  # answered and closed before the whole file arrived
    try:
        return int((await answer).split()[1])
    finally:
        writer.close()


def strangers(port: int, data: bytes, uploaders: int, since: float, until: float,
              mbit: float = 0) -> tuple[Counter[int], int]:
    """The strangers, in a process of their own (as on machines of their own:
    their thousands of refused requests don't delay the phones' and the
    scorekeeper's in this one's event loop), from ``since`` to ``until``
    (wall clock), sharing ``mbit`` megabits a second (0: as fast as this
    machine goes): what they were answered, and their failed requests."""
    tally = Tally()

    async def upload() -> None:
        await asyncio.sleep(max(0.0, since - time.time()))
        bits = mbit * 1e6 / uploaders
        await asyncio.gather(*(stranger(port, data, tally, until, bits)
                               for _ in range(uploaders)))

    asyncio.run(upload())
    return tally.uploads, tally.errors


async def evening(port: int, night: dict[str, Any], first: int, phones: int, seconds: float,
                  data: bytes | None, uploaders: int, mbit: float = 0,
                  group: tuple[int, str] | None = None) -> tuple[Tally, float]:
    polls = PollTally()
    tally = Tally()
    tasks = [asyncio.ensure_future(phone(port, night["view_token"], n, polls))
             for n in range(phones)]
    tasks.append(asyncio.ensure_future(scorekeeper(port, night, first, tally)))
    if group is not None:
        tasks.append(asyncio.ensure_future(organiser(port, group, tally)))
    since = time.time() + 1.5
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as away:
        uploaded = None if data is None else asyncio.get_running_loop().run_in_executor(
            away, strangers, port, data, uploaders, since, since + seconds, mbit)
        await asyncio.sleep(max(0.0, since - time.time()))
        polls.polls.clear()
        tally.saves.clear()
        await asyncio.sleep(seconds)
        tally.stop = polls.stop = True
        ended = time.monotonic()
        if uploaded is not None:
            tally.uploads, unanswered = await uploaded
            if unanswered:
                tally.uploads[NO_ANSWER] = unanswered
    await wind_up(tasks, polls, tally, ended)
    return tally, ended


async def wind_up(tasks: list[Any], polls: PollTally, tally: Tally, ended: float) -> None:
    """The evening's clients stopped; a request still unanswered at ``ended``
    counts with its wait so far, and the phones' errors with the rest."""
    await asyncio.wait(tasks, timeout=2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    tally.polls = polls.polls + [ended - s for s in polls.polling.values()]
    tally.saves += [ended - s for s in tally.saving.values()]
    tally.errors += polls.errors


def _ms(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{statistics.median(ms) if ms else 0:>7.1f} {percentile(ms, 95):>7.1f} "
            f"{max(ms, default=0):>7.0f}")


async def alone(port: int, data: bytes, address: str) -> tuple[float, int, Any]:
    """The file sent once, from ``address`` (as deploy/'s nginx names it):
    how long, its status and its answer."""
    connection = Connection(port)
    started = time.monotonic()
    try:
        status, _, body = await connection.request(
            "POST", IMPORT, {**JSON, "X-Forwarded-For": address}, data)
    finally:
        connection.close()
    return time.monotonic() - started, status, body


async def organiser(port: int, group: tuple[int, str], tally: Tally) -> None:
    """The group's file exported once, two seconds into the evening (the first
    export of its version: worked out, then kept)."""
    await asyncio.sleep(2)
    connection = Connection(port)
    started = time.monotonic()
    try:
        status, _, _ = await connection.request(
            "GET", f"/api/v1/groups/{group[0]}/export",
            {"Authorization": f"Bearer {group[1]}"}, b"")
    finally:
        connection.close()
    tally.exported = (time.monotonic() - started, status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--uploaders", type=int, default=3)
    parser.add_argument("--nights", type=int, default=200, help="of the group's file")
    parser.add_argument("--league", type=int, default=0,
                        help="send a league's own file of this many nights of totals "
                             "(62 members) instead")
    parser.add_argument("--mbit", type=float, default=0,
                        help="the strangers' megabits a second between them (0: no limit)")
    args = parser.parse_args()
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-hostile-"))
    database = f"sqlite:///{folder / 'hostile.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    night = add_night(app, 60, "Watched")
    data = league_file(args.league) if args.league else group_file(app, args.nights)
    what = (f"A league's file of {args.league} nights of totals, 62 members"
            if args.league else f"A group's file of {args.nights} nights × 40 hands")
    print(f"granian as scripts/run.sh starts it, SQLite; {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}; load "
          f"{os.getloadavg()[0]:.1f}")
    port = free_port()
    server = start_server(database, port)
    try:
        cpu = cpu_seconds(server.pid)
        first, _, made = asyncio.run(alone(port, data, "10.0.0.1"))
        cpu = cpu_seconds(server.pid) - cpu
        print(f"\n1. {what} "
              f"({len(data) / 1e6:.1f} MB) alone: the first after the server started "
              f"in {first:.2f} s, {cpu:.2f} s of server CPU (its import process starting too)")
        cpu = cpu_seconds(server.pid)
        took, status, _ = asyncio.run(alone(port, data, "10.0.0.2"))
        cpu = cpu_seconds(server.pid) - cpu
        print(f"   then {status} in {took:.2f} s, {cpu:.2f} s of server CPU")
        print(f"\n2. {args.phones} phones polling once a second and a hand saved every "
              f"second, {args.seconds:g} s each (ms)")
        print(f"{'':<36} {'polls p50':>9} {'p95':>7} {'max':>7}   {'saves p50':>9} {'p95':>7} "
              f"{'max':>7}  {'errors':>6} {'CPU':>5}  uploads answered")
        first = 60
        pace = f", {args.mbit:g} Mbit/s" if args.mbit else ""
        made = json.loads(made)
        runs: list[tuple[str, bytes | None, tuple[int, str] | None]] = [
            ("no upload", None, None),
            (f"{args.uploaders} strangers uploading{pace}", data, None),
            ("its file exported once", None, (made["id"], made["edit_token"]))]
        for label, sent, group in runs:
            cpu = cpu_seconds(server.pid)
            began = time.monotonic()
            tally, ended = asyncio.run(evening(port, night, first, args.phones, args.seconds,
                                               sent, args.uploaders, args.mbit, group))
            first = tally.next_hand or first
            cpu = cpu_seconds(server.pid) - cpu
            answered = ", ".join(f"{n} × {s or 'no answer'}"
                                 for s, n in sorted(tally.uploads.items()))
            if tally.exported is not None:
                answered = f"export {tally.exported[1]} in {tally.exported[0]:.2f} s"
            print(f"{label:<36} {_ms(tally.polls)}   {_ms(tally.saves)}  {tally.errors:>6} "
                  f"{cpu / (ended - began):>5.0%}  {answered or '-'}", flush=True)
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
