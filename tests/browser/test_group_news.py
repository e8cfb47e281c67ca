"""The group's share page on a phone says, for a screen reader, the season's
leaders when a night's save changes them (its live part swaps silently
every ten seconds): in the words the live part carries, never what the
page opened with."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def test_a_screen_reader_hears_the_seasons_new_leaders(
        browser: Any, live_app: Flask, live_server: str) -> None:
    api = live_app.test_client()
    group = api.post("/api/v1/groups", json={"name": "Thursday", "players": FIVE}).get_json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    night = api.post("/api/v1/tables", headers=auth,
                     json={"group": group["id"], "players": FIVE}).get_json()
    hands = f"/api/v1/tables/{night['id']}/hands"
    night_auth = {"Authorization": f"Bearer {night['edit_token']}"}

    def save(picker: str, partner: str, points: int) -> None:
        saved = api.post(hands, headers=night_auth,
                         json={"picker": picker, "partners": [partner], "points": points})
        assert saved.status_code == 201, saved.get_json()

    save("Ann", "Bob", 70)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live_server}/gs/{group['view_token']}")
    news, live = page.locator("#live-news"), page.locator("#live")
    assert news.get_attribute("role") == "status"
    assert page.locator("#live #live-news, #live[aria-live], #live [aria-live]").count() == 0
    opened = live.get_attribute("data-news")
    assert opened.startswith("Leaders: 1. Ann $")
    expect(news).to_have_text("")

    for _ in range(3):  # Dan and Eve win three, and lead
        save("Dan", "Eve", 91)
    expect(live).not_to_have_attribute("data-news", opened, timeout=15_000)
    now = live.get_attribute("data-news")
    assert now.startswith("Leaders: 1. Dan $") or now.startswith("Leaders: 1. Eve $"), now
    expect(news).to_have_text(now)
    page.context.close()
