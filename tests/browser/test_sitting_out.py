"""Six friends at a five-handed table, on a phone: whoever sits the hand out is
greyed out on the hand form and can't be tapped, and that follows the dealer."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def test_players_sitting_out_are_greyed_out_and_follow_the_dealer(page: Any,
                                                                   live_server: str) -> None:
    page.goto(live_server + "/")
    page.locator("button[name=player_action][value=add]").click()
    for i, name in enumerate(SIX):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("input[name=preset][value=called-ace]").check()
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")
    ann = page.locator("#picker input[value=Ann]")
    assert ann.is_disabled() and page.locator("#partners input[value=Ann]").is_disabled()
    assert not page.locator("#picker input[value=Bob]").is_disabled()
    assert "Sitting out: Ann" in page.locator("#sitting-out").inner_text()
    page.locator("#picker label", has_text="Ann").click(force=True)  # a tap does nothing
    assert not ann.is_checked()
    screenshot(page, "sitting-out-dealer")
    # Bob deals instead: now Bob sits out and Ann plays.
    page.locator("details:has(select[name=dealer]) summary").click()
    page.select_option("select[name=dealer]", "Bob")
    assert page.locator("#picker input[value=Bob]").is_disabled()
    assert not ann.is_disabled()
    assert page.locator("#sitting-out").inner_text() == "Sitting out: Bob"
    assert page.locator("#deals").inner_text() == "Bob deals"
    box = page.locator("#picker label", has_text="Cat").bounding_box()
    assert box and box["height"] >= 44
