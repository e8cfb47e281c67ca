"""The Content-Security-Policy holds in a real browser: every page a
scorekeeper and a viewer use works with scripts and styles from this server
only (no inline script, no eval), and Chromium reports no violation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import record, screenshot, start

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_every_page_works_under_the_policy_with_no_violation(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    complaints: list[str] = []

    def watch(tab: Any) -> None:
        tab.on("console", lambda m: complaints.append(m.text)
               if "Content Security Policy" in m.text or "Refused to" in m.text else None)
        tab.on("pageerror", lambda e: complaints.append(str(e)))

    watch(page)
    start(page, live_server, "called-ace")
    policy = page.evaluate("fetch(location.href).then(r => r.headers.get("
                           "'content-security-policy'))")
    assert "script-src 'self'" in policy and "unsafe" not in policy
    page.locator("#picker label", has_text="Ann").first.click()  # the live preview (htmx)
    expect(page.locator("#preview")).to_contain_text("Not complete yet")
    record(page, picker="Ann", partners="Cat", points="61")
    for tab in ("Players", "Share", "Settle up", "Rules", "Rulings", "History", "Ledger"):
        page.locator("nav.tabs a", has_text=tab).click()
        expect(page.locator("nav.tabs a[aria-current=page]")).to_have_text(tab)
    page.locator("nav.tabs a", has_text="Rulings").click()
    expect(page.locator("nav.tabs a[aria-current=page]")).to_have_text("Rulings")
    page.locator("#q").fill("buried")  # the search swaps the results in through htmx
    expect(page.locator("#rulings-list .search-count")).to_contain_text("mention “buried”")
    expect(page.locator("#rulings-list mark").first).to_have_text(re.compile("buried", re.I))
    expect(page).to_have_url(re.compile(r"[?&]q=buried"))
    page.locator("nav.tabs a", has_text="Share").click()
    share_url = page.locator("#share-url").input_value()

    viewer = browser.new_context(**browser_context_args).new_page()
    watch(viewer)
    viewer.goto(share_url)
    record(page, picker="Bob", partners="Dan", points="61")  # the viewer updates by itself
    expect(viewer.locator('#standings li[data-player="Bob"]')).to_have_attribute(
        "data-points", "1", timeout=3000)  # −1, then +2 as picker
    screenshot(viewer, "csp-viewer")
    assert complaints == []
