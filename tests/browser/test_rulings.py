"""The rulings pages in real headless Chromium at phone size: the search box
filters live as you type, and the rulings, the payout chart and the presets
comparison fit a 390 px screen (screenshots in tests/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.db.models import GameTable, db
from tests.browser.steps import SCREENSHOTS, screenshot, start

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def page_width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def visible_rulings(page: Any) -> list[str]:
    return page.locator("#rulings-list article.ruling").evaluate_all(
        "nodes => nodes.map(n => n.dataset.ruling)")


def table_id_from(url: str) -> int:
    return int(url.split("/t/")[1].split("/")[0])


def test_typing_in_the_search_box_filters_the_rulings_live(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    table_id = table_id_from(page.url)
    page.goto(f"{live_server}/t/{table_id}/rulings")
    everything = visible_rulings(page)
    page.evaluate("window.stillHere = true")

    page.locator("#q").press_sequentially("buried", delay=30)
    page.wait_for_selector("#rulings-list .search-count")
    found = visible_rulings(page)
    assert "called-ace-buried" in found
    assert 0 < len(found) < len(everything)
    assert page.evaluate("window.stillHere") is True  # swapped in place, no reload
    assert "q=buried" in page.url
    screenshot(page, "rulings-search-buried")

    page.locator("#q").fill("can the picker call an ace he holds")
    expect(page.locator("#rulings-list article").first).to_have_id("ruling-call-own-ace")
    marked = page.locator("#rulings-list mark").all_inner_texts()
    assert marked and {m.casefold() for m in marked} <= {
        "picker", "call", "calls", "called", "calling", "ace", "aces", "hold", "holds"}
    page.screenshot(path=str(SCREENSHOTS / "rulings-search-question.png"))

    page.locator("#q").fill("zebra")
    page.wait_for_selector("#rulings-list .search-none")
    assert visible_rulings(page) == []

    page.locator("#q").fill("")
    expect(page.locator("#rulings-list article")).to_have_count(len(everything))
    assert page_width(page) <= 390


def test_the_rulings_chart_and_comparison_read_on_a_phone(page: Any, live_server: str,
                                                          live_app: Flask) -> None:
    start(page, live_server, "imsa")
    table_id = table_id_from(page.url)
    page.goto(f"{live_server}/t/{table_id}/rulings")
    screenshot(page, "rulings-table")
    assert page_width(page) <= 390

    page.locator(".jump a", has_text="Payout chart").click()
    chart = page.locator("#chart")
    SCREENSHOTS.mkdir(exist_ok=True)
    chart.screenshot(path=str(SCREENSHOTS / "rulings-chart.png"))
    for wrap in page.locator("#chart .chart-wrap").all():
        assert wrap.evaluate("n => n.scrollWidth <= n.clientWidth")  # fits without scrolling
    page.locator(".segmented a", has_text="Doubled hand").click()
    page.wait_for_url("**doubled=1**")
    chart.screenshot(path=str(SCREENSHOTS / "rulings-chart-doubled.png"))
    assert page_width(page) <= 390

    with live_app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    viewer = page.context.browser.new_page(viewport={"width": 390, "height": 844})
    viewer.goto(f"{live_server}/s/{token}/rulings")
    viewer.locator("#q").press_sequentially("crack", delay=30)
    viewer.wait_for_selector("#rulings-list .search-count")
    assert "cracks" in visible_rulings(viewer)
    assert viewer.locator("form[method=post]").count() == 0
    viewer.close()

    page.goto(f"{live_server}/presets")
    screenshot(page, "rulings-presets-compared")
    assert page_width(page) <= 390
    strip = page.locator(".compare-strip")
    assert strip.evaluate("n => n.scrollWidth > n.clientWidth")  # swipe sideways for more
    page.locator(".jump a", has_text="Seven-handed").click()
    page.wait_for_timeout(400)
    assert page.locator("#preset-seven-handed").is_visible()


def test_the_start_page_payouts_fit_a_phone(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    page.locator("#preset-payouts summary").click()
    table = page.locator("#preset-payouts table")
    table.screenshot(path=str(SCREENSHOTS / "start-preset-payouts.png"))
    assert table.evaluate("n => n.getBoundingClientRect().right") <= 390
    assert page_width(page) <= 390
