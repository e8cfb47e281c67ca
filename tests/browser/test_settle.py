"""The end of a night in real headless Chromium at phone size: three hands,
settle up (read off the screen), a player who settles and leaves, closing
the night, the summary, a new night, and the import page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import record, screenshot, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def lines(page: Any, selector: str) -> list[str]:
    items = page.locator(f"{selector} li")
    return [" ".join(items.nth(i).inner_text().split()) for i in range(items.count())]


def test_settling_up_and_closing_a_night_on_a_phone(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    for i, name in enumerate(PLAYERS):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")
    record(page, picker="Ann", partners="Cat", points="61")
    record(page, picker="Bob", alone="Picker went alone", points="30")
    record(page, "Leaster", winner="Dan")

    page.locator("nav.tabs a", has_text="Settle up").click()
    page.wait_for_selector("#balances")
    assert lines(page, "#transfers") == ["Bob pays Ann $1.25", "Bob pays Cat $1.00",
                                         "Bob pays Dan $1.75", "Bob pays Eve $0.50"]
    screenshot(page, "settle-up")

    tap(page, "round", "Dollars")
    page.locator("#show-payments").click()
    page.wait_for_url("**round=dollars**")
    assert lines(page, "#transfers") == ["Bob pays Ann $1.00", "Bob pays Cat $1.00",
                                         "Bob pays Dan $2.00", "Bob pays Eve $1.00"]
    assert "exact $1.75" in page.locator("tr[data-player=Dan]").inner_text()
    screenshot(page, "settle-up-rounded")

    page.locator("#leaving a", has_text="Eve settles").click()
    page.wait_for_selector("#confirm-leave")  # the confirmation page, not the one before
    assert lines(page, "#transfers") == ["Bob pays Eve $0.50"]
    screenshot(page, "settle-leave-confirm")
    page.locator("#confirm-leave").click()
    page.wait_for_selector("#early-payments")
    assert lines(page, "#early-payments") == ["Bob pays Eve $0.50"]
    assert len(lines(page, "#transfers")) == 3

    page.locator("#close-link").click()
    page.locator("#confirm-close").click()
    page.wait_for_selector("#final-standings")
    assert "closed" in page.locator("#night-facts").inner_text()
    assert lines(page, "#final-standings")[0].startswith("Dan +7")
    assert page.locator("#chart polyline").count() == 5
    screenshot(page, "settle-summary")

    page.locator("#new-night").click()
    page.wait_for_url("**/hand/new")
    said = page.locator(".flash").inner_text()
    assert "New night started with the 4 players still at the table" in said  # Eve left
    assert "Only 4 remain for a 5-handed game" in said


def test_the_import_page_refuses_a_bad_file_next_to_the_box(page: Any, live_server: str
                                                            ) -> None:
    page.goto(live_server + "/import")
    screenshot(page, "settle-import")
    page.locator("#text").fill('{"format": "something-else"}')
    page.locator("#import").click()
    assert "isn't a scorekeeper export" in page.locator("#import-error").inner_text()
    screenshot(page, "settle-import-refused")
