"""Three corrections a tournament director makes on his own pages, and a
table signing its result on its phone, in real
headless Chromium on a phone (390 × 844) and on a laptop (1280 × 800).

The event is set up through the API: two sessions of one round, ten
players checked in, session 1 drawn (seed 7) into two tables of five.  The
browser then holds the director's token in its session cookie, as the
browser that started the event would, and on the pages the director:

1. corrects table 1's paper ticket: sent first without a reason ("Say why"
   comes back beside the field, the numbers kept), then with one; the flash
   says the ticket is corrected and the table shows the new totals;
2. renames a player on the Players page: the flash says he is called by
   the new name from now on, and the session's tables show it;
3. seats a walk-in, checked in after the draw, with one tap: the flash says
   where he sits and the list of walk-ins no longer has him;
4. at an event whose tables sign, table 1's phone lands on its signing once
   its five hands are in: three players agree, the fourth disputes with a
   note, and the director's session page shows the table as disputed, with
   the note.

Every step is screenshotted, the whole page and what the screen shows
(tests/screenshots/event-fix-*.png), and no page scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _event(app: Flask) -> tuple[dict[str, Any], dict[str, Any]]:
    """The event, made and drawn through the API: what POST /events answered
    (its id and director token) and session 1's draw."""
    api = app.test_client()
    made = api.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "sessions": 2, "rounds": 1,
        "entry_cents": 2500, "places": [30, 15], "session_high": 5}).get_json()
    director = _auth(made["director_token"])
    added = api.post(f"{API}/events/{made['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 11)]})
    assert added.status_code == 201, added.get_json()
    drawn = api.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=director,
                     json={"seed": 7})
    assert drawn.status_code in (200, 201), drawn.get_json()
    return made, drawn.get_json()


