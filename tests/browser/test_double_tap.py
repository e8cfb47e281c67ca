"""A double-tapped Save on a 390 × 844 phone in real Chromium: however far
apart the two taps (the second may land on the page the first led to), the
hand is stored once and the next form says "Hand 1 saved" with its Undo,
never "Not saved" after a save that landed."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.conftest import EXPECT_MS
from tests.browser.steps import screenshot
from tests.browser.test_form_truth import chip, open_form, settled, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Two taps closer than this land while the first save is still on its way.
IN_FLIGHT_MS = 100


def holding(app: Callable[..., Any], arrived: threading.Event, go_on: threading.Event
            ) -> Callable[..., Any]:
    """``app`` (a WSGI app) holding each post of the hand form until ``go_on``
    (at most :data:`EXPECT_MS`), saying when the first has ``arrived``."""
    def held(environ: dict[str, Any], start_response: Any) -> Any:
        if environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"].endswith("/hand/new"):
            arrived.set()
            go_on.wait(EXPECT_MS / 1000)
        return app(environ, start_response)
    return held


def watch_saves(page: Any) -> dict[str, int]:
    """How many posts of the hand form were sent, and how many are answered."""
    count = {"sent": 0, "answered": 0}

    def saving(request: Any) -> bool:
        return request.method == "POST" and request.url.endswith("/hand/new")

    def sent(request: Any) -> None:
        count["sent"] += saving(request)

    def answered(request: Any) -> None:
        count["answered"] += saving(request)

    page.on("request", sent)
    page.on("requestfinished", answered)
    page.on("requestfailed", answered)
    return count


@pytest.mark.parametrize("gap_ms", [0, 60, 300, 600])
def test_a_double_tapped_save_stores_one_hand_and_says_it_was_saved(
        page: Any, live_app: Flask, live_server: str, gap_ms: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    chip(page, "61")
    expect(page.locator("#summary-line")).to_contain_text("Ann +2")
    settled(page)
    save = page.locator("#save").bounding_box()
    assert save is not None
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    saves = watch_saves(page)
    arrived, go_on = threading.Event(), threading.Event()
    if gap_ms < IN_FLIGHT_MS:
        # The second tap lands while the first save is on its way: the server
        # holds the save until both taps are in.  (A touch sent just as the
        # answer's page commits is never acknowledged to Playwright, whose tap
        # then waits for ever.)  Held in the server, not by Playwright's
        # route: once the service worker has the page, it sends the form's
        # post itself, and no route of the page sees it.
        monkeypatch.setattr(live_app, "wsgi_app", holding(live_app.wsgi_app, arrived, go_on))
    page.touchscreen.tap(x, y)  # one finger, twice on the same spot
    if gap_ms:
        page.wait_for_timeout(gap_ms)
    page.touchscreen.tap(x, y)
    if gap_ms < IN_FLIGHT_MS:
        assert arrived.wait(EXPECT_MS / 1000), "the first save reached the server"
        go_on.set()
    page.wait_for_timeout(500)  # a post the second tap waited to send is on its way
    for _ in range(EXPECT_MS // 100):  # every post answered, and its page shown
        if saves["answered"] == saves["sent"]:
            break
        page.wait_for_timeout(100)
    page.wait_for_load_state()
    expect(page.locator(".flash.saved")).to_contain_text("Hand 1 saved")
    expect(page.locator("#undo button")).to_have_text("Undo hand 1")
    assert "Not saved" not in page.locator("body").inner_text()
    assert page.locator(".field-error").count() == 0
    # Save is where it was: the second tap landed on it, not on a box that took it
    assert page.evaluate("document.activeElement.id") in ("save", "")
    assert page.locator("h1").inner_text() == "Hand 2"
    assert len(table.hands()) == 1
    screenshot(page, f"double-tap-{gap_ms}ms", full_page=False)
