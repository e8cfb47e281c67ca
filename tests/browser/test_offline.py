"""Keeping score with no network, in real Chromium: the app installs, its pages
open from the service worker's copies, hands saved offline wait on the phone
(IndexedDB) and land in order when the server answers again, and a hand that
waited while another phone changed the night is shown, not merged."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import record, start, tap
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page (and has kept its files)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")


def keep(page: Any, picker: str, partner: str, points: str) -> None:
    """Save a hand on the record form while the server can't be reached."""
    tap(page, "kind", "Someone picked")
    tap(page, "picker", picker)
    tap(page, "partners", partner)
    page.locator(f"button[data-points='{points}']").click()
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("kept on this phone")


def descriptions(page: Any) -> list[str]:
    rows = page.locator("tbody.hand summary .what")
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def test_three_hands_saved_offline_survive_a_closed_tab_and_land_in_order(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    controlled(page)
    record(page, picker="Ann", partners="Cat", points="61")
    page.goto(table_url)
    page.locator("nav.tabs a", has_text="Record").click()
    page.wait_for_selector("#hand-form")

    page.context.set_offline(True)
    for picker, partner, points in (("Bob", "Dan", "61"), ("Cat", "Eve", "90"),
                                    ("Dan", "Ann", "30")):
        keep(page, picker, partner, points)
    expect(page.locator("#waiting .badge.count")).to_have_text("3")
    expect(page.locator("main h1")).to_have_text("Hand 5")
    screenshot(page, "offline-waiting-form")

    context = page.context
    page.close()
    page = context.new_page()
    page.goto(table_url)
    expect(page.locator("#offline-copy")).to_contain_text(
        "Offline — showing the last saved state")
    expect(page.locator("#net-status")).to_have_text("Offline")
    expect(page.locator("#waiting .badge.count")).to_have_text("3")
    expect(page.locator("nav.tabs .waiting-count")).to_have_text("3")
    assert [li.split(" · kept")[0] for li in page.locator("#waiting li").all_inner_texts()] == [
        "Hand 2 Someone picked · Bob with Dan · 61 points",
        "Hand 3 Someone picked · Cat with Eve · 90 points",
        "Hand 4 Someone picked · Dan with Ann · 30 points"]
    screenshot(page, "offline-waiting-ledger")

    context.set_offline(False)
    expect(page.locator("#sent")).to_contain_text("3 waiting hands sent: hands 2, 3, 4.",
                                                  timeout=15000)
    expect(page.locator("#waiting")).to_be_hidden()
    assert descriptions(page) == [
        "1. Ann with Cat, 61 points · Ann dealt", "2. Bob with Dan, 61 points · Bob dealt",
        "3. Cat with Eve, 90 points · Cat dealt", "4. Dan with Ann, 30 points · Dan dealt"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
