"""The one live viewer behind every view link: a night's (``/s/<token>``), a
group's (``/gs/<token>``) and an event's (``/e/s/<token>``) watchers are all
served here, the same way.

The owner's version comes from its version board
(:mod:`scorekeeper.services.board`): no database read for most requests,
however many watch.  A poll that already has the version's tag
(:mod:`scorekeeper.views.etags`) is answered 304 before anything else; any
other answer is the body kept for the version, rendered once for every
watcher and gzipped once for the phones that accept it
(:mod:`scorekeeper.views.rendered`), with the version's tag, so nothing is
hashed per request.  Who may keep a copy of it is
:mod:`scorekeeper.views.caching`'s, for every page of the three blueprints.

A viewer module says only what differs: whose board and letter, how its
owner is read, what the watcher asked for, and what each page renders.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Generic, TypeVar

from flask import abort, render_template, request
from werkzeug.datastructures import ETags
from werkzeug.wrappers import Response

from scorekeeper.services import NotFound
from scorekeeper.services.board import Board, Head
from scorekeeper.views.etags import version_seen, version_tag
from scorekeeper.views.rendered import RENDERED, send, sent

Owner = TypeVar("Owner")
#: What a watcher asked for besides the owner (the big screen, a page of the
#: standings, a season): part of the tag and of the kept body's key.
Asked = tuple[Hashable, ...]
#: The variant of an owner's page that its watchers poll (the live fragment).
POLLED = "live"
#: What a watcher asked for, read from the query (the route and the poll
#: gate in front of the app read it alike: :mod:`scorekeeper.views.poll_gate`).
ReadAsked = Callable[[Mapping[str, str]], Asked]


#: Links and pages whose newest rendered version is noted (then it starts again).
NEWEST_KEPT = 20_000


@dataclass(frozen=True)
class Newest:
    """The newest version of a page rendered: the version, whether the owner
    was closed, and when it was rendered (``time.monotonic()``)."""

    version: int
    closed: bool
    at: float


@dataclass(frozen=True)
class Kept:
    """An answer from memory: its tag, and the body (with the key it is
    kept under) or None for a 304."""

    etag: str
    key: Hashable | None
    body: bytes | None


@dataclass(frozen=True)
class Poll(Generic[Owner]):
    """A live fragment that watchers poll: its route's ``endpoint``, its
    ``watchers`` and how the watcher's ``asked`` is read from the query.  The
    route answers with these, and so does the poll gate in front of the app
    (:mod:`scorekeeper.views.poll_gate`) for a poll whose version is unchanged."""

    endpoint: str
    watchers: LiveViewer[Owner]
    asked: ReadAsked


#: The places a screen reader is told when a leaderboard's standings change.
NEWS_PLACES = 3


def leaders_news(places: Iterable[tuple[int, str, str]]) -> str:
    """A leaderboard's leaders as its news region says them (each place's
    rank, name and score as its table shows it): "Leaders: 1. Ann +34,
    2. Bob +20, 3. Cat +12."  Said when the words differ from the last
    version's, not at each swap (static/js/watch.js)."""
    said = ", ".join(f"{rank}. {name} {score}"
                     for rank, name, score in islice(places, NEWS_PLACES))
    return f"Leaders: {said}." if said else ""


def or_404(load: Callable[[str], Owner], token: str) -> Owner:
    """``load(token)``, or a 404 in the service's own words."""
    try:
        return load(token)
    except NotFound as error:
        abort(404, error.message)


def gone(error: NotFound) -> Response:
    """A poll of a link no owner has (it was replaced): the notice that says
    so and ends the polling, swapped in where the standings were."""
    return Response(render_template("viewer/_gone.html", message=error.message),
                    status=404, mimetype="text/html")


def _tagged(response: Response, etag: str) -> Response:
    response.set_etag(etag)
    return response


