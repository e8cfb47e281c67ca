"""The phones of a festival under load (``bench.festival``), run in one or
several client processes: each table's phones poll its night's live
fragment, the crowd polls the event's leaderboard fragment, both once a
second with the ETag they last saw (as the share page's htmx timer does; a
late poll is not made up for), and each table's scorekeeper records a hand
through the API every ``every`` seconds, starting at a random moment of
the first interval so the tables don't save in lockstep.

Every time here is ``time.monotonic()``, one clock for every process on the
machine, so a save acknowledged in one process and a watcher's poll in
another compare directly.  Each process returns a :class:`Tally`; the
festival merges them and works out staleness (:mod:`bench.staleness`).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

from bench.client import FAILED, Connection, Target, plain, version_of
from bench.events import five_handed

#: A table's line on the leaderboard: its number and "hand 7 of 20", "done" or nothing.
TABLE_LINE = re.compile(rb'<li id="table-(\d+)"[^>]*>\s*<strong>[^<]*</strong>\s*'
                        rb'<span class="progress">([^<]*)</span>')
DONE = 1 << 30


@dataclass(frozen=True)
class Table:
    """A drawn table as its phones know it."""

    number: int
    night: int
    view: str
    edit: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """What one client process runs.  Polls that start in [counting_from,
    until) are measured; saves stop at ``until`` and the watchers poll on
    for ``grace`` seconds so that they can see the last saves."""

    target: Target
    event_view: str
    tables: tuple[Table, ...]
    phones: int
    watchers: int
    every: float
    start: float
    counting_from: float
    until: float
    grace: float


@dataclass(frozen=True)
class Saved:
    """A hand acknowledged: at which table, its number, the night's version,
    when it was sent and when its answer came."""

    table: int
    hand: int
    version: int
    sent: float
    at: float


@dataclass
class Watched:
    """One watcher's view: when it first saw each newer version."""

    table: int | None  # None: the leaderboard
    changes: list[tuple[float, int]] = field(default_factory=list)


@dataclass
class Tally:
    """What one client process measured (merged by :meth:`add`)."""

    polls: dict[str, list[float]] = field(default_factory=lambda: {"tables": [], "board": []})
    #: Bytes of the bodies the measured polls got, by kind (as sent: gzip is not undone).
    received: Counter[str] = field(default_factory=Counter)
    saves: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    #: Requests sent again on a new connection, by kind: the server had
    #: closed the idle one before reading them (see ``Connection.request``).
    resent: Counter[str] = field(default_factory=Counter)
    #: How late the client woke for a poll (its own loop falling behind).
    lag: list[float] = field(default_factory=list)
    saved: list[Saved] = field(default_factory=list)
    watched: list[Watched] = field(default_factory=list)
    #: Leaderboard version → table number → hands it shows.
    progress: dict[int, dict[int, int]] = field(default_factory=dict)
    cpu: float = 0.0

    def add(self, other: Tally) -> None:
        for kind, values in other.polls.items():
            self.polls[kind] += values
        self.received.update(other.received)
        self.saves += other.saves
        self.errors.update(other.errors)
        self.resent.update(other.resent)
        self.lag += other.lag
        self.saved += other.saved
        self.watched += other.watched
        self.progress.update(other.progress)
        self.cpu += other.cpu


def shown_progress(body: bytes) -> dict[int, int]:
    """Hands recorded at each table, as a leaderboard fragment shows them."""
    found = {}
    for number, words in TABLE_LINE.findall(body):
        said = words.split()
        found[int(number)] = DONE if said == [b"done"] else int(said[1]) if said else 0
    return found


