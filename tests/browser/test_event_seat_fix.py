"""Two seat mistakes mended on the director's session page, in headless
Chromium on a phone (390 × 844) and a laptop (1280 × 800): table 1's phone
records three hands and dies, and its ticket starts from them (the
director types only what the paper adds); then two players who sat at
each other's tables are said to have, and their points follow them.
Screenshots under tests/screenshots/event-seat-*.png; nothing scrolls
sideways."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.browser.test_event_corrections import (
    API,
    SIZES,
    _auth,
    _become_director,
    _event,
    director,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["director"]


def _points(app: Flask, made: dict[str, Any]) -> dict[str, int]:
    standing = app.test_client().get(f"{API}/events/{made['id']}/standings",
                                     headers=_auth(made["view_token"])).get_json()
    return {p["name"]: p["sessions"][0] for p in standing["players"]}


def _fits(page: Any, name: str) -> None:
    width = page.viewport_size["width"]
    screenshot(page, f"event-seat-{name}-{width}", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


@SIZES
def test_a_dead_phones_ticket_and_two_players_at_each_others_tables(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    first, second = drawn["tables"][:2]
    api, phone = live_app.test_client(), _auth(first["edit_token"])
    for k in range(3):
        assert api.post(f"{API}/tables/{first['night']}/hands", headers=phone, json={
            "picker": first["players"][2], "partners": [first["players"][(k + 3) % 5]],
            "points": 80}).status_code == 201
    recorded = _points(live_app, made)
    page = director
    page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    ticket = page.locator("#table-1 details.ticket")
    ticket.locator("summary").click()
    expect(ticket).to_contain_text("3 hands recorded on the table's phone")
    expect(ticket.locator("input[name=with_phone][value='1']")).to_be_checked()
    for i, points in enumerate((4, -1, -1, -1, -1)):
        ticket.locator(f"input[name=points-{i}]").fill(str(points))
    ticket.scroll_into_view_if_needed()
    _fits(page, "dead-phone")
    ticket.get_by_role("button", name="Enter table 1's totals").click()
    expect(page.locator(".flash")).to_contain_text("Table 1's paper ticket is in")
    now = _points(live_app, made)
    for name, added in zip(first["players"], (4, -1, -1, -1, -1), strict=True):
        assert now[name] == recorded[name] + added

    fix = page.locator("#seat-fix")
    walt, patty = first["numbers"][2], second["numbers"][2]
    fix.locator("input[name=a]").fill(str(walt))
    fix.locator("input[name=b]").fill(str(patty))
    fix.scroll_into_view_if_needed()
    _fits(page, "fix-form")
    fix.get_by_role("button", name="Move their hands").click()
    expect(page.locator(".flash")).to_contain_text("sat at each other's tables")
    moved = _points(live_app, made)
    walt_name, patty_name = first["players"][2], second["players"][2]
    assert (moved[walt_name], moved[patty_name]) == (now[patty_name], now[walt_name])
    expect(page.locator("#table-1")).to_contain_text(patty_name)
    _fits(page, "fixed")
