"""What the public pages' ETags are made of, in one place: a short, stable
id of the link (so two links never share a tag) and the version a watcher
last saw, read back from the tag its poll sends.  A tag starts with a
letter naming the owner ("v" a night, "g" a group, "e" an event) and its
version."""

from __future__ import annotations

import functools
import hashlib

from flask import request
from werkzeug.datastructures import ETags


@functools.lru_cache(maxsize=20_000)
def link_id(token: str) -> str:
    """A short id of the view token: in the tag without giving the token away
    (worked out once per token: a crowd's every answer carries it)."""
    return hashlib.sha256(token.encode()).hexdigest()[:12]


def version_tag(letter: str, version: int, *parts: object, link: str) -> str:
    """The tag of ``version``: the letter and the version first (what
    :func:`version_seen` reads back), then each part (a flag as 0 or 1), then
    the id of ``link``."""
    shown = [str(int(part)) if isinstance(part, bool) else str(part) for part in parts]
    return "-".join([f"{letter}{version}", *shown, link_id(link)])


def version_seen(letter: str, sent: ETags | None = None) -> int:
    """The version in the watcher's If-None-Match (``sent``, else the
    request's) for tags starting with ``letter`` (0 if none of ours): a
    watcher who saw a version on another process makes this one read the
    database rather than answer with less."""
    for tag in request.if_none_match if sent is None else sent:
        head = tag.split("-", 1)[0]
        if head[:1] == letter and head[1:].isdigit() and len(head) < 20:
            return int(head[1:])
    return 0
