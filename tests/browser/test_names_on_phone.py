"""Names as phones type them, on a phone (390 × 844) in real headless
Chromium: "Eve ❤️", "Hal ♠️" and "Ida 👨‍👩‍👧" (emoji with their invisible
selectors and joiners) are kept, each name fits its button on the record
form and its column in the ledger, and the emoji are drawn as one picture
each (a family is one glyph, not three faces and two boxes)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import record, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONES = ["Eve ❤️", "Hal ♠️", "Ida 👨‍👩‍👧", "Ann", "Bob"]

#: Whether an element's text is wider than its box (what overflowing looks like).
OVERFLOWS = "el => el.scrollWidth > el.clientWidth + 1"


def start(page: Any, base: str) -> None:
    page.goto(base + "/")
    for i, name in enumerate(PHONES):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("input[name=preset][value=called-ace]").check()
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")


def assert_names_fit_their_buttons(page: Any, group: str) -> None:
    labels = page.locator(f"#{group} label")
    assert labels.count() == len(PHONES)
    for i in range(labels.count()):
        label = labels.nth(i)
        found = label.bounding_box()
        assert found is not None
        assert found["x"] >= 0 and found["x"] + found["width"] <= 390, (group, i, found)
        assert found["height"] >= 44, (group, i, found)
        assert not label.evaluate(OVERFLOWS), (group, label.inner_text())
        assert not label.locator("span").evaluate(OVERFLOWS), (group, label.inner_text())


def test_names_with_emoji_fit_the_record_form_and_the_ledger(
        page: Any, live_app: Flask, live_server: str) -> None:
    start(page, live_server)
    assert [page.locator("#picker label").nth(i).inner_text().strip()
            for i in range(len(PHONES))] == PHONES
    assert_names_fit_their_buttons(page, "picker")
    page.locator("#picker label", has_text="Hal").click()
    assert_names_fit_their_buttons(page, "partners")
    screenshot(page, "names-record-form")
    # the family is drawn as one picture: about as wide as the heart, not three faces
    widths = page.evaluate("""() => ['❤️', '👨‍👩‍👧'].map(text => {
        const probe = document.createElement('span'); probe.textContent = text;
        document.body.append(probe); const width = probe.getBoundingClientRect().width;
        probe.remove(); return width; })""")
    assert widths[1] < widths[0] * 2, widths

    record(page, picker="Hal ♠️", partners="Ida 👨‍👩‍👧", points="61")
    record(page, picker="Eve ❤️", partners="Ann", points="31")
    page.locator("nav.tabs a", has_text="Ledger").click()
    page.wait_for_selector("#ledger")
    heads = page.locator("#ledger thead tr.names th[title]")
    shown = [heads.nth(i).inner_text().strip() for i in range(heads.count())]
    assert shown[:len(PHONES)] == PHONES
    for i in range(len(PHONES)):
        assert not heads.nth(i).evaluate(OVERFLOWS), shown[i]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "Hal ♠️" in page.locator("#hand-1 summary").inner_text()
    screenshot(page, "names-ledger")