@pytest.fixture()
def director(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """A page in a browser the size of ``viewport`` (a phone's with touch)."""
    phone = {"is_mobile": True, "has_touch": True} if viewport == PHONE else {}
    context = browser.new_context(viewport=viewport, **phone)
    yield context.new_page()
    context.close()


def _become_director(app: Flask, page: Any, base: str, made: dict[str, Any]) -> str:
    """Give the browser the director's token in its session cookie; the
    event's URL."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["events"] = {str(made["id"]): made["director_token"]}
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    return f"{base}/e/{made['id']}"


def _looked_at(page: Any, name: str) -> None:
    """Keep two screenshots named for the step and the size, the whole page
    and (``-seen``) what the screen shows, and hold that the page fits the
    screen's width (nothing to swipe sideways)."""
    width = page.viewport_size["width"]
    size = f"{width}x{page.viewport_size['height']}"
    screenshot(page, f"event-fix-{name}-{size}-seen", full_page=False)
    screenshot(page, f"event-fix-{name}-{size}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


@SIZES
def test_the_director_corrects_a_paper_ticket(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    seated = drawn["tables"][0]["players"]
    assert len(seated) == 5
    ticket = live_app.test_client().post(
        f"{API}/events/{made['id']}/sessions/1/tables/1/ticket",
        headers=_auth(made["director_token"]),
        json={"totals": dict(zip(seated, (4, -1, -1, -1, -1), strict=True))})
    assert ticket.status_code == 201, ticket.get_json()
    page = director
    page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    expect(page.locator("#table-1 .ticket-totals")).to_contain_text(f"{seated[0]} +4")
    fix = page.locator("#correct-1")
    fix.locator("summary").click()
    for i, (name, points) in enumerate(zip(seated, (12, -3, -3, -3, -3), strict=True)):
        field = fix.locator(f"input[name=points-{i}]")
        expect(fix.locator("label").nth(i)).to_contain_text(name)  # the seats, in order
        expect(field).to_have_value(str((4, -1, -1, -1, -1)[i]))  # the ticket as it stands
        field.fill(str(points))
    _looked_at(page, "ticket-open")

    # no reason: refused, the reason asked for beside its field, the numbers kept
    fix.get_by_role("button", name="Correct table 1's ticket").click()
    page.wait_for_selector("#correct-1[open] .field-error")
    fix = page.locator("#correct-1")
    expect(fix.locator(".field-error")).to_contain_text("Say why")
    expect(page.locator(".flash.error")).to_contain_text("Ticket not corrected: Say why")
    reason = fix.locator("input[name=reason]")
    expect(reason).to_have_attribute("aria-invalid", "true")
    expect(fix.locator("input[name=points-0]")).to_have_value("12")
    said = fix.locator(".field-error").bounding_box()
    field = reason.bounding_box()
    assert said is not None and field is not None
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 60  # right under the field
    expect(page.locator("#table-1 .ticket-totals")).to_contain_text(f"{seated[0]} +4")
    _looked_at(page, "ticket-no-reason")

    reason.fill("Player 12 was read as 4")
    fix.get_by_role("button", name="Correct table 1's ticket").click()
    expect(page.locator(".flash")).to_contain_text("Table 1's paper ticket is corrected")
    totals = page.locator("#table-1 .ticket-totals")
    expect(totals).to_contain_text(f"{seated[0]} +12")
    for name in seated[1:]:
        expect(totals).to_contain_text(f"{name} \u22123")  # a minus sign, as penalties show
    expect(page.locator("#correct-1")).not_to_have_attribute("open", "")
    _looked_at(page, "ticket-corrected")


@SIZES
def test_the_director_renames_a_player(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    page = director
    event_url = _become_director(live_app, page, live_server, made)
    page.goto(event_url)
    rename = page.locator("#rename-3")
    rename.locator("summary").click()
    expect(rename.locator("input[name=name]")).to_have_value("Player 3")
    rename.locator("input[name=name]").fill("Gus Lemke")
    _looked_at(page, "rename-open")
    rename.get_by_role("button", name="Rename #3").click()
    expect(page.locator(".flash")).to_contain_text(
        "#3 Player 3 is called Gus Lemke from now on")
    expect(page.locator("#p3")).to_contain_text("Gus Lemke")
    _looked_at(page, "renamed")

    page.goto(event_url + "/sessions/1")
    table = next(t["number"] for t in drawn["tables"] if "Player 3" in t["players"])
    expect(page.locator(f"#table-{table} ol")).to_contain_text("Gus Lemke")
    expect(page.locator("#board")).not_to_contain_text("Player 3")
    _looked_at(page, "renamed-session")


@SIZES
def test_the_director_seats_a_walk_in(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, _ = _event(live_app)
    added = live_app.test_client().post(
        f"{API}/events/{made['id']}/players", headers=_auth(made["director_token"]),
        json={"checked_in": True, "players": [{"name": "Walter"}]})
    assert added.status_code == 201, added.get_json()
    number = added.get_json()["players"][0]["number"]
    page = director
    page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    walk_in = page.locator(f"#walk-ins #walk-in-{number}")
    expect(walk_in).to_contain_text("Walter")
    _looked_at(page, "walk-in")
    walk_in.locator(f"#seat-{number}").click()
    expect(page.locator(".flash")).to_contain_text(f"#{number} Walter sits at table")
    expect(page.locator(f"#walk-in-{number}")).to_have_count(0)
    expect(page.locator("#board")).to_contain_text("Walter")
    _looked_at(page, "walk-in-seated")


def _as_phone(app: Flask, page: Any, base: str, night: int, token: str) -> None:
    """Give the browser the table's phone grant in its session cookie, as the
    phone that claimed the table's code holds it."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["editors"] = {str(night): token}
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.clear_cookies()
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])


@SIZES
def test_the_table_signs_its_result_and_a_dispute_reaches_the_director(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    api = live_app.test_client()
    assert api.patch(f"{API}/events/{made['id']}", headers=_auth(made["director_token"]),
                     json={"signatures": True}).status_code == 200
    table = drawn["tables"][0]
    seated = table["players"]
    for k in range(5):
        saved = api.post(f"{API}/tables/{table['night']}/hands",
                         headers=_auth(table["edit_token"]),
                         json={"picker": seated[k], "partners": [seated[(k + 1) % 5]],
                               "points": (75, 40, 61, 95, 30)[k]})
        assert saved.status_code == 201, saved.get_json()
    page = director
    _as_phone(live_app, page, live_server, table["night"], table["edit_token"])
    page.goto(f"{live_server}/t/{table['night']}/hand/new")
    signing = page.locator("#signing")
    expect(signing).to_contain_text("Sign the result")
    _looked_at(page, "sign-open")
    for seat in (1, 2, 3):
        page.locator(f"#agree-{seat}").click()
        expect(page.locator(".flash")).to_contain_text(
            f"{seated[seat - 1]} agrees to table 1's result")
        expect(page.locator(f"#seat-sign-{seat}")).to_contain_text("Agreed")
    row = page.locator("#seat-sign-4")
    row.locator("#dispute-4").click()
    row.locator("input[name=note]").fill("Hand 3 was a leaster")
    _looked_at(page, "sign-dispute-open")
    row.locator("#send-dispute-4").click()
    expect(page.locator(".flash")).to_contain_text(
        f"{seated[3]} disputes table 1's result: the director is asked")
    expect(page.locator("#signing-title")).to_have_text("Disputed: the director is asked")
    expect(page.locator("#seat-sign-4")).to_contain_text("Disputes: “Hand 3 was a leaster”")
    _looked_at(page, "sign-disputed")

    page.context.clear_cookies()
    page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    expect(page.locator("#disputed")).to_contain_text("table 1")
    expect(page.locator("#disputed")).to_contain_text("Hand 3 was a leaster")
    expect(page.locator("#signed-1")).to_contain_text(f"Disputed by {seated[3]}")
    _looked_at(page, "sign-director")


@SIZES
def test_the_director_changes_the_settings_before_play(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, _ = _event(live_app)
    page = director
    page.goto(_become_director(live_app, page, live_server, made) + "#settings")
    settings = page.locator("#settings")
    expect(settings.locator("input[name=ties][value=standard]")).to_be_checked()
    settings.locator("input[name=ties][value=total]").check()
    settings.locator("input[name=signatures]").check()
    _looked_at(page, "settings")
    settings.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".flash")).to_contain_text("Settings saved: Ties: Total only")
    expect(page.locator(".flash")).to_contain_text("Each table signs its result")
    expect(page.locator("#settings input[name=ties][value=total]")).to_be_checked()
    expect(page.locator("#settings input[name=signatures]")).to_be_checked()
    page.locator("#settings").get_by_role("button", name="Save the settings").click()
    expect(page.locator("#settings .field-error")).to_contain_text("nothing to change")
    _looked_at(page, "settings-unchanged")
