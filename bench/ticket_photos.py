"""Benchmark: the phones' polls and a scorekeeper's saves while a director
sends a session's 40 ticket photos to be read.

Starts the server as ``scripts/run.sh`` does (granian on a SQLite file) with
a night of 60 hands that ``--phones`` phones poll once a second while its
scorekeeper records a hand every second, and an event of 200 players whose
first session is drawn (40 tables of five).  Each table's printed block is
drawn by Chromium (the app's own SVG), filled and photographed
(``tests/tickets/corpus.py``, 1,200–3,000 px JPEGs):

1. **No director**: the polls' and saves' p50/p95/max for ``--seconds``.
2. **40 photos read**: two seconds in, the director sends them
   (``POST /api/v1/events/<id>/sessions/1/photos``, one multipart request,
   a ``202``: a job), then asks the job's address every half second until
   every photo is read; the same measures, and how long the reading took.

The reading is done in the server's import process
(``scorekeeper.services.background.elsewhere``), so the threads answering
the phones wait only for the database's write lock as each reading is kept.

    .venv/bin/python -m bench.ticket_photos
    .venv/bin/python -m bench.ticket_photos --photos 40 --seconds 30
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
from pathlib import Path
from typing import Any

import numpy as np
from playwright.sync_api import sync_playwright

from bench.client import Connection, cpu_seconds, free_port, start_server, stop_server
from bench.hostile_imports import JSON, _ms
from bench.night import add_night, bench_app
from bench.sheet_jobs import Steps, _followed, evening
from scorekeeper.tickets.layout import TicketId
from tests.tickets import corpus

BOUNDARY = "ticket-photos-bench"


def photos_of(event_id: int, tables: list[dict[str, Any]], count: int) -> list[bytes]:
    """Each table's ticket filled and photographed, ``count`` of them."""
    rng = np.random.default_rng(40)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox"])
        flats = [corpus.render(browser, TicketId(event_id, 1, t["number"], len(t["players"])),
                               list(t["players"])) for t in tables[:count]]
        browser.close()
    return [corpus.photograph(corpus.fill(flat, corpus.random_totals(
        rng, flat.block.players), rng).image, rng) for flat in flats]


def multipart(photos: list[bytes]) -> bytes:
    parts = [f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"photos\"; "
             f"filename=\"IMG_{n}.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".encode() + data
             + b"\r\n" for n, data in enumerate(photos, start=1)]
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


async def director(port: int, event: dict[str, Any], body: bytes, steps: Steps) -> None:
    await asyncio.sleep(2)
    connection = Connection(port)
    run = {"Authorization": f"Bearer {event['director_token']}",
           "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
           "Idempotency-Key": f"bench-photos-{random.random()}"}
    try:
        began = time.monotonic()
        status, headers, answer = await connection.request(
            "POST", f"/api/v1/events/{event['id']}/sessions/1/photos", run, body)
        steps.took["photos sent"] = time.monotonic() - began
        steps.said["photos sent"] = str(status)
        if status == 202:
            await _followed(connection, headers, answer, {**JSON, **{
                "Authorization": run["Authorization"]}}, steps, "every photo read", began)
    finally:
        connection.close()


async def _event(port: int, players: int) -> dict[str, Any]:
    connection = Connection(port)
    try:
        status, _, body = await connection.request("POST", "/api/v1/events", JSON, json.dumps({
            "name": "Festival", "preset": "jack-of-diamonds", "sessions": 1,
            "rounds": 4}).encode())
        assert status == 201, body
        event = dict(json.loads(body))
        run = {**JSON, "Authorization": f"Bearer {event['director_token']}"}
        base = f"/api/v1/events/{event['id']}"
        status, _, body = await connection.request("POST", f"{base}/players", run, json.dumps({
            "checked_in": True, "players": [{"name": f"Player {n}"}
                                            for n in range(1, players + 1)]}).encode())
        assert status == 201, body
        status, _, body = await connection.request("POST", f"{base}/sessions/1/draw", run,
                                                   json.dumps({"seed": 7}).encode())
        assert status == 200, body
        event["tables"] = json.loads(body)["tables"]
        return event
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--photos", type=int, default=40)
    args = parser.parse_args()
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-ticket-photos-"))
    database = f"sqlite:///{folder / 'photos.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    night = add_night(app, 60, "Watched")
    port = free_port()
    server = start_server(database, port)
    try:
        event = asyncio.run(_event(port, 5 * args.photos))
        body = multipart(photos_of(event["id"], event["tables"], args.photos))
        print(f"granian as scripts/run.sh starts it, SQLite; {platform.machine()}, "
              f"{os.cpu_count()} cores, Python {platform.python_version()}; load "
              f"{os.getloadavg()[0]:.1f}")
        print(f"{args.photos} ticket photos, {len(body) / 1e6:.1f} MB in one request; "
              f"{args.phones} phones polling once a second and a hand saved every second (ms)")
        print(f"{'':<22} {'polls p50':>9} {'p95':>7} {'max':>7}   {'saves p50':>9} {'p95':>7} "
              f"{'max':>7}  {'errors':>6} {'CPU':>5}")
        first = 60
        for label in ("no director", "40 photos read"):
            steps = Steps()
            cpu = cpu_seconds(server.pid)
            work = director(port, event, body, steps) if label != "no director" else None
            tally, spent = asyncio.run(evening(port, night, first, args.phones,
                                               args.seconds, work))
            first = tally.next_hand or first
            cpu = cpu_seconds(server.pid) - cpu
            print(f"{label:<22} {_ms(tally.polls)}   {_ms(tally.saves)}  {tally.errors:>6} "
                  f"{cpu / spent:>5.0%}", flush=True)
            for step, took in steps.took.items():
                print(f"   {step}: {took:.2f} s ({steps.said[step]})")
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
