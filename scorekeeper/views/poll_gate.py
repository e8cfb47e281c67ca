"""The polls a crowd makes, answered in front of the app.

Every phone watching a table or a leaderboard polls its live fragment once a
second.  Almost every answer is "nothing changed" (304), and the rest are the
fragment already rendered for the version (the leaderboard changes with
every hand at any of its tables, so its watchers are sent a new one every
second or so).  Built as a Flask request, either costs the app about half a
millisecond of CPU: the request and its context, the session interface, the
URL adapter, the loaders, the after-request headers.  A festival hall is two
thousand of them a second.

This WSGI layer sits in front of the app (inside the Host lower-casing) and
answers such a poll itself: a GET to one of the
:class:`~scorekeeper.views.viewers.live.Poll` routes the views declare, from
a Host the app answers to.  It asks what the route would ask, the same way:
the app's own URL map finds the route and its token, werkzeug's request
parses the query, the tags and the encodings, and the route's own
:class:`~scorekeeper.views.viewers.live.LiveViewer` reads the version board,
makes the tag and finds the fragment kept for the version; the answer
carries the headers the app's after-request would send
(:func:`scorekeeper.views.caching.shared_headers`).  Anything else (a
version not yet rendered, an unknown link, a bad Host, another route, a
range or another condition, the database busy) goes on to the app
untouched, which answers it as always.  So the gate only ever says sooner
what the app would say, and a test holds the two answers equal.

Only public routes are gated (their permission is declared PUBLIC: any
holder of the view link may poll), and the gate checks that when it is built.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from werkzeug.datastructures import ETags
from werkzeug.exceptions import HTTPException, SecurityError
from werkzeug.http import parse_accept_header, parse_etags
from werkzeug.routing import MapAdapter, RequestRedirect
from werkzeug.utils import get_content_type
from werkzeug.wrappers import Request

from scorekeeper.policy.acl import OwnerAction
from scorekeeper.services.board import Board
from scorekeeper.views.access import declared
from scorekeeper.views.caching import shared_headers
from scorekeeper.views.etags import version_seen
from scorekeeper.views.rendered import encoded
from scorekeeper.views.viewers.live import POLLED, Poll

#: The tags of a poll that sends none.
_NO_TAGS = ETags()
#: The query of a poll that sends none.
_NO_ARGS: Mapping[str, str] = MappingProxyType({})
#: What the kept fragment is sent as.
HTML = get_content_type("text/html", "utf-8")
#: Request headers that make the app weigh more than the tag (ranges, and the
#: conditions other than If-None-Match): such a poll goes on to the app.
CONDITIONS = ("HTTP_RANGE", "HTTP_IF_RANGE", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE",
              "HTTP_IF_UNMODIFIED_SINCE")
#: Host headers whose judgement is kept (any more and the list starts again).
HOSTS_KEPT = 64
#: Paths whose route is kept (a hall's tables and leaderboard pages are a few hundred).
PATHS_KEPT = 20_000
#: Polls whose answer is remembered: a hall's few hundred pages, each asked
#: with a few tags and encodings, with room for the versions gone by (a
#: leaderboard's changes twice a second); at most a few tens of megabytes
#: of pages, most of them shared with the kept bodies.
MEMOS_KEPT = 4096

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask import Flask


@dataclass(frozen=True)
class Memo:
    """A poll's answer, and the owner's version on the board it was given
    for (and the version the poll's tag said it had seen)."""

    board: Board
    token: str
    seen: int
    version: int
    closed: bool
    etag: str
    #: A page's own headers and the bytes sent (None: a 304).
    page: dict[str, str] | None = None
    data: bytes = b""


class PollGate:
    """``wsgi_app`` with the polls of ``polls`` answered first when their
    answer is in memory."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication, polls: Iterable[Poll[Any]]) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.polls = {poll.endpoint: poll for poll in polls}
        for endpoint in self.polls:
            if declared(app.view_functions.get(endpoint)) is not OwnerAction.PUBLIC:
                raise ValueError(f"{endpoint} is not a public route: the gate can't answer it")
        #: The last part of the gated routes' paths ("live"): any other
        #: request goes straight on, without parsing anything.
        self.tails = frozenset(rule.rule.rsplit("/", 1)[-1] for rule in app.url_map.iter_rules()
                               if rule.endpoint in self.polls)
        #: Host headers already judged (a crowd sends the same few).
        self._hosts: dict[tuple[str, int], bool] = {}
        self._adapters: dict[str, MapAdapter] = {}
        self._matched: dict[tuple[str, str], tuple[Poll[Any], str] | None] = {}
        self._parsed: dict[str, ETags] = {}
        #: Each poll's answer while its owner's version stands (:class:`Memo`),
        #: read without the lock (one dict read), written under it.
        self._memos: dict[tuple[Any, ...], Memo] = {}
        self._remembering = threading.Lock()

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> Iterable[bytes]:
        if (environ.get("REQUEST_METHOD") == "GET"
                and environ.get("PATH_INFO", "").rsplit("/", 1)[-1] in self.tails):
            try:
                found = self.remembered(environ) or self.answer(environ)
            except Exception:  # noqa: BLE001 - the app answers, with its own error pages
                self.app.logger.exception("The poll gate failed; the app answers the poll")
                found = None
            if found is not None:
                status, headers, body = found
                start_response(status, headers)
                return body
        return self.wsgi_app(environ, start_response)

    def remembered(self, environ: WSGIEnvironment
                   ) -> tuple[str, list[tuple[str, str]], list[bytes]] | None:
        """The answer this same poll (address, Host, tag, encodings) was
        given, while the owner's version it was given for stands on the
        board; None when it must be worked out (:meth:`answer`)."""
        memo = self._memos.get(self._asked(environ))
        if memo is None:
            return None
        head = memo.board.fresh(memo.token, memo.seen)
        if head is None or head.version != memo.version or head.closed != memo.closed:
            return None
        if memo.page is None:
            return "304 NOT MODIFIED", shared_headers(memo.etag), []
        if any(name in environ for name in CONDITIONS):
            return None
        return "200 OK", shared_headers(memo.etag, memo.page), [memo.data]

    def _remember(self, environ: WSGIEnvironment, memo: Memo) -> None:
        """Keep ``memo`` for this poll; the oldest kept goes when there are
        :data:`MEMOS_KEPT` (a memo of a version gone by is never sent again,
        and its page is let go with it)."""
        with self._remembering:
            while len(self._memos) >= MEMOS_KEPT:
                del self._memos[next(iter(self._memos))]
            self._memos[self._asked(environ)] = memo

    def _asked(self, environ: WSGIEnvironment) -> tuple[Any, ...]:
        """What a poll's answer depends on besides the owner's version: the
        address, the Host (and the hosts the app answers to), the tag sent
        and the encodings accepted."""
        return (environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""),
                environ.get("QUERY_STRING", ""), environ.get("HTTP_HOST", ""),
                id(self.app.config.get("TRUSTED_HOSTS")),
                environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_ACCEPT_ENCODING"))

    def answer(self, environ: WSGIEnvironment
               ) -> tuple[str, list[tuple[str, str]], list[bytes]] | None:
        """The app's answer to this poll when it comes from memory (a 304,
        or the fragment kept for the version), or None when the app must
        answer it."""
        # werkzeug's request is made only for what isn't kept from an earlier
        # poll: the Host's judgement, the route, a query, a page's encodings
        if not self._trusted(environ):
            return None
        found = self._route(environ)
        if found is None:
            return None
        poll, token = found
        watchers, sent = poll.watchers, self._tags(environ.get("HTTP_IF_NONE_MATCH"))
        wanted = poll.asked(Request(environ).args if environ.get("QUERY_STRING") else _NO_ARGS)
        seen = version_seen(watchers.letter, sent)
        head = watchers.board.fresh(token, seen)
        if head is None:
            with self.app.app_context():  # the board reads the database
                head = watchers.board.peek(token, seen)
        if head is None:  # no such link, or the database busy: the app says so
            return None
        kept = watchers.from_memory(token, POLLED, wanted, sent, head, poll=True)
        if kept is None:
            return None  # to render
        # the answer for the version on the board (not the newest page kept
        # while it renders) stands as long as that version does
        exact = kept.etag == watchers.tag(token, head.version, head.closed, wanted)
        memo = Memo(watchers.board, token, seen, head.version, head.closed, kept.etag)
        if kept.key is None or kept.body is None:
            if exact:
                self._remember(environ, memo)
            return "304 NOT MODIFIED", shared_headers(kept.etag), []
        if any(name in environ for name in CONDITIONS):
            return None  # a condition make_conditional weighs
        gzip_ok = parse_accept_header(environ.get("HTTP_ACCEPT_ENCODING"))["gzip"]
        data, encoding = encoded(kept.key, kept.body, bool(gzip_ok))
        page = {"Content-Type": HTML, "Content-Length": str(len(data)),
                "Vary": "Accept-Encoding"}
        if encoding is not None:
            page["Content-Encoding"] = encoding
        if exact:
            self._remember(environ, replace(memo, page=page, data=data))
        return "200 OK", shared_headers(kept.etag, page), [data]

    def _tags(self, sent: str | None) -> ETags:
        """The If-None-Match header parsed as the app parses it (werkzeug's
        ``parse_etags``), once per header a crowd sends."""
        if sent is None:
            return _NO_TAGS
        tags = self._parsed.get(sent)
        if tags is None:
            if len(self._parsed) >= PATHS_KEPT:
                self._parsed.clear()
            tags = self._parsed[sent] = parse_etags(sent)
        return tags

    def _route(self, environ: WSGIEnvironment) -> tuple[Poll[Any], str] | None:
        """The gated route the app's URL map finds for the request's path and
        its token (None: another route, or none); a crowd asks the same few
        hundred paths, so each is matched once."""
        key = (environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""))
        if key in self._matched:
            return self._matched[key]
        asked = Request(environ)
        try:
            endpoint, values = self._routes(asked.root_path).match(asked.path, method="GET")
        except (HTTPException, RequestRedirect):
            endpoint, values = None, {}
        poll = self.polls.get(endpoint or "")
        found = None if poll is None else (poll, values["token"])
        if len(self._matched) >= PATHS_KEPT:
            self._matched.clear()
        self._matched[key] = found
        return found

    def _routes(self, root: str) -> MapAdapter:
        """The app's URL map, bound once for the path it is mounted at (the
        host takes no part in matching: the map has no host or subdomain rules)."""
        adapter = self._adapters.get(root)
        if adapter is None:
            if len(self._adapters) >= HOSTS_KEPT:
                self._adapters.clear()
            adapter = self._adapters[root] = self.app.url_map.bind("", script_name=root or "/")
        return adapter

    def _trusted(self, environ: WSGIEnvironment) -> bool:
        """True when the app answers to the request's Host (as the app
        decides it: werkzeug's trusted hosts, from the app's configuration)."""
        trusted = self.app.config.get("TRUSTED_HOSTS")
        if not trusted:
            return True
        sent = environ.get("HTTP_HOST", "")
        key = (sent, id(trusted))  # a list the configuration is given anew is judged anew
        known = self._hosts.get(key)
        if known is None:
            asked = Request(environ)
            asked.trusted_hosts = trusted
            try:
                asked.host  # noqa: B018 - raises for a Host the app doesn't answer to
                known = True
            except SecurityError:
                known = False
            if len(self._hosts) >= HOSTS_KEPT:
                self._hosts.clear()
            self._hosts[key] = known
        return known
