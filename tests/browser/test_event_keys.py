"""The director on a phone (390 × 844) with the event's keys and file: the
table cards printed with their codes, a lost card's new code scanned by a
new phone, a co-director revoked, and the whole event exported from the
directors page and brought back from the start page; no page scrolls
sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.steps import screenshot, start_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = "\n".join(f"Player {n}, 555-01{n:02d}" for n in range(1, 12))


def _fits(page: Any) -> None:
    wide = page.evaluate("[...document.querySelectorAll('body *')].filter(e => "
                         "e.getBoundingClientRect().right > 392).slice(0, 5).map(e => "
                         "e.tagName + '.' + e.className + '#' + e.id + ' ' + "
                         "Math.round(e.getBoundingClientRect().right))")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, (page.url, wide)


def _start(page: Any, base: str) -> str:
    page.goto(base + "/e/new")
    _fits(page)
    assert page.locator("#event-file").is_visible()
    event_url = start_event(page, base, "Festival of Keys", PLAYERS)
    _fits(page)
    return event_url


def test_a_director_on_a_phone_with_codes_directors_and_the_events_file(
        browser: Any, browser_context_args: dict[str, Any], live_server: str,
        tmp_path: Path) -> None:
    director = browser.new_context(**browser_context_args).new_page()
    event_url = _start(director, live_server)
    director.locator("#print-cards").click()
    director.wait_for_selector("#card-2")
    first = director.locator("#card-1 .code code").inner_text()
    director.go_back()  # to the draw's answer, which took the session page's address
    director.wait_for_selector("#board")
    assert director.url.endswith("/sessions/1")
    director.locator("#table-1 .new-code summary").click()
    screenshot(director, "event-new-code-390x844")
    director.locator("#new-code-1").click()
    director.wait_for_selector("#codes-note")
    assert director.locator(".card").count() == 1
    fresh = director.locator("#card-1 .code code").inner_text()
    assert fresh != first
    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(f"{live_server}/claim/{first}")
    assert "Ask the director for a new card" in phone.content()
    phone.goto(f"{live_server}/claim/{fresh}")
    phone.locator("#claim").click()
    phone.wait_for_selector("nav.tabs")

    director.goto(event_url + "/directors")
    director.locator("#handover button").click()
    claim_url = director.locator("#claim-url").inner_text()
    laptop = browser.new_context(**browser_context_args).new_page()
    laptop.goto(claim_url)
    laptop.fill("#label", "Laptop 2")
    laptop.locator("#claim").click()
    laptop.wait_for_selector("#register")
    director.goto(event_url + "/directors")
    _fits(director)
    screenshot(director, "event-directors-390x844")
    director.locator("#directors button.revoke").click()
    director.wait_for_selector(".flash")
    assert "Laptop 2 can no longer direct" in director.content()
    assert laptop.goto(event_url).status == 403

    with director.expect_download() as download:
        director.locator("#export").click()
    saved = tmp_path / "event.json"
    download.value.save_as(saved)
    other = browser.new_context(**browser_context_args).new_page()
    other.goto(live_server + "/e/new#import")
    other.set_input_files("#event-file", str(saved))
    other.locator("#import-button").click()
    other.wait_for_selector("#register")
    assert "Festival of Keys is back" in other.inner_text("main")
    assert other.locator("#players tbody tr").count() == 11
    _fits(other)
    for page in (director, phone, laptop, other):
        page.context.close()
