"""The start page on a phone: "As the preset" follows the preset tapped, and
a refused start shows each problem at its own box, inside the screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import SCREENSHOTS, screenshot
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _keep(page: Any, key: str) -> Any:
    return page.locator(f"select[name=opt-{key}] option[data-keep-for={key}]")


def test_as_the_preset_follows_the_preset_tapped(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    expect(_keep(page, "schneider_line")).to_have_text("As the preset: at 30")
    page.locator("input[name=preset][value=imsa]").check()
    expect(_keep(page, "schneider_line")).to_have_text("As the preset: under 30")
    expect(_keep(page, "blitz")).to_have_text("As the preset: yes")
    page.locator("input[name=preset][value=called-ace]").check()
    expect(_keep(page, "schneider_line")).to_have_text("As the preset: at 30")
    page.locator("details.options summary").click()
    page.locator("select[name=opt-ladder]").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "start-house-rules.png"))


def test_a_refused_start_says_each_problem_at_its_box(page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    boxes = page.locator("input[name=players]")
    for i, name in enumerate(PLAYERS):
        boxes.nth(i).fill(name)
    long = "L" * 45
    boxes.nth(2).evaluate("(box, name) => { box.removeAttribute('maxlength'); box.value = name }",
                          long)
    page.locator("input[name=stake_cents]").fill("")
    page.locator("#start").click()
    expect(page.locator("#error-summary")).to_contain_text("stake")
    stake_error = page.locator("label:has(input[name=stake_cents]) ~ .field-error").first
    expect(stake_error).to_contain_text("Say the stake per point")
    screenshot(page, "start-refused-stake")

    page.locator("input[name=stake_cents]").fill("-5")
    page.locator("#start").click()
    expect(page.locator("#error-summary")).to_contain_text("The stake can't be negative")
    screenshot(page, "start-refused-negative-stake")

    page.locator("input[name=stake_cents]").fill("25")
    page.locator("#start").click()
    row = page.locator(".player-row.refused")
    expect(row).to_have_count(1)
    expect(row.locator("input")).to_have_value(long)
    expect(row.locator(".field-error")).to_contain_text("Keep names to 40 characters")
    box = row.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.locator("input[name=players]").nth(0).get_attribute("maxlength") == "40"
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot(page, "start-refused-name")).replace(
        ".png", "-viewport.png"))
