"""Who may keep a copy of an answer: decided here, once, for every response.

The pages behind a view link (a night's ``/s/<token>``, a group's
``/gs/<token>``, an event's ``/e/s/<token>``, with the live fragments they
poll, the TV screens and the seat finder) are the same for everyone who holds
the link: no session, no cookie, no form, nothing personal.  They are what a
crowd of phones polls, so a shared cache (the proxy of ``deploy/nginx.conf``)
may keep each one for a second and then revalidate it by its ETag: a
thousand watchers cost the app one render per page per second.  The proxy
keys a copy by the whole address, token included, so only those holding the
link ever get it.

``s-maxage=1`` is for the proxy; browsers get ``max-age=0``: a phone asks on
every poll (the proxy answers 304 while nothing changed) instead of reusing
its own copy for another second, so what it shows is never older than the
proxy's second.  (``max-age=1`` would let the browser add its own second on
top, because nginx sends no ``Age``.)

nginx counts ``s-maxage`` in whole seconds of its clock: a copy made at
12.9 s is fresh until 14.0 s, so "one second" lasts one to two (1.5 on
average), and a watcher's poll adds another.  ``X-Accel-Expires`` (which
nginx reads and does not pass on) names the whole second the copy is fresh
through, the current one: every copy ends at the next tick of the clock, at
most a second old, and the app still renders each page at most once a
second.  Other caches (a CDN) go by ``s-maxage``.

A view link's 404 (the link replaced or revoked) is kept the same way: it
must take the place of the page nginx kept.  nginx serves its last copy
to the polls that come while it asks the app again, so a copy the 404 did
not replace would go on reaching a crowd polling the old link, for as long
as they poll.

Everything else is ``no-store``: the scorekeeper's and the director's pages,
claim codes, every API answer (its bearer token, or one it hands out), and
any answer that sets a cookie, whatever route it came from.  Answers that
chose their own policy and carry no secret (static files, the service
worker) keep it.
"""

from __future__ import annotations

import functools
import time
from typing import TypeVar

from flask import Request, request
from werkzeug.http import http_date, quote_etag
from werkzeug.wrappers import Response

from scorekeeper.views.headers import SECURITY_HEADERS

Answer = TypeVar("Answer", bound=Response)

#: The blueprints whose every route is a page behind a view link.
VIEW_LINK_PAGES = frozenset({"viewer", "group_viewer", "event_viewer"})
#: What a page behind a view link says: a proxy keeps it a second, a browser asks again.
SHARED = "public, max-age=0, s-maxage=1"
#: nginx's header for "fresh through this Unix second" (``@`` and the second).
PROXY_EXPIRES = "X-Accel-Expires"
#: What every other answer that carries a token, a code or a cookie says.
PRIVATE = "no-store"
#: Behind a view link the link is the key: no referrer carries it away, no
#: search engine indexes it.
VIEW_LINK_HEADERS = {"Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex"}
#: The answers a cache may keep: a page, "unchanged" (it refreshes a kept
#: copy), or "gone" (the link was replaced or revoked: the 404 takes the
#: place of the page kept).
KEPT_STATUSES = frozenset({200, 304, 404})


def behind_view_link(asked: Request) -> bool:
    """True for a request to a page behind a view link: such a page must
    not read or write the session (see :class:`scorekeeper.app.SessionCookies`)."""
    return asked.blueprint in VIEW_LINK_PAGES


def shareable(asked: Request, response: Response) -> bool:
    """True when any cache may keep ``response`` for every holder of the link."""
    return (behind_view_link(asked) and asked.method in ("GET", "HEAD")
            and response.status_code in KEPT_STATUSES
            and "Set-Cookie" not in response.headers)


def cache_policy(response: Answer) -> Answer:
    """Say who may keep ``response`` (every answer passes here, last)."""
    if behind_view_link(request):
        response.headers.update(VIEW_LINK_HEADERS)
    if shareable(request, response):
        response.headers["Cache-Control"] = SHARED
        response.headers[PROXY_EXPIRES] = f"@{int(time.time())}"
        if response.status_code == 200 and not response.is_streamed:
            if response.get_etag()[0] is None:
                response.add_etag()  # a proxy revalidates its copy by it
            response.make_conditional(request)
    elif "Cache-Control" not in response.headers or "Set-Cookie" in response.headers:
        response.headers["Cache-Control"] = PRIVATE
    return response


def shared_headers(etag: str, body: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The headers of a page or a 304 behind a view link (``body``: a page's
    own, its type and length), exactly as the app's after-request sends them
    (:func:`cache_policy` after the security headers, and a page's date from
    ``make_conditional``): the poll gate answers with these, and a test holds
    the two answers equal."""
    now = int(time.time())
    if body is None:
        return list(_unchanged(etag, now))
    return [*body.items(), *_unchanged(etag, now), ("Date", _date(now))]


@functools.lru_cache(maxsize=4096)
def _unchanged(etag: str, now: int) -> tuple[tuple[str, str], ...]:
    """A 304's headers for ``etag`` in the Unix second ``now`` (a crowd's
    polls of one page in one second share them)."""
    return (("ETag", quote_etag(etag)), *_SHARED_HEADERS, (PROXY_EXPIRES, f"@{now}"))


#: What every answer behind a view link says besides its tag and times.
_SHARED_HEADERS = tuple({**SECURITY_HEADERS, **VIEW_LINK_HEADERS, "Cache-Control": SHARED}.items())


@functools.lru_cache(maxsize=4)
def _date(second: int) -> str:
    """The Date header of a Unix second (a crowd's answers share a few)."""
    return http_date(second)
