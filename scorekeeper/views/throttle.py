"""How often anyone may send what costs the server most without a token: an
import of a table's, a group's or an event's file (pages and API alike).
Each address gets :data:`~scorekeeper.limits.IMPORTS_PER_MINUTE` a minute,
costing at most :data:`~scorekeeper.limits.IMPORT_CPU_PER_MINUTE` seconds of
server CPU between them (the app's settings of those names, when given; a
request's cost is its thread's CPU, charged once it is answered); one more is
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
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, request

from scorekeeper.limits import IMPORT_CPU_PER_MINUTE, IMPORTS_PER_MINUTE
from scorekeeper.services import Code
from scorekeeper.views.error_page import error_page
from scorekeeper.views.json_errors import error_response

#: How many addresses' minutes are kept at once (the oldest is let go first).
KEEP = 10_000
MINUTE = 60.0
F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class _Spent:
    """One address's requests in the last minute: when each came, and the
    server CPU each cost (known once it is answered)."""

    times: deque[float] = field(default_factory=deque)
    costs: deque[float] = field(default_factory=deque)


class Window:
    """At most ``most`` requests from one address in any minute, costing at
    most ``budget`` seconds of server CPU between them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, _Spent] = OrderedDict()

    def wait(self, who: str, most: int, budget: float = float("inf"),
             now: float | None = None) -> int:
        """0 and the request counted, or the whole seconds until ``who`` may
        send one again (nothing counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            spent = self._seen.pop(who, None) or _Spent()
            while spent.times and spent.times[0] <= now - MINUTE:
                spent.times.popleft()
                spent.costs.popleft()
            self._seen[who] = spent
            while len(self._seen) > KEEP:
                self._seen.popitem(last=False)
            if len(spent.times) >= most or sum(spent.costs) >= budget:
                return max(1, int(spent.times[0] + MINUTE - now + 0.999))
            spent.times.append(now)
            spent.costs.append(0.0)
            return 0

    def charge(self, who: str, seconds: float) -> None:
        """What ``who``'s latest counted request cost, charged to its minute."""
        with self._lock:
            spent = self._seen.get(who)
            if spent is not None and spent.costs:
                spent.costs[-1] += seconds


IMPORTS = Window()


def throttled(view: F) -> F:
    """The route is an import anyone may send: counted by :data:`IMPORTS`."""
    @wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        if request.method == "GET":  # the import's page, not an import
            return view(*args, **kwargs)
        most = int(current_app.config.get("IMPORTS_PER_MINUTE", IMPORTS_PER_MINUTE))
        budget = float(current_app.config.get("IMPORT_CPU_PER_MINUTE", IMPORT_CPU_PER_MINUTE))
        who = request.remote_addr or "-"
        wait = IMPORTS.wait(who, most, budget)
        if not wait:
            began = time.thread_time()
            try:
                return view(*args, **kwargs)
            finally:
                IMPORTS.charge(who, time.thread_time() - began)
        said = (f"Too many imports from this address: at most {most} a minute, "
                f"{budget:g} seconds of the server's time between them. "
                f"Try again in {wait} seconds; nothing was created.")
        headers = {"Retry-After": str(wait)}
        if request.path.startswith("/api/"):
            return error_response(said, 429, code=Code.TOO_MANY), headers
        page, status = error_page("Too many imports", said, 429)
        return page, status, headers
    return counted  # type: ignore[return-value]
