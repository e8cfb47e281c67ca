"""Sharing in real headless Chromium: the scorekeeper's phone records hands,
another phone watches the share link, and the totals move there within 2
seconds of a save, without a reload.  Also the take-over code with CSRF on.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def start(page: Any, base: str) -> str:
    """Start a five-handed table on this phone; returns the table's URL."""
    page.goto(base + "/")
    for i, name in enumerate(PLAYERS):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("input[name=preset][value=called-ace]").check()
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")
    return page.url.rsplit("/hand/new", 1)[0]


def record(page: Any, table_url: str, picker: str, partner: str, points: int) -> None:
    page.goto(table_url + "/hand/new")
    page.locator("#picker label", has_text=picker).first.click()
    page.locator("#partners label", has_text=partner).first.click()
    page.locator(f"button[data-points='{points}']").click()
    save_hand(page)


def points_of(page: Any, name: str) -> str:
    return page.locator(f'#standings li[data-player="{name}"]').get_attribute("data-points")


def test_a_viewer_sees_new_totals_within_two_seconds_without_reloading(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    table_url = start(page, live_server)
    record(page, table_url, "Ann", "Cat", 61)
    page.locator("nav.tabs a", has_text="Share").click()
    share_url = page.locator("#share-url").input_value()
    assert "/s/" in share_url
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("button[data-copy]").click()
    # (waits go through locators: the page's Content-Security-Policy forbids eval)
    expect(page.locator("#copy-status")).not_to_have_text("")
    assert page.locator("#copy-status").inner_text() == "Link copied."
    assert page.evaluate("navigator.clipboard.readText()") == share_url
    screenshot(page, "share-scorekeeper-qr")

    viewer = browser.new_context(**browser_context_args).new_page()
    live = []
    viewer.on("response", lambda r: live.append(r.status) if "/live" in r.url else None)
    viewer.goto(share_url)
    assert points_of(viewer, "Ann") == "2"
    viewer.evaluate("window.stillThisPage = true; "
                    "document.getElementById('live').dataset.firstRender = 'yes'")
    viewer.wait_for_timeout(2500)
    assert len(live) >= 2 and set(live) == {304}, live  # idle: 304s, and nothing swapped
    assert viewer.evaluate("document.getElementById('live').dataset.firstRender") == "yes"
    screenshot(viewer, "share-viewer")

    record(page, table_url, "Bob", "Dan", 61)  # Ann defends: +2 − 1 = 1
    expect(viewer.locator('#standings li[data-player="Ann"]')).to_have_attribute(
        "data-points", "1", timeout=2000)
    assert viewer.evaluate("window.stillThisPage") is True
    assert points_of(viewer, "Bob") == "1" and 200 in live
    assert viewer.locator("#recent li").first.get_attribute("id") == "recent-2"
    assert viewer.locator("form").count() == 0
    screenshot(viewer, "share-viewer-after-save")

    viewer.goto(share_url + "/tv")
    assert viewer.locator("body.tv #standings").is_visible()
    screenshot(viewer, "share-big-screen")
    viewer.set_viewport_size({"width": 1280, "height": 720})
    screenshot(viewer, "share-big-screen-wide")
    viewer.context.close()


def test_a_second_phone_takes_over_scoring_by_the_qr_link(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    table_url = start(page, live_server)
    page.goto(table_url + "/share")
    page.locator("#show-handover").click()
    page.wait_for_selector("#handover-qr")
    claim_url = page.locator("#claim-url").text_content()
    screenshot(page, "share-handover-qr")

    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(claim_url)
    screenshot(phone, "share-claim")
    phone.locator("#label").fill("Bob's phone")
    phone.locator("#claim").click()
    phone.wait_for_selector("#ledger")
    assert "keeps score" in phone.locator(".flash").inner_text()

    page.goto(table_url + "/share")
    assert "Bob's phone" in page.locator("#editors").inner_text()
    page.locator("#editors li", has_text="Bob's phone").locator("button.revoke").click()
    page.wait_for_selector(".flash")
    screenshot(page, "share-editors")
    phone.goto(table_url)
    assert "scorekeeper" in phone.locator("main").inner_text().lower()
    assert phone.locator("#ledger").count() == 0
    phone.context.close()


def test_a_screen_reader_hears_each_new_hand_once_in_the_servers_words(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    """The share page swaps its live part silently (no live region in it, so
    nothing is read again); a polite status outside it says the hand just
    saved, in the words the scorekeeper's own phone said it with, and says
    nothing for a change that brings no hand."""
    table_url = start(page, live_server)
    record(page, table_url, "Ann", "Cat", 61)
    page.locator("nav.tabs a", has_text="Share").click()
    share_url = page.locator("#share-url").input_value()

    viewer = browser.new_context(**browser_context_args).new_page()
    viewer.goto(share_url)
    news = viewer.locator("#live-news")
    assert news.get_attribute("role") == "status"
    assert news.get_attribute("aria-live") == "polite"
    assert viewer.locator("#live #live-news, #live[aria-live], #live [aria-live]").count() == 0
    expect(news).to_have_text("")  # what the page opened with is not news
    news.evaluate("n => { window.told = []; new MutationObserver(() => "
                  "window.told.push(n.textContent)).observe(n, {childList: true}); }")

    record(page, table_url, "Bob", "Dan", 61)
    saved = " ".join(page.locator(".flash.saved").text_content().split())
    assert saved.startswith("Hand 2 saved: Bob with Dan, 61 points. Bob +2, Dan +1")
    line = "Hand 2: " + saved.removeprefix("Hand 2 saved: ")
    expect(news).to_have_text(line, timeout=3000)
    expect(viewer.locator("#recent li").first).to_have_attribute("data-news", line)

    page.goto(table_url + "/players")  # Eve leaves: the live part changes, no hand
    page.locator("ul.standings li", has_text="Eve").locator("button[value=leave]").click()
    expect(viewer.locator('#standings li[data-player="Eve"]')).to_contain_text("left",
                                                                               timeout=3000)
    assert viewer.evaluate("window.told") == [line]  # said once, not again at the swap
    viewer.context.close()
