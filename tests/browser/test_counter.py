"""The card-point counter in real headless Chromium at phone size: tap the
point cards a side took, read its total and the other side's, take a card
back, put the total in the points box and save the hand."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot, start, tap, totals

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def card(page: Any, name: str) -> Any:
    return page.locator(f"#counter [data-card='{name}']")


def test_counting_cards_fills_the_points_box_and_the_hand_saves(page: Any,
                                                                live_server: str) -> None:
    complaints: list[str] = []  # the counter lives under the app's strict policy
    page.on("console", lambda m: complaints.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.on("pageerror", lambda e: complaints.append(str(e)))
    start(page, live_server, "called-ace")
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    counter = page.locator("#counter")
    expect(counter).to_be_hidden()
    page.get_by_role("button", name="Count cards").click()
    expect(counter).to_be_visible()
    assert page.locator("#count-cards").get_attribute("aria-expanded") == "true"
    assert counter.locator("[data-card]").count() == 20

    for name in ("A♥", "10♥", "K♣", "Q♠", "J♦"):
        card(page, name).click()
    expect(page.locator("#counter-total")).to_have_text("30")
    expect(page.locator("#counter-other")).to_have_text("90")
    expect(page.locator("#counter-side")).to_have_text("Picking side")
    expect(counter.locator("[aria-pressed=true]")).to_have_count(5)
    screenshot(page, "counter-thirty")

    card(page, "A♥").click()  # tapped again: taken back, never counted twice
    assert card(page, "A♥").get_attribute("aria-pressed") == "false"
    expect(page.locator("#counter-total")).to_have_text("19")
    expect(page.locator("#counter-other")).to_have_text("101")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for i in range(20):
        box = counter.locator("[data-card]").nth(i).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390

    page.get_by_role("button", name="Use 19 points").click()
    expect(counter).to_be_hidden()
    expect(page.locator("#points")).to_have_value("19")
    expect(page.locator("#preview li").first).to_be_visible()  # the change reached htmx
    assert "Ann −8" in " ".join(page.locator("#preview").inner_text().split())
    screenshot(page, "counter-used")

    save_hand(page)
    # 19 is schneidered: each defender wins 4, the picker pays double.
    assert totals(page) == {"Ann": "−8", "Bob": "+4", "Cat": "−4", "Dan": "+4", "Eve": "+4"}
    assert complaints == []


def test_the_counter_counts_the_defense_and_clears(page: Any, live_server: str) -> None:
    start(page, live_server, "sheephead-4")
    tap(page, "count-side", "Defense")
    page.get_by_role("button", name="Count cards").click()
    for suit in "♣♠♥♦":
        for rank in ("A", "10", "K", "Q", "J"):
            card(page, rank + suit).click()
    expect(page.locator("#counter-side")).to_have_text("Defense")
    expect(page.locator("#counter-total")).to_have_text("120")  # the whole deck, no more
    expect(page.locator("#counter-other")).to_have_text("0")
    assert "7♦" in page.locator("#counter-title").inner_text()  # the 26-card deck's blanks
    screenshot(page, "counter-defense-all")
    page.get_by_role("button", name="Clear", exact=True).click()
    expect(page.locator("#counter-total")).to_have_text("0")
    expect(page.locator("#counter [aria-pressed=true]")).to_have_count(0)
    page.get_by_role("button", name="Count cards").click()  # closes without touching the box
    expect(page.locator("#counter")).to_be_hidden()
    expect(page.locator("#points")).to_have_value("")
