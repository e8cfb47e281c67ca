"""Sending a page's form as a browser sends it: the fields the page wrote
into it (its hidden version, the player's number, its token), with what the
person typed or tapped on top.  A test that posts to a page write route
without opening the page first would leave out the version the form names,
and be refused as a form from no page."""

from __future__ import annotations

import re
from collections.abc import Mapping
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


class _Hidden(HTMLParser):
    """Each POST form of a page: its action's path and its hidden fields."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._open = {}
            self.forms.append((urlsplit(a.get("action", "")).path, self._open))
        elif tag == "input" and self._open is not None and a.get("type") == "hidden" \
                and a.get("name"):
            self._open[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def as_shown(client: FlaskClient, page: str, action: str,
             data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with the hidden fields of the form on ``page`` that posts to
    ``action`` (of the row ``data`` names by its ``number``, where the page
    has one such form a player)."""
    shown = client.get(page)
    assert shown.status_code == 200, (page, shown.status_code)
    parser = _Hidden()
    parser.feed(shown.get_data(as_text=True))
    path = urlsplit(action).path
    for found, hidden in parser.forms:
        if found == path and str(data.get("number", hidden.get("number"))) == \
                hidden.get("number", str(data.get("number"))):
            return {**hidden, **{k: v for k, v in data.items() if v is not None}}
    raise AssertionError(f"no form on {page} posts to {action}")


def post_form(client: FlaskClient, action: str, data: Mapping[str, Any] | None = None,
              page: str | None = None, **options: Any) -> TestResponse:
    """Open ``page`` (an event's write shows on its session's page, or on
    its home page), then send its form for ``action`` with ``data`` typed in."""
    if page is None:
        shown = re.match(r"/e/\d+(?:/sessions/\d+)?", urlsplit(action).path)
        assert shown is not None, f"say which page shows the form for {action}"
        page = shown.group(0)
    return client.post(action, data=as_shown(client, page, action, data or {}), **options)