async def watch(plan: Plan, path: str, seen: Watched, tally: Tally) -> None:
    """One phone polling ``path`` once a second with its ETag."""
    kind = "tables" if seen.table is not None else "board"
    connection, etag = Connection(plan.target), ""
    loop = asyncio.get_running_loop()
    due = plan.start + random.random()
    while due < plan.until + plan.grace:
        await asyncio.sleep(due - loop.time())
        start = loop.time()
        if plan.counting_from <= due < plan.until:
            tally.lag.append(start - due)
        headers = {"Accept-Encoding": "gzip", **({"If-None-Match": etag} if etag else {})}
        try:
            status, answer, body = await connection.request("GET", path, headers)
        except FAILED as error:
            tally.errors[f"{kind}: {type(error).__name__}"] += 1
            connection.close()
            due = max(due + 1, loop.time())
            continue
        finally:
            tally.resent[kind] += connection.resent
            connection.resent = 0
        done = loop.time()
        if plan.counting_from <= start < plan.until:
            tally.polls[kind].append(done - start)
            tally.received[kind] += len(body)
        if status not in (200, 304) or "etag" not in answer:
            tally.errors[f"{kind}: {status}"] += 1
        else:
            etag = answer["etag"]
            _note(seen, version_of(etag), done, status, answer, body, tally)
        due = max(due + 1, done)  # once a second; a late poll is not made up for
    connection.close()


def _note(seen: Watched, version: int, done: float, status: int, answer: dict[str, str],
          body: bytes, tally: Tally) -> None:
    if seen.changes and version <= seen.changes[-1][1]:
        return
    seen.changes.append((done, version))
    if seen.table is None and status == 200 and version not in tally.progress:
        shown = shown_progress(plain(answer, body))
        if not shown:
            tally.errors["board: no table progress in the fragment"] += 1
        tally.progress[version] = shown


async def keep_score(plan: Plan, table: Table, tally: Tally) -> None:
    """The table's scorekeeper: a hand every ``plan.every`` seconds; a save
    that got no answer, or a 5xx, is sent again a second later with the same
    Idempotency-Key."""
    connection = Connection(plan.target)
    loop = asyncio.get_running_loop()
    due, hands, key = plan.start + random.random() * plan.every, 0, ""
    while due < plan.until:
        await asyncio.sleep(due - loop.time())
        key = key or f"festival-{table.night}-{hands}-{uuid.uuid4().hex}"
        start = loop.time()
        try:
            status, answer, data = await connection.request(
                "POST", f"/api/v1/tables/{table.night}/hands",
                {"Authorization": f"Bearer {table.edit}", "Content-Type": "application/json",
                 "Idempotency-Key": key, "Accept-Encoding": "gzip"},
                json.dumps(five_handed(hands, list(table.players))).encode())
        except FAILED as error:
            tally.errors[f"saves: {type(error).__name__}"] += 1
            connection.close()
            due = loop.time() + 1
            continue
        finally:
            tally.resent["saves"] += connection.resent
            connection.resent = 0
        done = loop.time()
        if status == 201:
            if plan.counting_from <= start < plan.until:
                tally.saves.append(done - start)
            number = json.loads(plain(answer, data))["number"]
            tally.saved.append(Saved(table.number, number, version_of(answer["etag"]), start, done))
            hands, key = hands + 1, ""
        else:
            tally.errors[f"saves: {status}"] += 1
            print(f"table {table.number}: save refused: {status} {data[:200]!r}",
                  file=sys.stderr)
            if status >= 500:  # lost on the way (502), or the database busy: again soon
                due = loop.time() + 1
                continue
            key = ""
        due = max(due + plan.every, loop.time())


async def _clock(plan: Plan, tally: Tally) -> None:
    """The process's own CPU over the measured seconds."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(plan.counting_from - loop.time())
    began = time.process_time()
    await asyncio.sleep(plan.until - loop.time())
    tally.cpu = time.process_time() - began


async def _run(plan: Plan) -> Tally:
    tally = Tally()
    tasks = [_clock(plan, tally)]
    for table in plan.tables:
        for _ in range(plan.phones):
            tally.watched.append(Watched(table.number))
            tasks.append(watch(plan, f"/s/{table.view}/live", tally.watched[-1], tally))
        tasks.append(keep_score(plan, table, tally))
    for _ in range(plan.watchers):
        tally.watched.append(Watched(None))
        tasks.append(watch(plan, f"/e/s/{plan.event_view}/live", tally.watched[-1], tally))
    running = [asyncio.ensure_future(task) for task in tasks]
    _, late = await asyncio.wait(running, timeout=plan.until + plan.grace + 30 - time.monotonic())
    for task in late:  # a request the server never answered
        task.cancel()
        tally.errors["no answer by the end"] += 1
    return tally


def run(plan: Plan) -> Tally:
    """One client process's share of the festival."""
    random.seed()  # forked processes would otherwise spread their phones alike
    return asyncio.run(_run(plan))
