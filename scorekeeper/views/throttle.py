"""How often anyone may send what costs the server most without a token: an
import of a table's, a group's or an event's file (pages and API alike).
Each address gets :data:`~scorekeeper.limits.IMPORTS_PER_MINUTE` a minute,
costing at most :data:`~scorekeeper.limits.IMPORT_CPU_PER_MINUTE` seconds of
server CPU between them (the app's settings of those names, when given; a
request's cost is its thread's CPU and its import process's, charged once
it is answered); one more is
answered 429 with ``Retry-After`` (the seconds until the oldest counted one
leaves the minute), in the request's own form, before its body is read.

A route says so with :func:`throttled`; the count is this process's own
(a server of several processes lets each count its own minute).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, request

from scorekeeper.limits import IMPORT_CPU_PER_MINUTE, IMPORTS_PER_MINUTE
from scorekeeper.services import Code
from scorekeeper.services.background import elsewhere
from scorekeeper.views.error_page import error_page
from scorekeeper.views.json_errors import error_response

#: How many addresses' minutes are kept at once (the oldest is let go first).
KEEP = 10_000
MINUTE = 60.0
F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Ticket:
    """One counted request: when it came, what it cost (known once it is
    answered) and whether it is still being worked on."""

    at: float
    seconds: float = 0.0
    running: bool = True


class Window:
    """At most ``most`` requests from one address in any minute, one at a
    time, costing at most ``budget`` seconds of server CPU between them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, deque[Ticket]] = OrderedDict()

    def wait(self, who: str, most: int, budget: float = float("inf"),
             now: float | None = None) -> tuple[int, Ticket | None]:
        """(0, the request's ticket), or the whole seconds until ``who`` may
        send one again (and no ticket: nothing counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            spent = self._seen.pop(who, None) or deque()
            while spent and spent[0].at <= now - MINUTE and not spent[0].running:
                spent.popleft()
            self._seen[who] = spent
            while len(self._seen) > KEEP:
                self._seen.popitem(last=False)
            if any(t.running for t in spent):
                return 1, None  # one import at a time from one address
            if len(spent) >= max(most, 1) or sum(t.seconds for t in spent) >= budget:
                return max(1, int(spent[0].at + MINUTE - now + 0.999)), None
            ticket = Ticket(now)
            spent.append(ticket)
            return 0, ticket

    def clear(self) -> None:
        """Forget every address's minute (a new server's start)."""
        with self._lock:
            self._seen.clear()

    def charge(self, ticket: Ticket, seconds: float) -> None:
        """What the request of ``ticket`` cost, now that it is answered."""
        with self._lock:
            ticket.seconds += seconds
            ticket.running = False


def client_address() -> str:
    """Who sent the request: the connecting address, or, from a proxy on
    this machine (deploy/'s nginx), the address it saw, the last one of
    ``X-Forwarded-For`` (the one it adds itself; the ones before it are the
    client's word)."""
    here = request.remote_addr or "-"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and here in ("127.0.0.1", "::1"):
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or here
    return here


IMPORTS = Window()


def _cpu() -> float:
    """The CPU seconds this thread has cost so far, here and in the import
    process (:mod:`scorekeeper.services.background.elsewhere`)."""
    return time.thread_time() + elsewhere.spent()


def throttled(view: F) -> F:
    """The route is an import anyone may send: counted by :data:`IMPORTS`."""
    @wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        if request.method == "GET":  # the import's page, not an import
            return view(*args, **kwargs)
        most = int(current_app.config.get("IMPORTS_PER_MINUTE", IMPORTS_PER_MINUTE))
        budget = float(current_app.config.get("IMPORT_CPU_PER_MINUTE", IMPORT_CPU_PER_MINUTE))
        wait, ticket = IMPORTS.wait(client_address(), most, budget)
        if ticket is not None:
            began = _cpu()
            try:
                return view(*args, **kwargs)
            finally:
                IMPORTS.charge(ticket, _cpu() - began)
        said = (f"Too many imports from this address: at most {most} a minute, one at a "
                f"time, {budget:g} seconds of the server's time between them. "
                f"Try again in {wait} seconds; nothing was created.")
        headers = {"Retry-After": str(wait)}
        if request.path.startswith("/api/"):
            return error_response(said, 429, code=Code.TOO_MANY), headers
        page, status = error_page("Too many imports", said, 429)
        return page, status, headers
    return counted  # type: ignore[return-value]
