"""The event's leaderboard on a phone (390×844: nothing wider than the
screen, the seat finder works without a script) and its big screen at
1920×1080 (no scrolling; standings and tables in turn)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.services import event_draws, events
from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def festival(app: Flask, players: int = 60, hands: int = 3) -> str:
    """An event of twelve tables of five, a few hands saved at each; its link."""
    with app.app_context():
        event, _ = events.create_event("Kohler Falls Oktoberfest", "called-ace",
                                       entry_cents=2500, places=[30, 15, 10, 10, 10],
                                       session_high=5)
        events.register(event, [f"Player {n:02d}, p{n}@example.com"
                                for n in range(1, players + 1)], checked_in=True)
        drawn = event_draws.draw(event, 1, seed=5)
        view = event.view_token
    api = app.test_client()
    for k, table in enumerate(drawn.tables):
        auth = {"Authorization": f"Bearer {table.edit_token}"}
        for i in range(hands + k % 3):
            body = {"picker": table.players[(i + 1) % 5],
                    "partners": [table.players[(i + 3) % 5]], "points": (37 * i) % 121}
            saved = api.post(f"/api/v1/tables/{table.night}/hands", json=body, headers=auth)
            assert saved.status_code == 201, saved.get_json()
    return view


def test_the_leaderboard_and_seat_finder_on_a_phone(browser: Any, live_app: Flask,
                                                    live_server: str) -> None:
    view = festival(live_app)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live_server}/e/s/{view}")
    page.wait_for_selector("#standings")
    screenshot(page, "event-board-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "example.com" not in page.content()
    page.fill("#seat-q", "player 17")
    page.click("button[type=submit]")
    page.wait_for_selector("#seat-answer")
    assert "Table" in page.inner_text("#seat-answer")
    screenshot(page, "event-seat-390")
    page.context.close()


def test_the_seat_finder_works_without_a_script(browser: Any, live_app: Flask,
                                                live_server: str) -> None:
    view = festival(live_app, hands=0)
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/e/s/{view}")
    page.fill("#seat-q", "17")
    page.click("button[type=submit]")
    assert "seat" in page.inner_text("#seat-answer")
    context.close()


def test_the_big_screen_fits_1920_by_1080_and_alternates(browser: Any, live_app: Flask,
                                                         live_server: str) -> None:
    view = festival(live_app)
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.clock.install()
    page.goto(f"{live_server}/e/s/{view}/tv")
    page.wait_for_selector("#standings")
    screenshot(page, "event-tv-standings")
    scroll = page.evaluate("[document.documentElement.scrollWidth, "
                           "document.documentElement.scrollHeight]")
    assert scroll[0] <= 1920 and scroll[1] <= 1080, scroll
    assert page.is_visible("#standings-panel") and not page.is_visible("#seating-panel")
    page.clock.run_for(15_500)
    assert page.is_visible("#seating-panel") and not page.is_visible("#standings-panel")
    screenshot(page, "event-tv-seating")
    box = page.locator("#tables li").last.bounding_box()
    assert box and box["y"] + box["height"] <= 1080
    page.context.close()


def test_a_crowd_of_players_pages_the_board_and_finds_its_standing(
        browser: Any, live_app: Flask, live_server: str) -> None:
    """250 players: a hundred ranks a page, the pager at the foot, the
    seat finder saying where a player stands, all inside 390 px."""
    view = festival(live_app, players=250, hands=1)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live_server}/e/s/{view}")
    page.wait_for_selector("#standings")
    assert page.locator("#standings tbody tr").count() == 100
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#pages a", has_text="201–250").click()
    page.wait_for_url("**page=3")
    assert page.locator("#standings tbody tr").count() == 50
    assert "ranks 201–250 of 250" in page.inner_text("#standings-h")
    page.locator("#pages").scroll_into_view_if_needed()
    screenshot(page, "event-board-page3-390")
    page.fill("#seat-q", "217")
    page.click("button[type=submit]")
    page.wait_for_selector("#standing")
    assert "of 250" in page.inner_text("#standing")
    page.locator("#standing a").click()
    page.wait_for_selector("#n217")
    assert page.evaluate("document.querySelector(':target').id") == "n217"  # his row, marked
    screenshot(page, "event-standing-390")
    page.context.close()
