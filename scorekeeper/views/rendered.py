"""Pages rendered once per version of a table and served to every viewer
from memory: 300 phones watching one night cost one render per change, not
300.  The key holds the share token, the table's version and closed state,
and which variant of the page it is; a new version is a new key, so nothing
here is ever stale.  Bounded in bytes; the oldest go first (a new version
is a new entry, so the oldest are the versions nobody asks for any more).
One of the caches :mod:`scorekeeper.services.caches` registers.
"""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Callable, Hashable

from flask import request
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from scorekeeper.services import caches

MAX_BYTES = 32 * 1024 * 1024
#: Seconds a claim to render a page stands (:meth:`Rendered.claim`): a poll
#: that claimed one and then rendered something else (its owner changed
#: again meanwhile) or failed leaves it to the next poll after this.
CLAIM_SECONDS = 2.0
#: Claims remembered at most (then the oldest go).
CLAIMS_KEPT = 1024


class Rendered:
    """Rendered bodies, bounded by their total size; thread-safe."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._bodies: dict[Hashable, bytes] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self._rendering: dict[Hashable, threading.Lock] = {}
        #: The gzip of a kept body, made the first time a phone accepts it.
        self._gzipped: dict[Hashable, bytes] = {}
        #: Bodies a request is on its way to render: the thread and when.
        self._claims: dict[Hashable, tuple[int, float]] = {}

    def peek(self, key: Hashable) -> bytes | None:
        """The body kept under ``key``, if any.  Read without the lock (one
        dict read is atomic in CPython): a crowd of viewers never queues on it."""
        return self._bodies.get(key)

    def rendering(self, key: Hashable) -> bool:
        """True while a body for ``key`` is being rendered, or another
        request has claimed it (:meth:`claim`)."""
        if key in self._rendering:
            return True
        claimed = self._claims.get(key)
        return (claimed is not None and claimed[0] != threading.get_ident()
                and time.monotonic() - claimed[1] < CLAIM_SECONDS)

    def claim(self, key: Hashable) -> bool:
        """True when this request is to render ``key`` (nobody else is
        rendering it or on the way to): the crowd polling a page that changed
        is then sent the newest body kept until it is rendered, rather than
        each poll going on through the app to wait for the same render."""
        with self._lock:
            if self.rendering(key):
                return False
            if len(self._claims) >= CLAIMS_KEPT:
                del self._claims[next(iter(self._claims))]
            self._claims[key] = (threading.get_ident(), time.monotonic())
            return True

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
                        oldest = next(iter(self._bodies))
                        self._bytes -= len(self._bodies.pop(oldest))
                        self._bytes -= len(self._gzipped.pop(oldest, b""))
            finally:
                with self._lock:
                    self._rendering.pop(key, None)
                    self._claims.pop(key, None)
        return body

    def gzipped(self, key: Hashable, body: bytes) -> bytes:
        """``body`` (kept under ``key``) compressed, once for every phone that
        asks: a leaderboard of a hundred rows is a tenth of its size."""
        found = self._gzipped.get(key)
        if found is None:
            found = gzip.compress(body, compresslevel=6, mtime=0)
            with self._lock:
                if key in self._bodies:  # not already pushed out
                    self._gzipped[key] = found
                    self._bytes += len(found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._bodies.clear()
            self._gzipped.clear()
            self._claims.clear()
            self._bytes = 0


RENDERED = caches.register("rendered", Rendered())

#: Bodies smaller than this are sent as they are (gzip would save little).
GZIP_FROM = 1024


def send(key: Hashable, render: Callable[[], str], mimetype: str = "text/html") -> Response:
    """The body kept under ``key`` (rendered once) as a response: :func:`sent`."""
    return sent(key, RENDERED.get(key, render), mimetype)


def encoded(key: Hashable, body: bytes, gzip_ok: bool) -> tuple[bytes, str | None]:
    """What is sent of ``body`` (kept under ``key``) to a phone that accepts
    gzip or not, and its Content-Encoding: gzipped once and for all."""
    if len(body) >= GZIP_FROM and gzip_ok:
        return RENDERED.gzipped(key, body), "gzip"
    return body, None


def sent(key: Hashable, body: bytes, mimetype: str = "text/html") -> Response:
    """``body``, kept under ``key``, as a response, gzipped when the phone
    accepts it (``Vary: Accept-Encoding``)."""
    data, encoding = encoded(key, body, bool(request.accept_encodings["gzip"]))
    response = Response(data, mimetype=mimetype)
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    return response

#: Stands in a kept page for the form token of the phone it is served to.
_TOKEN = "\x00csrf\x00"


def per_session(key: Hashable, render: Callable[[], str]) -> str:
    """A page rendered once per ``key`` and served to every phone with its own
    form token (CSRF) put back in: for editors' pages that differ only by it."""
    token = generate_csrf()
    body = RENDERED.get(key, lambda: render().replace(token, _TOKEN))
    return body.decode().replace(_TOKEN, token)
