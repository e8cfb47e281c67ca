"""Two phones keeping score for one night in real Chromium: the second phone
takes over by the QR link, then each one's stale form is refused, says what
the other phone did, and comes back refreshed with its entries kept."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import fix, record, save_hand, screenshot, second_phone, start, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_two_phones_never_overwrite_each_other(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    for picker, partner in (("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Eve")):
        record(page, picker=picker, partners=partner, points="61")
    phone = second_phone(page, browser, browser_context_args, table_url)

    # Ann's record form is open while Bob's phone saves a hand
    page.goto(table_url + "/hand/new")
    tap(page, "picker", "Eve")
    tap(page, "partners", "Ann")
    page.locator("button[data-points='90']").click()
    record(phone, picker="Ann", partners="Bob", points="61")
    page.locator("#save").click()
    page.wait_for_selector(".hand-form")
    said = page.locator("p.error").first.inner_text()
    assert "Meanwhile, Bob's phone: Recorded hand 4: Ann with Bob, 61 points." in said
    assert "Eve deals now" in said
    assert page.locator("#points").input_value() == "90"  # her entries are kept
    screenshot(page, "two-phones-stale-record")
    save_hand(page)  # on to the next hand's form
    page.goto(table_url)
    assert page.locator("tbody.hand").count() == 5

    # Ann confirms deleting hand 2 after Bob's phone deleted hand 1
    fix(page, 2, "Delete")
    page.wait_for_selector("#confirm")
    phone.goto(table_url)
    fix(phone, 1, "Delete")
    phone.locator("#confirm").click()
    phone.wait_for_selector("#ledger")
    page.locator("#confirm").click()
    page.wait_for_selector("#stale")
    assert "Delete hand 1?" in page.locator("h1").inner_text()  # the same hand, renumbered
    assert "Cat with Dan, 61 points" in page.locator("main").inner_text()
    assert "Bob's phone: Deleted hand 1: Bob with Cat" in page.locator("#stale").inner_text()
    screenshot(page, "two-phones-stale-delete")
    page.locator("#confirm").click()
    page.wait_for_selector("#ledger")
    assert page.locator("tbody.hand").count() == 3
    assert "Cat with Dan" not in page.locator("#ledger").inner_text()
    assert sum(int(v.replace("−", "-")) for v in totals(page).values()) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.context.close()
