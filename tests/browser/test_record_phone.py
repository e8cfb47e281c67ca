"""The record form on a phone (390 × 844) in real headless Chromium, on the
first hand of a night and on the twentieth, just after a save: the picker's
buttons, the partner's, a points chip, Save and the preview's one-line summary
are each wholly on screen when tapped, with no scroll; and the form's quick
fills (tricks and points agree, one partner or two, a minus for who pays)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import screenshot, start
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def api_night(app: Flask, page: Any, base: str, players: list[str], preset: str,
              hands: list[dict[str, Any]], name: str = "Fri") -> str:
    """Start a table and record ``hands`` through the API, then give this
    browser the edit token as the phone that started it holds it.  Returns
    the table's URL."""
    api = app.test_client()
    made = api.post("/api/v1/tables", json={"name": name, "players": players,
                                             "preset": preset}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for body in hands:
        saved = api.post(f"/api/v1/tables/{made['id']}/hands", json=body, headers=auth)
        assert saved.status_code == 201, saved.get_json()
    with api.session_transaction() as session:
        session["editors"] = {str(made["id"]): made["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    return f"{base}/t/{made['id']}"


def in_view(page: Any, locator: Any) -> None:
    """Wholly inside the 390 × 844 screen, not under the bar at the bottom, and
    the page not scrolled to get it there."""
    found = locator.bounding_box()
    assert found is not None, "not on the page"
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert found["x"] >= 0 and found["x"] + found["width"] <= 390, found
    assert found["y"] >= 0 and found["y"] + found["height"] <= 844, found
    assert locator.evaluate("""el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el.contains(hit) || hit.contains(el) || el.closest('label') === hit.closest('label');
    }"""), "something covers it"


def tap_in_view(page: Any, locator: Any) -> None:
    in_view(page, locator)
    locator.click()
    assert page.evaluate("window.scrollY") == 0, "tapping scrolled the page"


def four_taps(page: Any, picker: str, partner: str, points: str,
              players: list[str] = PLAYERS, shot: str = "") -> None:
    """Every name the picker and partner could be, then the picker, the partner, a
    points chip, the preview's line and Save: each on screen when it is tapped."""
    for name in players:
        if page.locator(f"#picker input[value={name}]").is_enabled():
            in_view(page, page.locator("#picker label", has_text=name))
    tap_in_view(page, page.locator("#picker label", has_text=picker))
    for name in players:
        if page.locator(f"#partners input[value={name}]").is_enabled():
            in_view(page, page.locator("#partners label", has_text=name))
    tap_in_view(page, page.locator("#partners label", has_text=partner))
    for chip in page.locator("[data-points]").all():
        in_view(page, chip)
    tap_in_view(page, page.locator(f"button[data-points='{points}']"))
    page.wait_for_selector("#summary-line li")
    in_view(page, page.locator("#summary-line"))
    if shot:
        screenshot(page, shot, full_page=False)
    tap_in_view(page, page.locator("#save"))


def deals(page: Any) -> str:
    """The dealer the top of the form names, checked against the dealer box."""
    said = page.locator("#deals").inner_text()
    assert said == page.locator("select[name=dealer]").input_value() + " deals"
    in_view(page, page.locator("#deals"))
    return said


def test_the_first_hand_is_four_taps_on_one_screen(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    assert deals(page) == "Ann deals"
    screenshot(page, "record-hand-1", full_page=False)
    four_taps(page, "Ann", "Cat", "61", shot="record-hand-1-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 1 saved')")
    assert deals(page) == "Bob deals"


def test_the_twentieth_hand_is_four_taps_on_one_screen(page: Any, live_app: Flask,
                                                        live_server: str) -> None:
    hands = [{"picker": PLAYERS[i % 5], "partners": [PLAYERS[(i + 2) % 5]], "points": 61 + i}
             for i in range(18)]
    page.goto(api_night(live_app, page, live_server, PLAYERS, "called-ace", hands) + "/hand/new")
    four_taps(page, "Dan", "Bob", "91")
    page.wait_for_selector(".flash.saved:has-text('Hand 19 saved')")
    assert page.locator("h1").inner_text() == "Hand 20"
    assert page.locator("#undo button").is_visible()
    assert deals(page) == "Eve deals"
    screenshot(page, "record-hand-20", full_page=False)
    four_taps(page, "Eve", "Ann", "30", shot="record-hand-20-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 20 saved')")


def test_a_six_player_night_with_one_sitting_out_fits_too(page: Any, live_app: Flask,
                                                          live_server: str) -> None:
    six = [*PLAYERS, "Fay"]
    hands = [{"picker": six[(i + 1) % 6], "partners": [six[(i + 3) % 6]], "points": 70}
             for i in range(18)]
    page.goto(api_night(live_app, page, live_server, six, "called-ace", hands) + "/hand/new")
    four_taps(page, "Bob", "Cat", "61", six)
    page.wait_for_selector(".flash.saved:has-text('Hand 19 saved')")
    assert page.locator("#sitting-out").inner_text().startswith("Sitting out: ")
    deals(page)
    screenshot(page, "record-six-hand-20", full_page=False)
    four_taps(page, "Dan", "Eve", "90", six, shot="record-six-hand-20-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 20 saved')")


def test_the_top_bar_keeps_the_online_dot_on_its_line(page: Any, live_app: Flask,
                                                        live_server: str) -> None:
    for name in ("Fri", "Friday night", "The long Friday night game at Bob's"):
        page.goto(api_night(live_app, page, live_server, PLAYERS, "called-ace", [], name=name)
                  + "/hand/new")
        bar = page.locator("header.topbar").bounding_box()
        dot = page.locator("#net-status .dot").bounding_box()
        brand = page.locator("header.topbar .brand").bounding_box()
        assert bar is not None and dot is not None and brand is not None
        assert bar["height"] < 50, f"the top bar wraps with {name!r}"
        assert brand["y"] <= dot["y"] and dot["y"] + dot["height"] <= brand["y"] + brand["height"]
        assert dot["x"] + dot["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "record-top-bar")


def test_a_greyed_out_name_shows_no_stray_dot(page: Any, live_app: Flask,
                                              live_server: str) -> None:
    """The radio itself stays invisible when it is disabled (Pico greys disabled
    inputs to half opacity, which drew it as a dot in the button's corner)."""
    page.goto(api_night(live_app, page, live_server, PLAYERS + ["Fay"], "called-ace", [])
              + "/hand/new")
    away = page.locator("#picker input[value=Ann]")
    assert away.is_disabled()
    assert away.evaluate("box => getComputedStyle(box).opacity") == "0"
    screenshot(page, "record-sitting-out")
