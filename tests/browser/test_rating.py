"""The skill rating on a phone (390×844): the season table keeps its rating
column on the screen beside the money, and a player's page shows the
rating, its trend, the best partner and the toughest opponent; the group's
share page shows the same table.  Kept as screenshots in tests/screenshots/:
group-season-rating.png, group-player-rating.png and
group-viewer-season-rating.png."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIX = ["Ann", "Bob", "Catherine", "Dan", "Eve", "Fay"]


def _hand(rng: random.Random, seated: list[str]) -> dict[str, Any]:
    if rng.random() < 0.1:
        return {"kind": "leaster", "winner": rng.choice(seated)}
    picker = rng.choice(seated)
    partner = rng.choice([n for n in seated if n != picker])
    strong = {"Ann", "Catherine"} & {picker, partner}
    points = rng.randint(61, 100) if rng.random() < 0.4 + 0.2 * len(strong) else \
        rng.randint(31, 60)
    return {"picker": picker, "partners": [partner], "points": points}


def _group(app: Flask, page: Any, base: str) -> tuple[int, str]:
    """A group of six with five weekly nights of 12 hands (five play each
    night), run by this browser; its id and share link's token."""
    api = app.test_client()
    group = api.post("/api/v1/groups", json={"name": "Thursday regulars", "players": SIX}
                     ).get_json()
    auth = {"Authorization": f"Bearer {group['edit_token']}"}
    rng = random.Random(7)
    for week in range(5):
        seated = [n for n in SIX if n != SIX[week % 6]]
        night = api.post("/api/v1/tables", headers=auth, json={
            "group": group["id"], "players": seated,
            "played_on": (date.today() - timedelta(days=7 * (4 - week))).isoformat(),
        }).get_json()
        night_auth = {"Authorization": f"Bearer {night['edit_token']}"}
        for _ in range(12):
            saved = api.post(f"/api/v1/tables/{night['id']}/hands", headers=night_auth,
                             json=_hand(rng, seated))
            assert saved.status_code == 201, saved.get_json()
    with api.session_transaction() as session:
        session["groups"] = {str(group["id"]): group["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    return int(group["id"]), str(group["view_token"])


def test_the_rating_on_the_season_and_a_players_page(page: Any, live_server: str,
                                                     live_app: Flask) -> None:
    group_id, view_token = _group(live_app, page, live_server)
    page.goto(f"{live_server}/g/{group_id}/season?season=all")
    page.wait_for_selector("#season-table")
    screenshot(page, "group-season-rating")
    ratings = page.locator("#season-table td.rating-col")
    assert ratings.count() == 6
    for index in range(ratings.count()):
        box = ratings.nth(index).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert "games" in ratings.first.inner_text()
    assert page.locator("#rating-help").is_visible()
    assert page.locator("#rating-kind").inner_text() == "Lifetime"
    assert "counts alike" in page.locator("#rating-kind-help").inner_text()

    page.locator("#season-table a", has_text="Ann").click()
    page.wait_for_selector("#player-rating")
    screenshot(page, "group-player-rating")
    for part in ("#player-rating", "#best-partner", "#toughest-opponent"):
        box = page.locator(part).bounding_box()
        assert box and box["x"] + box["width"] <= 390, (part, box)
    assert "games" in page.locator("#player-rating").inner_text()
    assert "together" in page.locator("#best-partner").inner_text()
    assert "against" in page.locator("#toughest-opponent").inner_text()

    page.goto(f"{live_server}/gs/{view_token}?season=all")
    page.wait_for_selector("#season-table")
    assert page.locator("#season-table td.rating-col").count() == 6
    box = page.locator("#season-table td.rating-col").first.bounding_box()
    assert box and box["x"] + box["width"] <= 390, box
    screenshot(page, "group-viewer-season-rating")