class LiveViewer(Generic[Owner]):
    """The watchers of one kind of owner: its ``board`` of versions, the
    ``letter`` its tags start with, how to ``load`` it by its view token (or
    NotFound) and its ``version_of`` (the version and whether it is over).
    ``gone``: a poll of a replaced link answers :func:`gone` (else a 404 page).
    ``settle``: seconds a rendered page stands before a newer version of it
    is rendered (:meth:`from_memory`)."""

    def __init__(self, letter: str, board: Board, load: Callable[[str], Owner],
                 version_of: Callable[[Owner], tuple[int, bool]], *,
                 gone: bool = True, settle: float = 0.0) -> None:
        self.letter, self.board, self.load, self.version_of = letter, board, load, version_of
        self.gone = gone
        self.settle = settle
        #: The newest version rendered for each link and what its watchers
        #: asked for (dict reads and writes: no lock).
        self._newest: dict[tuple[Hashable, ...], Newest] = {}

    def tag(self, token: str, version: int, closed: bool, asked: Asked) -> str:
        """The ETag of a version: changes with every write, closing, what the
        watcher asked for and the link."""
        return version_tag(self.letter, version, closed, *asked, link=token)

    def known(self, token: str) -> Head:
        """The owner's version from the board, never older than the one the
        watcher saw; a link no owner has is a 404 in the service's words."""
        head = self.board.head(token, at_least=version_seen(self.letter))
        if head is None:  # read from the database (a 404), or just made
            head = Head(*self.version_of(or_404(self.load, token)), time.monotonic())
        return head

    def unchanged(self, token: str, asked: Asked, sent: ETags,
                  head: Head | None = None) -> str | None:
        """The tag to answer 304 with when the watcher's If-None-Match
        (``sent``) holds the owner's current version (from the board, or
        ``head`` already read from it); else None (the page is sent)."""
        if head is None:
            head = self.board.head(token, at_least=version_seen(self.letter, sent))
        if head is None:
            return None
        etag = self.tag(token, head.version, head.closed, asked)
        # If-None-Match compares weakly (RFC 9110 §13.1.2), as make_conditional does
        return etag if sent.contains_weak(etag) else None

    def from_memory(self, token: str, variant: str, asked: Asked, sent: ETags, head: Head,
                    poll: bool) -> Kept | None:
        """What is sent for ``head`` without rendering, or None when it must
        be rendered: a 304 to a ``poll`` that has the version's tag; else the
        body kept for the version.  While that body is being rendered (a
        change to a leaderboard, and a crowd polling it), the newest body
        already kept is sent instead, or a 304 to a watcher who has it: no
        watcher waits behind the render; each sees the change at his next
        poll."""
        if poll:
            etag = self.unchanged(token, asked, sent, head)
            if etag is not None:
                return Kept(etag, None, None)
        key = self._key(token, head.version, head.closed, variant, asked)
        body = RENDERED.peek(key)
        if body is not None:
            return Kept(self.tag(token, head.version, head.closed, asked), key, body)
        newest = self._newest.get((token, variant, asked))
        if newest is None or newest.version > head.version:
            return None
        if not (time.monotonic() - newest.at < self.settle or RENDERED.rendering(key)):
            if RENDERED.claim(key):
                return None  # this request renders it
        key = self._key(token, newest.version, newest.closed, variant, asked)
        body = RENDERED.peek(key)
        if body is None:
            return None
        etag = self.tag(token, newest.version, newest.closed, asked)
        if poll and sent.contains_weak(etag):
            return Kept(etag, None, None)
        return Kept(etag, key, body)

    def answer(self, token: str, variant: str, asked: Asked,
               render: Callable[[Owner], str], *, poll: bool = False) -> Response:
        """The ``variant`` of the page for the owner's current version, with
        its tag: from memory when the board knows the version (no database
        read, :meth:`from_memory`); else the owner read and its version's
        body rendered, once for every watcher, by ``render``."""
        head = self.board.head(token, at_least=version_seen(self.letter))
        if head is not None:
            kept = self.from_memory(token, variant, asked, request.if_none_match, head, poll)
            if kept is not None:
                if kept.key is None or kept.body is None:
                    return _tagged(Response(status=304), kept.etag)
                return _tagged(sent(kept.key, kept.body), kept.etag)
        try:
            owner = self.load(token)
        except NotFound as error:
            if poll and self.gone:
                return gone(error)
            abort(404, error.message)
        version, closed = self.version_of(owner)
        key = self._key(token, version, closed, variant, asked)
        response = _tagged(send(key, lambda: render(owner)),
                           self.tag(token, version, closed, asked))
        self._kept_newest((token, variant, asked), version, closed)
        return response

    def _kept_newest(self, shown: tuple[Hashable, ...], version: int, closed: bool) -> None:
        """Note the newest version whose body is kept for what a watcher asks."""
        newest = self._newest.get(shown)
        if newest is None or newest.version < version:
            if len(self._newest) >= NEWEST_KEPT:
                self._newest.clear()
            self._newest[shown] = Newest(version, closed, time.monotonic())

    def _key(self, token: str, version: int, closed: bool, variant: str,
             asked: Asked) -> tuple[Hashable, ...]:
        """What the kept body is kept under: every input of its render."""
        return (self.letter, token, version, closed, variant, *asked)
