"""The director on a phone and on a laptop: start an event, paste 23
players, check them in, draw session 1 (tables of 6, 6, 6 and 5), swap two
and print the table cards, one to a page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import SCREENSHOTS, screenshot
from tests.browser.test_event_print import _director

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = "\n".join(f"Player {n}, 555-01{n:02d}" for n in range(1, 24))


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_director_registers_draws_swaps_and_prints(browser: Any, live_server: str,
                                                     width: int, height: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    size = f"{width}x{height}"
    page.goto(live_server + "/")
    page.locator("#run-tournament a").click()
    page.fill("input[name=name]", "Kohler Falls Oktoberfest")
    page.locator("input[name=preset][value=jack-of-diamonds]").check()
    screenshot(page, f"event-new-{size}")
    page.locator("#start").click()
    page.wait_for_selector("#register")
    page.locator("#paste summary").click()
    page.fill("#pasted", PLAYERS)
    page.locator("#add-list").click()
    page.wait_for_selector("#p23")
    assert "23</strong> registered" in page.content()
    for n in range(1, 24):
        page.locator(f"#p{n} button.check-in").click()
        page.wait_for_selector(f"#p{n} button[aria-pressed=true]")
    assert "<strong>23</strong> checked in" in page.content()
    screenshot(page, f"event-home-{size}")
    # the player list, contacts and all, fits the screen: no swipe inside it
    assert page.evaluate("document.querySelector('.grid-wrap').scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.goto(page.url.split("#")[0] + "/sessions/1")
    page.locator("#draw-new").click()
    page.wait_for_selector("#board")
    sizes = [page.locator(f"#table-{t} li").count() for t in range(1, 5)]
    assert sorted(sizes) == [5, 6, 6, 6]
    first = page.locator("#table-1 li").first.inner_text()
    page.locator("#swap input[name=a]").fill(first.split()[0].lstrip("#"))
    last = page.locator("#table-4 li").first.inner_text()
    page.locator("#swap input[name=b]").fill(last.split()[0].lstrip("#"))
    page.locator("#swap button").click()
    page.wait_for_selector(".flash")
    assert page.locator("#table-4 li").first.inner_text().endswith(
        first.split(" ", 1)[1])
    screenshot(page, f"event-session-{size}")
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.locator("#print-cards").click()
    page.wait_for_selector(".card")
    assert page.locator(".card svg").count() == 4
    page.evaluate("window.print = () => { window.printed = true; }")  # no dialog in a test
    page.locator("#print").click()
    assert page.evaluate("window.printed") is True
    sheet = page.locator("link[href*='page-letter.']").get_attribute("href")
    assert page.evaluate(f"fetch('{sheet}').then(r => r.text())").count("size: letter") == 1
    assert refused == []  # the print page keeps the site's policy (no inline script or style)
    page.emulate_media(media="print")
    assert page.locator(".no-print").count() == 2  # the links, and what the codes are
    for note in page.locator(".no-print").all():  # once the print style sheet has loaded
        expect(note).to_be_hidden()
    breaks = page.evaluate("[...document.querySelectorAll('.card')].map("
                           "c => getComputedStyle(c).breakAfter)")
    assert breaks[:3] == ["page"] * 3
    screenshot(page, f"event-cards-print-{size}")
    pdf = page.pdf(path=str(SCREENSHOTS / f"event-cards-{size}.pdf"),
                   prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 4  # one card a page
    page.context.close()


def test_a_check_in_button_is_named_by_its_words_then_whose_it_is(
        browser: Any, live_app: Flask, live_server: str) -> None:
    """WCAG 2.5.3, label in name: a check-in button's name starts with the
    words it shows ("Check in", "Here"; the tick is its pressed state), then
    says whose it is, so "click Here" works for a voice and the list reads
    "Here: Ann, pressed"."""
    api = live_app.test_client()
    made = api.post("/api/v1/events", json={"name": "Lodge Cup", "preset": "called-ace"})
    event = made.get_json()
    auth = {"Authorization": f"Bearer {event['director_token']}"}
    assert api.post(f"/api/v1/events/{event['id']}/players", headers=auth, json={
        "players": [{"name": "Ann"}, {"name": "Bob"}]}).status_code == 201
    page = _director(browser, live_app, live_server, event["id"], event["director_token"])
    page.goto(f"{live_server}/e/{event['id']}")
    button = page.locator("#p1 button.check-in")
    assert button.inner_text() == "Check in"
    expect(button).to_have_accessible_name("Check in: Ann")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    assert button.inner_text() == "✓ Here"
    expect(button).to_have_accessible_name("Here: Ann")
    expect(page.locator("#p2 button.check-in")).to_have_accessible_name("Check in: Bob")
    page.context.close()
