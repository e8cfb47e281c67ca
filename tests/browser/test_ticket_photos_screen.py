"""Tickets read from photos in a real browser: a phone (390×844) sends three
photos from its camera button, the page shrinks them, a progress bar runs
while they are read off the request, and the readings come up; a laptop
(1280×800) confirms one, types the row the reader asked on another, and
sees a difference with the hands a table's phone recorded."""

from __future__ import annotations

from typing import Any

import numpy as np
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.db.models import EventTicket, db
from tests.browser.steps import screenshot
from tests.browser.test_event_print import _event
from tests.browser.test_ticket_photos import API, _director, _flats
from tests.tickets import corpus


def _photos(browser: Any, live_app: Flask, live_server: str, event_id: int, token: str,
            faint_table: int | None = None) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """Each table's ticket filled and photographed, as files a page can be given."""
    client = _director(live_app, event_id, token)
    flats = _flats(browser, live_server, client, event_id)
    rng = np.random.default_rng(21)
    files, truth = [], []
    for n, flat in enumerate(flats, start=1):
        totals = corpus.random_totals(rng, 5)
        filled = corpus.fill(flat, totals, rng).image
        if n == faint_table:  # a third of a bubble in the first player's tens: asked
            x, y = flat.at(*flat.block.bubble(0, 2, (abs(totals[0]) // 10 + 5) % 10))
            r = int(1.8 * flat.scale)
            filled[int(y) - r:int(y), int(x) - r // 2:int(x) + r // 2] = (60, 40, 30)
        files.append({"name": f"IMG_{n}.jpg", "mimeType": "image/jpeg",
                      "buffer": corpus.photograph(filled, rng)})
        truth.append(totals)
    return files, truth


def _open(browser: Any, live_app: Flask, live_server: str, event_id: int, token: str,
          **context: Any) -> Any:
    page = browser.new_context(**context).new_page()
    cookie = _director(live_app, event_id, token).get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": live_server}])
    page.goto(f"{live_server}/e/{event_id}/sessions/1")
    page.locator("#read-photos").click()
    return page


def test_a_phone_sends_three_photos_and_follows_their_reading(
        browser: Any, live_app: Flask, live_server: str) -> None:
    live_app.config["JOBS_IN_BACKGROUND"] = True  # as a server does: the bar runs
    event_id, token, _ = _event(live_app, 15)
    files, truth = _photos(browser, live_app, live_server, event_id, token)
    page = _open(browser, live_app, live_server, event_id, token,
                 viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    expect(page.locator("#photos-input")).to_have_attribute("capture", "environment")
    screenshot(page, "ticket-photos-phone-before", full_page=False)
    page.locator("#photos-input").set_input_files(files)
    page.locator("#send-photos").tap()
    expect(page.locator("article.photo-reading")).to_have_count(3, timeout=30_000)
    expect(page.locator("article.photo-reading[data-state=read]")).to_have_count(
        3, timeout=30_000)
    for n, totals in enumerate(truth, start=1):
        article = page.locator("article.photo-reading", has_text=f"IMG_{n}")
        expect(article.locator("tbody td.num").first).to_have_text(f"{totals[0]:+d}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "ticket-photos-phone-read")
    page.context.close()


def test_the_director_confirms_types_an_asked_row_and_sees_the_phones_hands(
        browser: Any, live_app: Flask, live_server: str) -> None:
    event_id, token, drawn = _event(live_app, 15)
    phone = drawn["tables"][0]
    api = live_app.test_client()
    saved = api.post(f"{API}/tables/{phone['night']}/hands", json={
        "picker": phone["players"][0], "partners": [phone["players"][1]], "points": 75},
        headers={"Authorization": f"Bearer {phone['edit_token']}"})
    assert saved.status_code == 201, saved.get_json()
    files, truth = _photos(browser, live_app, live_server, event_id, token, faint_table=2)
    page = _open(browser, live_app, live_server, event_id, token,
                 viewport={"width": 1280, "height": 800})
    page.locator("#photos-input").set_input_files(files)
    page.locator("#send-photos").click()
    expect(page.locator("article.photo-reading")).to_have_count(3, timeout=30_000)
    first = page.locator("article.photo-reading", has_text="IMG_1")
    expect(first.locator(".difference")).to_contain_text("The table's phone recorded 1 hand")
    asked = page.locator("article.photo-reading", has_text="IMG_2")
    expect(asked).to_have_attribute("data-state", "asked")
    expect(asked.locator("tr.asked")).to_contain_text("faint or half-made")
    screenshot(page, "ticket-photos-desktop-read")
    asked.locator("tr.asked input").fill(f"{truth[1][0]:+d}")
    asked.locator("button", has_text="Confirm table").click()
    expect(page.locator("article.photo-reading[data-state=confirmed]")).to_have_count(1)
    page.locator("article.photo-reading", has_text="IMG_1").locator(
        "button", has_text="Confirm table").click()
    expect(page.locator("article.photo-reading[data-state=confirmed]")).to_have_count(2)
    with live_app.app_context():
        tickets = db.session.scalars(db.select(EventTicket).order_by(EventTicket.id)).all()
        assert [list(t.totals.values()) for t in tickets] == [truth[1], truth[0]]
    screenshot(page, "ticket-photos-desktop-confirmed")
    page.context.close()
