"""Pages rendered once per version of a table and served to every viewer
from memory: 300 phones watching one night cost one render per change, not
300.  The key holds the share token, the table's version and closed state,
and which variant of the page it is; a new version is a new key, so nothing
here is ever stale.  Bounded in bytes; the oldest go first (a new version
is a new entry, so the oldest are the versions nobody asks for any more).
One of the caches :mod:`scorekeeper.services.caches` registers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from flask_wtf.csrf import generate_csrf

from scorekeeper.services import caches

MAX_BYTES = 32 * 1024 * 1024


class Rendered:
    """Rendered bodies, bounded by their total size; thread-safe."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._bodies: dict[Hashable, bytes] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self._rendering: dict[Hashable, threading.Lock] = {}

    def peek(self, key: Hashable) -> bytes | None:
        """The body kept under ``key``, if any.  Read without the lock (one
        dict read is atomic in CPython): a crowd of viewers never queues on it."""
        return self._bodies.get(key)

    def get(self, key: Hashable, render: Callable[[], str]) -> bytes:
        """The body kept under ``key``, rendering (and keeping) it if needed.
        When many viewers ask at once after a change, one renders and the
        others wait for its body instead of each rendering the same page."""
        body = self._bodies.get(key)
        if body is not None:
            return body
        with self._lock:
            rendering = self._rendering.setdefault(key, threading.Lock())
        with rendering:
            body = self.peek(key)
            if body is not None:
                return body
            try:
                body = render().encode()
                with self._lock:
                    self._bodies[key] = body
                    self._bytes += len(body)
                    while self._bytes > self.max_bytes and len(self._bodies) > 1:
                        self._bytes -= len(self._bodies.pop(next(iter(self._bodies))))
            finally:
                with self._lock:
                    self._rendering.pop(key, None)
        return body

    def clear(self) -> None:
        with self._lock:
            self._bodies.clear()
            self._bytes = 0


RENDERED = caches.register("rendered", Rendered())

#: Stands in a kept page for the form token of the phone it is served to.
_TOKEN = "\x00csrf\x00"


def per_session(key: Hashable, render: Callable[[], str]) -> str:
    """A page rendered once per ``key`` and served to every phone with its own
    form token (CSRF) put back in: for editors' pages that differ only by it."""
    token = generate_csrf()
    body = RENDERED.get(key, lambda: render().replace(token, _TOKEN))
    return body.decode().replace(_TOKEN, token)
