"""A provisional rating on a phone (390×844): on the season table a drop-in
of one night shows his rating lighter, marked "provisional", inside the
screen beside the regulars' settled ones, with the legend saying what it
means; his page says "provisional, 1 night of 4"; and a member's page on a
history of totals says the hands and partners weren't recorded, inside the
screen.  Kept as screenshots in tests/screenshots/: group-season-provisional.png,
group-player-provisional.png and group-player-totals.png."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from flask import Flask

from scorekeeper.rating.ladder import SETTLED_NIGHTS
from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIVE = ["Ann", "Bob", "Catherine", "Dan", "Eve"]
WIN = {"picker": "Ann", "partners": ["Catherine"], "points": 80}
LOSS = {"picker": "Bob", "partners": ["Dan"], "points": 40}
#: The drop-in, a long name, wins every hand he picks on his one night.
GUEST = "Maximilian"


def _night(api: Any, auth: dict[str, str], group: int, players: list[str], day: date,
           hands: list[dict[str, Any]]) -> None:
    night = api.post("/api/v1/tables", headers=auth, json={
        "group": group, "players": players, "played_on": day.isoformat()}).get_json()
    night_auth = {"Authorization": f"Bearer {night['edit_token']}"}
    for hand in hands:
        saved = api.post(f"/api/v1/tables/{night['id']}/hands", headers=night_auth, json=hand)
        assert saved.status_code == 201, saved.get_json()


def _inside(page: Any, selector: str) -> None:
    items = page.locator(selector)
    assert items.count()
    for index in range(items.count()):
        box = items.nth(index).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)


def test_a_provisional_rating_on_the_season_and_the_players_page(
        page: Any, live_server: str, live_app: Flask) -> None:
    api = live_app.test_client()
    group = api.post("/api/v1/groups", json={"name": "Thursday regulars", "players": FIVE}
                     ).get_json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    first = date.today() - timedelta(days=7 * 5)
    for week in range(5):
        _night(api, auth, group["id"], FIVE, first + timedelta(days=7 * week),
               [WIN, LOSS, WIN, LOSS, WIN])
    _night(api, auth, group["id"], ["Ann", "Bob", "Catherine", "Dan", GUEST], date.today(),
           [{"picker": GUEST, "partners": ["Bob"], "points": 95}] * 5)

    page.goto(f"{live_server}/gs/{group['view_token']}?season=all")
    page.wait_for_selector("#season-table")
    screenshot(page, "group-season-provisional")
    _inside(page, "#season-table td.rating-col")
    _inside(page, "#season-table th[scope=row]")
    cell = page.locator(f'#season-table tr[data-player="{GUEST}"] td.rating-col')
    assert "provisional" in cell.inner_text()
    assert page.locator("#season-table .rating-provisional").count() == 1
    color = cell.locator(".rating-provisional").evaluate("e => getComputedStyle(e).color")
    settled = page.locator('#season-table tr[data-player="Ann"] td.rating-col')
    assert color != settled.evaluate("e => getComputedStyle(e).color")  # lighter
    assert page.locator("#rating-provisional-help").is_visible()
    _inside(page, "#rating-help")

    page.locator("#season-table a", has_text=GUEST).click()
    page.wait_for_selector("#player-rating")
    screenshot(page, "group-player-provisional")
    _inside(page, "#player-rating")
    said = " ".join(page.locator("#player-rating").inner_text().split())
    assert f"provisional, 1 night of {SETTLED_NIGHTS} · rank 6 of 6" in said


def test_a_members_page_on_a_history_of_totals(page: Any, live_server: str,
                                              live_app: Flask) -> None:
    api = live_app.test_client()
    group = api.post("/api/v1/groups", json={"name": "Old league", "players": FIVE}
                     ).get_json()
    sheet = "Date,Ann,Bob,Catherine,Dan,Eve\n" + "".join(
        f"2025-0{month}-1{month},{10 * month},-3,-{month},-4,{-9 * month + 7}\n"
        for month in range(1, 6))
    version = api.get(f"/api/v1/groups/{group['id']}",
                      headers={"Authorization": f"Bearer {group['view_token']}"}
                      ).get_json()["version"]
    brought = api.post(f"/api/v1/groups/{group['id']}/import",
                       headers={"Authorization": f"Bearer {group['edit_token']}"},
                       json={"sheet": sheet, "confirm": True, "version": version})
    assert brought.status_code == 200, brought.get_json()

    page.goto(f"{live_server}/gs/{group['view_token']}/players/Catherine?season=2025")
    page.wait_for_selector("#player-hands")
    screenshot(page, "group-player-totals")
    for part in ("#player-hands", "#player-rating", "#best-partner", "#toughest-opponent"):
        _inside(page, part)
    assert page.locator("#player-hands").inner_text().startswith("not recorded")
    assert "who played with whom" in page.locator("#best-partner").inner_text()
    assert page.locator("#player-stats dt", has_text="Picked").count() == 0
