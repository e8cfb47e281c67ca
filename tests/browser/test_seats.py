"""The Players page's seats at phone size: ↑ and ↓ on every row fit the
screen with the roster buttons, a tap moves a player, and a joiner sits
after the player chosen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_seats_change_on_the_players_page_at_phone_size(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.locator("nav.tabs a", has_text="Players").click()
    page.wait_for_selector("#seat-help")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in page.locator(".roster-actions button, .roster-actions [role=button]").all():
        edges = button.bounding_box()
        assert edges is not None and edges["x"] >= 0 and edges["x"] + edges["width"] <= 390
        assert edges["height"] >= 44 and edges["width"] >= 44
    page.get_by_role("button", name="Move Cat down a seat").click()
    expect(page.locator(".flash")).to_contain_text("Seats are now Ann, Bob, Dan, Cat, Eve")
    page.locator("input[name=name][type=text]").fill("Fay")
    page.select_option("#join-after", "Bob")
    page.get_by_role("button", name="Add to the table").click()
    expect(page.locator(".flash")).to_contain_text("Fay joined, after Bob")
    rows = page.locator(".standings li > span:first-child")
    assert [rows.nth(i).inner_text().strip() for i in range(rows.count())] == [
        "Ann", "Bob", "Fay", "Dan", "Cat", "Eve"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "players-seats")
