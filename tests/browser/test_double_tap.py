"""A double-tapped Save on a 390 × 844 phone in real Chromium: however far
apart the two taps (the second may land on the page the first led to), the
hand is stored once and the next form says "Hand 1 saved" with its Undo,
never "Not saved" after a save that landed."""

from __future__ import annotations

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
        page: Any, live_app: Flask, live_server: str, gap_ms: int) -> None:
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
    held: list[Any] = []
    if gap_ms < IN_FLIGHT_MS:
        # The second tap lands while the first save is on its way: its answer
        # is held until then.  (A touch sent just as the answer's page
        # commits is never acknowledged to Playwright, whose tap then waits
        # for ever: once in a few hundred runs.)
        page.route("**/hand/new", lambda route: held.append(route)
                   if route.request.method == "POST" else route.continue_())
    page.touchscreen.tap(x, y)  # one finger, twice on the same spot
    if gap_ms:
        page.wait_for_timeout(gap_ms)
    page.touchscreen.tap(x, y)
    if gap_ms < IN_FLIGHT_MS:
        for _ in range(EXPECT_MS // 100):  # the first save reached the route
            if held:
                break
            page.wait_for_timeout(100)
        page.unroute("**/hand/new")
        for route in held:
            route.continue_()
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
