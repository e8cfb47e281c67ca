"""The event's leaderboard on a phone (390×844: nothing wider than the
screen, the seat finder works without a script) and its big screen at
1920×1080 (no scrolling; standings, prizes and tables in turn)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import stages as event_stages
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


def _finish(app: Flask, view: str) -> None:
    with app.app_context():
        event_stages.finish(events.event_by_view_token(view), by="Director")


def _fits(page: Any, selector: str) -> None:
    """Every ``selector`` on the big screen is inside 1920×1080."""
    items = page.locator(selector)
    assert items.count() > 0, selector
    for k in range(items.count()):
        box = items.nth(k).bounding_box()
        assert box and box["y"] + box["height"] <= 1080 and box["x"] + box["width"] <= 1920


def test_the_big_screen_fits_1920_by_1080_and_turns_through_its_screens(
        browser: Any, live_app: Flask, live_server: str) -> None:
    """Sixty players: three screens of twenty, the prizes (after Finish, with
    their winners) and the tables in turn, none scrolled, nothing below the
    fold."""
    view = festival(live_app)
    _finish(live_app, view)
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.clock.install()
    page.goto(f"{live_server}/e/s/{view}/tv")
    page.wait_for_selector("#screen-1")
    turn = int(page.get_attribute("#tv-turn", "data-seconds")) * 1000
    turns = ["standings-1", "standings-2", "standings-3", "prizes", "seating"]
    for k, screen in enumerate(turns):
        assert page.get_attribute("body", "data-showing") == screen
        shown = [s for s in turns if page.is_visible(f'[data-screen="{s}"]')]
        assert shown == [screen], shown
        scroll = page.evaluate("[document.documentElement.scrollWidth, "
                               "document.documentElement.scrollHeight]")
        assert scroll[0] <= 1920 and scroll[1] <= 1080, (screen, scroll)
        if screen.startswith("standings"):
            _fits(page, f'[data-screen="{screen}"] tbody tr')
        if screen == "prizes":
            _fits(page, "#tv-prizes li")
            assert "Final" in page.inner_text("#live-status")
            screenshot(page, "event-tv-prizes")
        if screen == "seating":
            _fits(page, "#tables li")
            screenshot(page, "event-tv-seating")
        if k == 0:
            screenshot(page, "event-tv-standings")
        page.clock.run_for(turn + 500)
    assert page.get_attribute("body", "data-showing") == "standings-1"  # round again
    page.context.close()


def test_the_big_screen_without_its_script_shows_everything_and_scrolls(
        browser: Any, live_app: Flask, live_server: str) -> None:
    view = festival(live_app)
    _finish(live_app, view)
    context = browser.new_context(viewport={"width": 1920, "height": 1080},
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/e/s/{view}/tv")
    for screen in ("standings-1", "standings-3", "prizes", "seating"):
        assert page.is_visible(f'[data-screen="{screen}"]')
    page.locator("#tv-prizes").scroll_into_view_if_needed()
    box = page.locator("#tv-prizes li").last.bounding_box()
    assert box and 0 <= box["y"] + box["height"] <= 1080  # reached by scrolling
    context.close()


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


def test_a_screen_reader_hears_the_leaders_when_they_change_and_the_end(
        browser: Any, live_app: Flask, live_server: str) -> None:
    """The leaderboard swaps its live part silently; a polite status outside
    it says the leaders after a save changes the standings, in the words
    the live part carries, and the director's finishing; never what the page
    opened with."""
    with live_app.app_context():
        event, _ = events.create_event("Thursday Cup", "called-ace", entry_cents=1000)
        events.register(event, ["Ann", "Bob", "Cat", "Dan", "Eve"], checked_in=True)
        table = event_draws.draw(event, 1, seed=1).tables[0]
        view = event.view_token
    api = live_app.test_client()
    auth = {"Authorization": f"Bearer {table.edit_token}"}

    def save(picker: int, partner: int, points: int) -> None:
        body = {"picker": table.players[picker], "partners": [table.players[partner]],
                "points": points}
        saved = api.post(f"/api/v1/tables/{table.night}/hands", json=body, headers=auth)
        assert saved.status_code == 201, saved.get_json()

    save(0, 1, 70)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live_server}/e/s/{view}")
    news, live = page.locator("#live-news"), page.locator("#live")
    assert news.get_attribute("role") == "status"
    assert news.get_attribute("aria-live") == "polite"
    assert page.locator("#live #live-news, #live[aria-live], #live [aria-live]").count() == 0
    opened = live.get_attribute("data-news")
    assert opened.startswith(f"Leaders: 1. {table.players[0]} +")
    expect(news).to_have_text("")

    save(2, 3, 100)  # the third and fourth seats win big: new leaders
    expect(live).not_to_have_attribute("data-news", opened, timeout=5000)
    now = live.get_attribute("data-news")
    assert now.startswith("Leaders: 1. ") and now != opened
    expect(news).to_have_text(now)
    screenshot(page, "event-board-news-390")

    _finish(live_app, view)
    expect(news).to_contain_text("Final: the director has signed", timeout=5000)
    expect(news).to_contain_text("Leaders: 1. ")
    page.context.close()
