"""The words box in real headless Chromium at phone size when it understands
part of a hand: the part is filled in and the question says what is left;
'nobody picked' shows the leaster's winner to tap; a picker who sits the
hand out is said so; 'Heard:' names the crack."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def say(page: Any, text: str) -> Any:
    box = page.locator("#say-text")
    box.fill(text)
    box.press("Enter")
    return page.locator("#say-heard")


def test_what_is_understood_is_filled_in_and_the_rest_asked(page: Any,
                                                             live_server: str) -> None:
    start(page, live_server, "called-ace")
    expect(say(page, "Ann w/ Fred 80")).to_have_text("I didn't catch 'Fred'.")
    expect(page.locator("#picker input[value=Ann]")).to_be_checked()
    expect(page.locator("#points")).to_have_value("80")
    assert page.locator("#say-text").get_attribute("aria-invalid") == "true"
    screenshot(page, "say-partly")

    expect(say(page, "nobody picked")).to_have_text("Who won the leaster?")
    expect(page.locator("#kind input[value=leaster]")).to_be_checked()
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("#picker")).to_be_hidden()
    screenshot(page, "say-nobody-picked")

    expect(say(page, "Ann n Cat 75; Bob cracked")).to_contain_text(
        "Heard: Ann with Cat, 75 points (×2: crack)")
    expect(page.locator("#kind input[value=picked]")).to_be_checked()
    expect(page.locator("#cracks input[value='1']")).to_be_checked()
    expect(page.locator("#partners input[value=Cat]")).to_be_checked()


def test_a_picker_who_sits_out_is_said_so_and_the_dealer_chosen_counts(
        page: Any, live_server: str) -> None:
    page.goto(live_server + "/")
    page.locator("button[name=player_action][value=add]").click()
    for i, name in enumerate(SIX):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("input[name=preset][value=called-ace]").check()
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")
    expect(say(page, "Ann with Cat 75")).to_have_text("Ann sits out this hand.")
    expect(page.locator("#partners input[value=Cat]")).to_be_checked()
    expect(page.locator("#points")).to_have_value("75")
    screenshot(page, "say-sits-out")

    page.locator("details:has(select[name=dealer]) summary").click()
    page.select_option("select[name=dealer]", "Bob")
    expect(say(page, "Ann with Cat 75")).to_contain_text("Heard: Ann with Cat, 75 points")
    expect(page.locator("#picker input[value=Ann]")).to_be_checked()
