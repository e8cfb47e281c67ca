"""docs/examples/league-standings.html, served by another site (another
origin), reads a league's standings from the app in Chromium with the
group's share token, and can't with its edit token: the browser refuses to
hand the edit token's answer to another site's script."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.web.sheet_helpers import group_with_a_night

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        pass


@pytest.fixture()
def league_site() -> Iterator[str]:
    """Another origin (``localhost``, another port) serving the examples."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(_Quiet, directory=str(EXAMPLES)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_league_site_shows_the_standings_with_the_share_token(
        page: Any, live_app: Flask, live_server: str, league_site: str) -> None:
    group = group_with_a_night(live_app.test_client())
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{league_site}/league-standings.html#api={live_server}&group={group['id']}"
              f"&token={group['view_token']}")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(5)
    expect(page.locator("#status")).to_have_text("1 night, 2 hands")
    expect(page.locator("#standings tbody tr[data-player=Ann] td").nth(3)).to_have_text("+$0.25")
    screenshot(page, "cors-league-standings-390")

    page.goto("about:blank")
    page.goto(f"{league_site}/league-standings.html#api={live_server}&group={group['id']}"
              f"&token={group['edit_token']}")
    expect(page.locator("#status")).to_contain_text("Couldn't read the standings")
    expect(rows).to_have_count(0)
