"""A refused form a keyboard and a screen reader can follow, on a phone: a
refused Save opens on its summary of problems, whose link takes the keyboard
to the field; a good Save leaves the keyboard on the next hand's first choice
(the picker), with nothing scrolled; and from a page's start the picker is a
few Tabs away past the skip link."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot, start, tap
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The most Tabs from the page's start (the skip link taken) to the picker.
FEW_TABS = 4


def focused_in(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        f"document.activeElement && document.activeElement.closest({selector!r}) !== null"))


def test_a_refused_save_opens_on_its_problems_and_links_to_the_field(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.locator("button[data-points='61']").click()  # no picker named
    page.locator("#save").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    assert page.title().startswith("Error: ")
    link = summary.locator("a[href='#picker']")
    expect(link).to_contain_text("picker")
    error = page.locator("#picker-error")
    expect(error).to_be_visible()
    assert "picker-error" in (page.locator("#picker").get_attribute("aria-describedby") or "")
    screenshot(page, "error-summary-hand", full_page=False)
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    first = page.locator("#picker input:not([disabled])").first
    expect(first).to_be_focused()
    assert page.evaluate("document.activeElement.closest('#picker').getBoundingClientRect().top"
                         ) >= 0  # its names are on screen
    screenshot(page, "error-summary-hand-link", full_page=False)


def test_a_good_save_leaves_the_keyboard_on_the_next_picker(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    tap(page, "picker", PLAYERS[1])
    tap(page, "partners", PLAYERS[2])
    page.locator("button[data-points='61']").click()
    save_hand(page)
    first = page.locator("#picker input:not([disabled])").first
    expect(first).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    assert not page.title().startswith("Error")
    form = page.locator("#hand-form")
    expect(form).to_have_class(re.compile(r"\bquiet-focus\b"))  # tapped: no ring on a name
    screenshot(page, "saved-focus-on-picker", full_page=False)
    page.keyboard.press("ArrowRight")  # the keyboard picks from here, and sees where it is
    assert focused_in(page, "#picker")
    expect(form).not_to_have_class(re.compile(r"\bquiet-focus\b"))
    tap(page, "partners", PLAYERS[0])
    page.locator("button[data-points='90']").click()
    page.evaluate("document.querySelectorAll('.flash.saved').forEach(e => e.remove())")
    page.locator("#save").focus()
    page.keyboard.press("Enter")  # saved from the keyboard
    page.wait_for_selector(".flash.saved")
    expect(page.locator("#picker input:not([disabled])").first).to_be_focused()
    expect(page.locator("#hand-form")).not_to_have_class(re.compile(r"\bquiet-focus\b"))
    assert page.evaluate("window.scrollY") == 0


def test_from_the_pages_start_the_picker_is_a_few_tabs_away(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.reload()
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    tabs = 0
    while not focused_in(page, "#picker"):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= FEW_TABS, page.evaluate("document.activeElement.outerHTML")
