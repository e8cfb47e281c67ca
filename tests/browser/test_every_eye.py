"""For every eye and every phone, in real headless Chromium at 390 × 844: a
chosen pill is more than a colour (with the system's colours forced it takes
the highlight and a tick), and a night's pages keep the screen awake (asked
again when the page is shown after being hidden)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOOK = """(label) => {
    const span = label.querySelector('span');
    const style = getComputedStyle(span);
    return {mark: getComputedStyle(span, '::before').content, background: style.backgroundColor,
            color: style.color};
}"""


def test_a_chosen_pill_shows_in_forced_colors(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.emulate_media(forced_colors="active")
    tap(page, "picker", "Ann")
    chosen = page.locator("#picker label", has_text="Ann").evaluate(LOOK)
    other = page.locator("#picker label", has_text="Bob").evaluate(LOOK)
    assert "✓" in chosen["mark"] and "✓" not in other["mark"], (chosen, other)
    assert chosen["background"] != other["background"] and chosen["color"] != other["color"]
    page.locator("button[data-points='61']").click()
    chip = page.locator("button[data-points='61']")
    expect(chip).to_have_attribute("aria-pressed", "true")
    assert "✓" in chip.evaluate("c => getComputedStyle(c, '::before').content")
    screenshot(page, "forced-colors-record", full_page=False)
    page.emulate_media(forced_colors="none")
    plain = page.locator("#picker label", has_text="Ann").evaluate(LOOK)
    assert "✓" not in plain["mark"]  # the usual look: the chosen pill's own colours


FAKE_WAKE_LOCK = """
window.__locks = [];
window.__shown = 'visible';
Object.defineProperty(document, 'visibilityState', {get: () => window.__shown});
Object.defineProperty(navigator, 'wakeLock', {value: {request: async (kind) => {
    const lock = new EventTarget();
    lock.release = async () => lock.dispatchEvent(new Event('release'));
    window.__locks.push(kind);
    window.__lock = lock;
    return lock;
}}});
"""


def test_a_nights_page_keeps_the_screen_awake(page: Any, live_server: str) -> None:
    page.add_init_script(FAKE_WAKE_LOCK)
    start(page, live_server, "called-ace")
    page.wait_for_function("window.__locks.length === 1")
    assert page.evaluate("window.__locks") == ["screen"]
    # hidden: the browser lets the lock go; shown again: it is asked again
    page.evaluate("""() => { window.__shown = 'hidden'; window.__lock.release();
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    assert page.evaluate("window.__locks.length") == 1
    page.evaluate("""() => { window.__shown = 'visible';
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_function("window.__locks.length === 2")
    page.goto(page.url.rsplit("/hand/new", 1)[0])  # the ledger keeps it too
    page.wait_for_function("window.__locks.length === 1")


def test_the_first_tab_skips_the_top_bar_to_the_page(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    edges = skip.bounding_box()
    assert edges is not None and edges["y"] >= 0 and edges["height"] >= 40
    screenshot(page, "skip-link", full_page=False)
    page.keyboard.press("Enter")  # the page's start is where the keyboard goes on from
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('main') !== null")
    assert focused  # the next stop is the page's, not the top bar's
