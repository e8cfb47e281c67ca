"""Saying the hand in real headless Chromium at phone size: the words typed
(or dictated by the keyboard's microphone) fill the form and show the
preview before anything is saved; Save records it; what can't be placed is
said back next to the box."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot, start, totals

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_saying_a_hand_fills_the_form_and_previews_it_before_save(page: Any,
                                                                  live_server: str) -> None:
    complaints: list[str] = []  # say.js lives under the app's strict policy
    page.on("console", lambda m: complaints.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.on("pageerror", lambda e: complaints.append(str(e)))
    start(page, live_server, "called-ace")
    box = page.locator("#say-text")
    expect(box).to_be_visible()
    for part in (box, page.locator("#say button")):
        edges = part.bounding_box()
        assert edges is not None and edges["x"] >= 0 and edges["x"] + edges["width"] <= 390
        assert edges["height"] >= 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "say-empty")

    box.fill("Ann with Fred 80")
    box.press("Enter")
    expect(page.locator("#say-heard")).to_have_text("I didn't catch 'Fred'.")
    assert box.get_attribute("aria-invalid") == "true"
    screenshot(page, "say-question")

    box.fill("Ann with Cat 75")
    box.press("Enter")
    expect(page.locator("#say-heard")).to_contain_text("Heard: Ann with Cat, 75 points")
    expect(page.locator("#picker input[value=Ann]")).to_be_checked()
    expect(page.locator("#partners input[value=Cat]")).to_be_checked()
    expect(page.locator("#points")).to_have_value("75")
    expect(page.locator("#preview")).to_contain_text("Ann +2")
    screenshot(page, "say-filled")
    assert page.locator("#pending").count() == 0 and not page.locator(".flash.saved").count()

    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text("Hand 1 saved: Ann with Cat, 75 points")
    screenshot(page, "say-saved")
    assert totals(page)["Ann"] == "+2"
    assert complaints == []
