"""A night played through real headless Chromium at phone size: start a
table, record hands of different kinds, edit one, delete one, and read the
totals off the screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import fix, record, save_hand, screenshot, start, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_night_on_a_phone_records_edits_and_deletes_hands(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    screenshot(page, "night-record-empty")
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    page.locator("button[data-points='61']").click()
    page.wait_for_selector("#preview li")
    assert "+2" in page.locator("#preview").inner_text()
    screenshot(page, "night-record-preview")
    save_hand(page)
    record(page, "Leaster", winner="Dan")
    record(page, picker="Cat", alone="Picker went alone", points="91")
    record(page, "Renege", picker="Dan", partners="Ann", offender="Bob")
    record(page, "Buried the called ace", picker="Eve")
    screenshot(page, "night-ledger-five-hands")
    assert totals(page) == {"Ann": "+1", "Bob": "−4", "Cat": "+8", "Dan": "+4", "Eve": "−9"}

    fix(page, 1, "Edit")
    page.locator("button[data-points='30']").click()
    page.locator("#save").click()
    page.wait_for_selector("#changes")
    screenshot(page, "night-confirm-edit")
    page.locator("#confirm").click()
    page.wait_for_selector("#ledger")
    assert totals(page) == {"Ann": "−9", "Bob": "+1", "Cat": "+3", "Dan": "+9", "Eve": "−4"}

    fix(page, 2, "Delete")
    page.locator("#confirm").click()
    page.wait_for_selector("#ledger")
    assert totals(page) == {"Ann": "−8", "Bob": "+2", "Cat": "+4", "Dan": "+5", "Eve": "−3"}
    assert page.locator("tbody.hand").count() == 4
    screenshot(page, "night-ledger-after-fixes")


def test_a_no_pick_table_doubles_the_next_hand_and_says_so(page: Any, live_server: str) -> None:
    start(page, live_server, "jack-of-diamonds", {"nobody_picks": "no-pick"})
    record(page, "Nobody picked: throw in")
    assert "This hand doubled (by hand 1)" in page.locator("#pending").inner_text()
    record(page, picker="Bob", partners="Eve", points="61")
    assert totals(page) == {"Ann": "−2", "Bob": "+4", "Cat": "−2", "Dan": "−2", "Eve": "+2"}
    assert page.locator("#pending").count() == 0
    screenshot(page, "night-no-pick-doubled")


def test_every_night_page_fits_a_phone_screen(page: Any, live_server: str) -> None:
    start(page, live_server, "sheephead-4")
    table = page.url.split("/t/")[0] + "/t/" + page.url.split("/t/")[1].split("/")[0]
    for path in ("", "/hand/new", "/players", "/rules", "/history", "/share", "/settle",
                 "/rulings", "/summary"):
        page.goto(table + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path or 'ledger'} is {width}px wide"
        tabs = page.locator("nav.tabs a")
        assert tabs.count() == 8, path
        for i in range(tabs.count()):
            box = tabs.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, \
                f"the {tabs.nth(i).inner_text()} tab is cut off on {path or 'ledger'}"
    page.goto(table + "/players")
    screenshot(page, "night-players")


def test_a_common_hand_takes_four_taps_from_one_hand_to_the_next(page: Any,
                                                                  live_server: str) -> None:
    """Picker, partner, a points chip, Save: nothing typed, nothing else to open, and
    the next hand's form is there straight away, with what the last one paid."""
    start(page, live_server, "called-ace")
    for number, (picker, partner, points) in enumerate(
            (("Dan", "Bob", "91"), ("Eve", "Cat", "61")), start=1):
        tap(page, "picker", picker)
        tap(page, "partners", partner)
        page.locator(f"button[data-points='{points}']").click()
        pressed = page.locator(".chips [aria-pressed=true]")
        assert pressed.count() == 1 and pressed.inner_text() == points
        page.locator("#save").click()
        # the form's URL is the same before and after: wait for this hand's message
        page.wait_for_selector(f".flash.saved:has-text('Hand {number} saved')")
        assert page.url.endswith("/hand/new")
    assert "Hand 2 saved: Eve with Cat, 61 points. Eve +2, Cat +1" in page.locator(
        ".flash.saved").inner_text()
    assert page.locator("h1").inner_text() == "Hand 3"
    assert page.locator("#undo button").bounding_box()["height"] >= 44
    screenshot(page, "night-saved-next-hand")
    assert totals(page) == {"Ann": "−3", "Bob": "+1", "Cat": "−1", "Dan": "+3", "Eve": "0"}


def test_undo_takes_the_last_hand_back_into_the_form(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    page.locator("button[data-points='61']").click()
    page.locator("#save").click()
    page.wait_for_selector("#undo")
    page.locator("#undo button").click()
    page.wait_for_selector("text=Hand 1 taken back")
    assert page.locator("h1").inner_text() == "Hand 1"
    assert page.locator("#picker input[value=Ann]").is_checked()
    assert page.locator("#partners input[value=Cat]").is_checked()
    assert page.locator("#points").input_value() == "61"
    screenshot(page, "night-undone")
    page.locator("button[data-points='91']").click()
    save_hand(page)
    assert totals(page) == {"Ann": "+4", "Bob": "−2", "Cat": "+2", "Dan": "−2", "Eve": "−2"}
