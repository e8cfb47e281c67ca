"""Nothing heard is dropped, in real headless Chromium at 390 × 844: a word
the box heard but placed nowhere holds Save with its question on the first
screen ("doubler" at an IMSA table: Declared or Not declared; a word it
didn't catch: leave it out), answered with one tap; and a forgotten partner
at a jack-of-diamonds table is asked once ("Dale alone?") when Save is
tapped, its answer button saving the loner."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot, tap
from tests.browser.test_say_held import inside_the_phone, say, start_at

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IMSA = ["Dale", "Joan", "Gene", "Sue", "Pat"]
DOUBLER = "doubler, Dale picked with Joan 77"


def _on_the_first_screen(page: Any, selector: str) -> None:
    edges = page.locator(selector).bounding_box()
    assert edges is not None and 0 <= edges["y"] and edges["y"] + edges["height"] <= 844, edges


def test_a_doubler_heard_holds_save_until_declared_or_not(page: Any, live_server: str) -> None:
    complaints: list[str] = []
    page.on("pageerror", lambda e: complaints.append(str(e)))
    start_at(page, live_server, "imsa", IMSA)
    save = page.locator("#save")
    asked = page.locator("#say-open")

    expect(say(page, DOUBLER)).to_contain_text(
        "Was a doubler declared?")
    expect(asked).to_be_visible()
    expect(asked.locator("#say-ask")).to_have_text("Declared doubler:")
    expect(asked.locator("button")).to_have_text(["Declared", "Not declared"])
    expect(save).to_be_disabled()
    _on_the_first_screen(page, "#say-open")
    inside_the_phone(page, "#say-open button")
    screenshot(page, "say-doubler-held", full_page=False)

    asked.locator("button", has_text="Not declared").click()
    expect(page.locator("#say-text")).to_have_value(f"{DOUBLER} not declared")
    expect(page.locator("#say-heard")).to_contain_text("Heard: Dale with Joan, 77 points")
    expect(save).to_be_enabled()
    expect(asked).to_be_hidden()
    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text("Dale with Joan, 77 points. Dale +2")

    expect(say(page, "doubler Gene picked with Sue 80")).to_contain_text(
        "Was a doubler declared?")
    asked.locator("button", has_text="Declared").first.click()
    expect(page.locator("#say-heard")).to_contain_text("×2: declared doubler")
    expect(page.locator("#declared_doubler input, input[name=declared_doubler]").first
           ).to_be_checked()
    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text("Gene +4")
    assert complaints == []


def test_a_word_not_caught_holds_save_until_left_out(page: Any, live_server: str) -> None:
    start_at(page, live_server, "imsa", IMSA)
    save = page.locator("#save")
    asked = page.locator("#say-open")
    expect(say(page, "Dale picked with Joan 77 schmeered")).to_contain_text(
        "I didn't catch 'schmeered'")
    expect(asked.locator("button")).to_have_text(["Leave out 'schmeered'"])
    expect(save).to_be_disabled()
    _on_the_first_screen(page, "#say-open")
    screenshot(page, "say-word-held", full_page=False)
    asked.locator("button").click()
    expect(page.locator("#say-text")).to_have_value("Dale picked with Joan 77")
    expect(save).to_be_enabled()
    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text("Hand 1 saved: Dale with Joan, 77")


def test_a_forgotten_partner_is_asked_once_and_one_tap_saves_the_loner(
        page: Any, live_server: str) -> None:
    start_at(page, live_server, "imsa", IMSA)
    tap(page, "picker", "Dale")
    page.locator(".chips button", has_text="91").click()
    page.locator("#save").click()
    page.wait_for_load_state()
    question = page.locator("#alone-error")
    expect(question).to_contain_text("Dale alone? Tap the partner, or answer yes.")
    answer = page.locator("#alone-yes")
    expect(answer).to_have_text("Yes, Dale went alone: save")
    _on_the_first_screen(page, "#alone-yes")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "alone-asked", full_page=False)
    answer.click()
    page.wait_for_selector(".flash.saved")
    expect(page.locator(".flash.saved")).to_contain_text("Hand 1 saved: Dale alone, 91 points")
