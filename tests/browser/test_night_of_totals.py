"""The share link of a night of totals on a 390 px phone: the line that says
its result came from paper, then its totals as the standings, nothing wider
than the screen, and no card for hands it doesn't have."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.db.models import GameTable, Group, db
from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
SHEET = "Date,Ann,Bob,Cathy,Dan,Eve\n2025-01-13,26,-3,-14,-9,0\n"


def night_of_totals(app: Flask) -> str:
    """A group's night of totals brought in from a sheet: its share token."""
    api = app.test_client()
    group = api.post(f"{API}/groups", json={"name": "Thursday regulars", "stake_cents": 25,
                                            "players": ["Ann", "Bob", "Cathy", "Dan", "Eve"]}
                     ).get_json()
    with app.app_context():
        version = db.session.get_one(Group, group["id"]).version
    made = api.post(f"{API}/groups/{group['id']}/import", json={
        "sheet": SHEET, "confirm": True, "version": version},
        headers={"Authorization": f"Bearer {group['edit_token']}"})
    assert made.status_code == 200, made.get_json()
    with app.app_context():
        return db.session.get_one(GameTable, made.get_json()["nights_made"][0]).view_token


def test_the_share_page_of_a_night_of_totals_on_a_phone(
        page: Any, live_app: Flask, live_server: str) -> None:
    page.goto(f"{live_server}/s/{night_of_totals(live_app)}")
    banner = page.locator("#night-of-totals")
    expect(banner).to_be_visible()
    assert "came from paper" in banner.inner_text() and "no hands" in banner.inner_text()
    first = page.locator("#standings li").first
    assert " ".join(first.inner_text().split()) == "1 Ann +26 $6.50"
    assert page.locator("#recent").count() == 0 and page.locator("#dealer").count() == 0
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, width
    box = banner.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(page, "night-of-totals-share-390")
    page.click("#closed a")
    expect(page.locator("#final-standings")).to_be_visible()
    assert "Cathy pays Ann $3.50" in " ".join(page.inner_text("body").split())
    screenshot(page, "night-of-totals-summary-390")
