"""Where an API request's ``Idempotency-Key`` is kept: one home per night,
group or event, so a key names one request there whatever the route (the
same key on another route is refused as reused), and one home for what
creates one."""

from __future__ import annotations

from flask import request

#: The path arguments naming the owner a request is about, most specific first.
_HOMES = (("event_id", "event"), ("group_id", "group"), ("table_id", "table"))


def key_home() -> str:
    """Where an API request's ``Idempotency-Key`` is kept: under the event,
    group or night its path names ("event:3"), or, for what creates one,
    under "new".  A key names one request in its home, whatever the route."""
    args = request.view_args or {}
    return next((f"{kind}:{args[name]}" for name, kind in _HOMES if name in args), "new")
