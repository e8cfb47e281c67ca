"""A small festival against a running stack (:mod:`bench.stack`): tables
recording hands through the API, each with its Idempotency-Key and sent
again with the same key until it is acknowledged, and watchers polling the
night's public pages.  Every answer is kept with when it was asked and
answered, for the test to judge."""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from bench.client import next_window
from bench.stack import Stack

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
#: Seconds between one table's saves, and between one watcher's polls.
SAVE_EVERY, POLL_EVERY = 0.25, 0.25
#: How long a table keeps sending one hand again before the crowd gives up on it.
GIVE_UP = 60.0


@dataclass(frozen=True)
class Answer:
    """One request and its answer (``status`` None: no answer at all)."""

    who: str
    method: str
    path: str
    started: float
    ended: float
    status: int | None
    headers: dict[str, str]
    body: Any = None

    @property
    def failed(self) -> bool:
        return self.status is None or self.status >= 500

    @property
    def public(self) -> bool:
        return self.path.startswith("/s/")


@dataclass
class Night:
    """A table the crowd plays: its tokens, what was acknowledged, what its watchers saw."""

    id: int
    view_token: str
    edit: dict[str, str]
    acks: list[tuple[float, int, dict[str, Any]]] = field(default_factory=list)  # at, version, hand
    seen: dict[str, list[tuple[float, int]]] = field(default_factory=dict)  # watcher: at, version


def hand(table: int, n: int) -> dict[str, Any]:
    """A valid called-ace hand (five players: everyone sits in every hand)."""
    picker = PLAYERS[(table + n) % 5]
    return {"picker": picker, "partners": [PLAYERS[(table + n + 2) % 5]],
            "points": (37 * n + 11 * table) % 121}


def version(answer: Answer) -> int:
    """The night's version an answer names (the API's ETag, or the live fragment's)."""
    return int(answer.headers["etag"].strip('"').split("-")[0].lstrip("v"))


class Crowd:
    """The tables' and watchers' threads, and every answer they got."""

    def __init__(self, stack: Stack, tables: int, watchers_each: int) -> None:
        address = urlsplit(stack.url)
        self.host, self.port, self.ssl = address.hostname or "", address.port, stack.ssl
        self.answers: list[Answer] = []
        self.refused: list[Answer] = []  # a 4xx to a hand: never expected
        self._lock = threading.Lock()
        self._writing, self._watching = threading.Event(), threading.Event()
        self.nights = [self.new_night(f"Table {t + 1}") for t in range(tables)]
        self._threads = [threading.Thread(target=self._table, args=(t, night), daemon=True)
                         for t, night in enumerate(self.nights)]
        self._threads += [threading.Thread(target=self._watcher, args=(f"w{t}.{w}", night),
                                           daemon=True)
                          for t, night in enumerate(self.nights) for w in range(watchers_each)]

    def call(self, who: str, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> Answer:
        """One request on a new connection, kept in ``answers``."""
        started = time.monotonic()
        status, got, data = None, {}, None
        connection = http.client.HTTPSConnection(self.host, self.port, context=self.ssl,
                                                 timeout=30)
        try:
            connection.request(method, path, json.dumps(body) if body is not None else None,
                               {"Content-Type": "application/json", **(headers or {})})
            response = connection.getresponse()
            raw = response.read()
            status, got = response.status, {k.lower(): v for k, v in response.getheaders()}
            data = json.loads(raw) if got.get("content-type") == "application/json" else raw
        except (OSError, http.client.HTTPException):
            pass
        finally:
            connection.close()
        answer = Answer(who, method, path, started, time.monotonic(), status, got, data)
        with self._lock:
            self.answers.append(answer)
        return answer

    def hands(self, night: Night) -> list[dict[str, Any]]:
        """Every hand of ``night`` as the API lists them, window after window
        (one answer holds a window of a night's hands, not a long night's all)."""
        found: list[dict[str, Any]] = []
        path: str | None = f"/api/v1/tables/{night.id}/hands?from=1"
        while path is not None:
            answer = self.call("check", "GET", path, headers=night.edit)
            assert answer.status == 200, answer
            found += answer.body
            path = next_window(answer.headers.get("link"))
        return found

    def new_night(self, name: str) -> Night:
        made = self.call("setup", "POST", "/api/v1/tables",
                         {"name": name, "players": PLAYERS, "preset": "called-ace"})
        assert made.status == 201, made
        return Night(made.body["id"], made.body["view_token"],
                     {"Authorization": f"Bearer {made.body['edit_token']}"})

    def __enter__(self) -> Crowd:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_writing()
        self._watching.set()
        for thread in self._threads:
            thread.join(GIVE_UP + 10)

    def stop_writing(self) -> None:
        self._writing.set()

    def _table(self, t: int, night: Night) -> None:
        n = 0
        while not self._writing.is_set():
            if not self.save(f"table{t}", night, hand(t, n), f"festival-{t}-{n:05d}"):
                return
            n += 1
            time.sleep(SAVE_EVERY)

    def save(self, who: str, night: Night, body: dict[str, Any], key: str) -> bool:
        """Send a hand until it is acknowledged (the same key each time)."""
        give_up = time.monotonic() + GIVE_UP
        while time.monotonic() < give_up:
            answer = self.call(who, "POST", f"/api/v1/tables/{night.id}/hands", body,
                               {**night.edit, "Idempotency-Key": key})
            if answer.status == 201:
                night.acks.append((answer.ended, version(answer), answer.body))
                return True
            if not answer.failed:
                self.refused.append(answer)
                return False
            time.sleep(float(answer.headers.get("retry-after", 0.2)))
        return False

    def _watcher(self, who: str, night: Night) -> None:
        seen = night.seen.setdefault(who, [])
        base, polls = f"/s/{night.view_token}", 0
        while not self._watching.is_set():
            path = (base if polls % 8 == 0 else base + "/tv" if polls % 8 == 4
                    else base + "/live")
            answer = self.call(who, "GET", path)
            if path.endswith("/live") and answer.status == 200:
                seen.append((answer.ended, version(answer)))
            polls += 1
            time.sleep(POLL_EVERY)
