"""How often anyone may send what costs the server most without a token: an
import of a table's, a group's or an event's file (pages and API alike).
Each address gets :data:`~scorekeeper.limits.IMPORTS_PER_MINUTE` a minute
(the app's ``IMPORTS_PER_MINUTE`` setting, when given); one more is answered
429 with ``Retry-After`` (the seconds until the oldest counted one leaves
the minute), in the request's own form, before its body is read.

A route says so with :func:`throttled`; the count is this process's own
(a server of several processes lets each count its own minute).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, request

from scorekeeper.limits import IMPORTS_PER_MINUTE
from scorekeeper.services import Code
from scorekeeper.views.error_page import error_page
from scorekeeper.views.json_errors import error_response

#: How many addresses' minutes are kept at once (the oldest is let go first).
KEEP = 10_000
MINUTE = 60.0
F = TypeVar("F", bound=Callable[..., Any])


class Window:
    """At most ``most`` requests from one address in any minute."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, who: str, most: int, now: float | None = None) -> int:
        """0 and the request counted, or the whole seconds until ``who`` may
        send one again (nothing counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._seen.pop(who, None) or deque()
            while times and times[0] <= now - MINUTE:
                times.popleft()
            self._seen[who] = times
            while len(self._seen) > KEEP:
                self._seen.popitem(last=False)
            if len(times) >= most:
                return max(1, int(times[0] + MINUTE - now + 0.999))
            times.append(now)
            return 0


IMPORTS = Window()


def throttled(view: F) -> F:
    """The route is an import anyone may send: counted by :data:`IMPORTS`."""
    @wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        if request.method == "GET":  # the import's page, not an import
            return view(*args, **kwargs)
        most = int(current_app.config.get("IMPORTS_PER_MINUTE", IMPORTS_PER_MINUTE))
        wait = IMPORTS.wait(request.remote_addr or "-", most)
        if not wait:
            return view(*args, **kwargs)
        said = (f"Too many imports from this address: at most {most} a minute. "
                f"Try again in {wait} seconds; nothing was created.")
        headers = {"Retry-After": str(wait)}
        if request.path.startswith("/api/"):
            return error_response(said, 429, code=Code.TOO_MANY), headers
        page, status = error_page("Too many imports", said, 429)
        return page, status, headers
    return counted  # type: ignore[return-value]
