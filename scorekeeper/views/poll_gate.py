"""The unchanged poll, answered in front of the app.

Every phone watching a table or a leaderboard polls its live fragment once a
second, and almost every poll's answer is "nothing changed" (304).  Built
as a Flask request, that answer costs the app about half a millisecond of
CPU: the request and its context, the session interface, the URL adapter,
the loaders, the after-request headers.  A festival hall is two thousand of
them a second.

This WSGI layer sits in front of the app (inside the Host lower-casing) and
answers such a poll itself: a GET with an ``If-None-Match`` to one of the
:class:`~scorekeeper.views.live_viewer.Poll` routes the views declare, from
a Host the app answers to, whose tag names the owner's current version.  It
asks what the route would ask, the same way: the app's own URL map finds
the route and its token, werkzeug's request parses the query and the tags,
the route's own :class:`~scorekeeper.views.live_viewer.LiveViewer` reads
the version board and makes the tag, and the 304 carries the headers the
app's after-request would send (:func:`scorekeeper.views.caching.unchanged_headers`).
Anything else (a changed version, an unknown link, a bad Host, another
route, the database busy) goes on to the app untouched, which answers it
as always.  So the gate can only ever say sooner what the app says.

Only public routes are gated (their permission is declared PUBLIC: any
holder of the view link may poll), and the gate checks that when it is built.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import HTTPException, SecurityError
from werkzeug.routing import MapAdapter, RequestRedirect
from werkzeug.wrappers import Request

from scorekeeper.services.policy import OwnerAction
from scorekeeper.views.access import declared
from scorekeeper.views.caching import unchanged_headers
from scorekeeper.views.etags import version_seen
from scorekeeper.views.live_viewer import Poll

#: Host headers whose judgement is kept (any more and the list starts again).
HOSTS_KEPT = 64

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask import Flask


class PollGate:
    """``wsgi_app`` with the unchanged polls of ``polls`` answered first."""

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
        self._hosts: dict[str, bool] = {}
        self._adapters: dict[str, MapAdapter] = {}

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> Iterable[bytes]:
        if (environ.get("REQUEST_METHOD") == "GET" and environ.get("HTTP_IF_NONE_MATCH")
                and environ.get("PATH_INFO", "").rsplit("/", 1)[-1] in self.tails):
            etag = self.unchanged(environ)
            if etag is not None:
                start_response("304 NOT MODIFIED", unchanged_headers(etag))
                return ()
        return self.wsgi_app(environ, start_response)

    def unchanged(self, environ: WSGIEnvironment) -> str | None:
        """The tag of the 304 the app would answer this request with, or
        None when the app must answer it."""
        asked = Request(environ)
        if not self._trusted(asked):
            return None
        try:
            endpoint, values = self._routes(asked.root_path).match(asked.path, method="GET")
        except (HTTPException, RequestRedirect):
            return None
        poll = self.polls.get(endpoint)
        if poll is None:
            return None
        token, watchers, sent = values["token"], poll.watchers, asked.if_none_match
        wanted = poll.asked(asked.args)
        seen = version_seen(watchers.letter, sent)
        head = watchers.board.fresh(token, seen)
        if head is None:
            with self.app.app_context():  # the board reads the database
                head = watchers.board.peek(token, seen)
        if head is None:  # no such link, or the database busy: the app says so
            return None
        return watchers.unchanged(token, wanted, sent, head)


    def _routes(self, root: str) -> MapAdapter:
        """The app's URL map, bound once for the path it is mounted at (the
        host takes no part in matching: the map has no host or subdomain rules)."""
        adapter = self._adapters.get(root)
        if adapter is None:
            if len(self._adapters) >= HOSTS_KEPT:
                self._adapters.clear()
            adapter = self._adapters[root] = self.app.url_map.bind("", script_name=root or "/")
        return adapter

    def _trusted(self, asked: Request) -> bool:
        """True when the app answers to the request's Host (as the app
        decides it: werkzeug's trusted hosts, from the app's configuration)."""
        trusted = self.app.config.get("TRUSTED_HOSTS")
        if not trusted:
            return True
        sent = asked.environ.get("HTTP_HOST", "")
        known = self._hosts.get(sent)
        if known is None:
            asked.trusted_hosts = trusted
            try:
                asked.host  # noqa: B018 - raises for a Host the app doesn't answer to
                known = True
            except SecurityError:
                known = False
            if len(self._hosts) >= HOSTS_KEPT:
                self._hosts.clear()
            self._hosts[sent] = known
        return known
