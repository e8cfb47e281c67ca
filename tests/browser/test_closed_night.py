"""A closed night's scorekeeper pages at phone size in real headless
Chromium: what the policy says a closed night takes is what the pages offer.
The settle-up, the share link and the payment handles stay; nobody settles
early, moves a seat, joins, closes it again or hands the scoring over."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import api_night, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def test_a_closed_nights_pages_offer_only_what_a_closed_night_takes(
        page: Any, live_app: Flask, live_server: str) -> None:
    night = api_night(live_app, page, live_server, PLAYERS, "called-ace",
                      [{"picker": "Ann", "partners": ["Cat"], "points": 75}])
    page.goto(night + "/settle")
    assert page.locator("#leaving").count() == 1 and page.locator("#close-link").count() == 1
    page.goto(night + "/close")
    page.locator("button[type=submit]").last.click()
    page.wait_for_url("**/summary")

    page.goto(night + "/settle")
    page.wait_for_selector("#balances")
    assert page.locator("#leaving").count() == 0 and page.locator("#close-link").count() == 0
    assert "This night is closed" in page.inner_text("body")
    screenshot(page, "closed-settle")

    # the seats are the roster's, which a closed night takes no more of;
    # a player's payment handle is the settle-up's, and stays
    seats = page.goto(night + "/players")
    assert seats is not None and seats.status == 409
    assert "This table is closed: the night is over" in page.inner_text("body")
    handle = page.goto(night + "/players/Ann/pay")
    assert handle is not None and handle.status == 200
    screenshot(page, "closed-pay-handle")

    page.goto(night + "/share")
    assert page.locator("#show-handover").count() == 0
    assert page.locator("#handover").count() == 0  # no "Take over scoring" left to offer
    assert page.locator("form.move").count() == 0
    assert page.locator("#share-url").count() == 1  # the share link stays
    screenshot(page, "closed-share")

    refused = page.goto(night + "/settle/leave?name=Ann")
    assert refused is not None and refused.status == 409
    assert "settle up with everyone instead" in page.inner_text("body")
    screenshot(page, "closed-leave-refused")
