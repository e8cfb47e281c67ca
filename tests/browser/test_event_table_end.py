"""A tournament table's phone (390 × 844, scripts on) to the end of its
session: the record form says "Hand k of N" by deals (a void is dealt
again, so it keeps its number) and its script keeps the "of N" as it
renumbers for a hand kept on the phone; after the last hand the phone lands
on "Table done — waiting for the director" with the results, and its ledger
offers no next hand.  The event's start page says how long a table plays
for what is typed and chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
SHOTS = Path("/tmp")


def _table(app: Flask) -> dict[str, Any]:
    """One round at a table of five, drawn through the API; a picked hand
    and a void already recorded by its phone."""
    api = app.test_client()
    event = api.post(f"{API}/events", json={"name": "Germanfest", "preset": "called-ace",
                                            "sessions": 1, "rounds": 1}).get_json()
    director = {"Authorization": f"Bearer {event['director_token']}"}
    api.post(f"{API}/events/{event['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 6)]})
    table = api.post(f"{API}/events/{event['id']}/sessions/1/draw", headers=director,
                     json={"seed": 3}).get_json()["tables"][0]
    phone = {"Authorization": f"Bearer {table['edit_token']}"}
    players = table["players"]
    for hand in ({"picker": players[1], "partners": [players[2]], "points": 75},
                 {"kind": "void"}):
        assert api.post(f"{API}/tables/{table['night']}/hands", headers=phone,
                        json=hand).status_code == 201
    return table


def _as_phone(app: Flask, page: Any, base: str, table: dict[str, Any]) -> None:
    """This browser holds the table's grant, as the phone that claimed its code."""
    api = app.test_client()
    with api.session_transaction() as session:
        session["editors"] = {str(table["night"]): table["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])


def _fill(page: Any) -> None:
    """A plain hand by taps: the first two seated pick and partner, 61 points."""
    page.locator("#kind label", has_text="Someone picked").click()
    free = [i.get_attribute("value") for i in page.locator("#picker label:not(.out) input").all()]
    for box, name in (("#picker", free[0]), ("#partners", free[1])):
        page.locator(f"{box} label").filter(has=page.locator(f"input[value='{name}']")).click()
    page.locator("button[data-points='61']").click()


def test_the_phone_counts_deals_to_the_end_and_waits_for_the_director(
        live_app: Flask, live_server: str, page: Any) -> None:
    table = _table(live_app)
    _as_phone(live_app, page, live_server, table)
    record = f"{live_server}/t/{table['night']}/hand/new"
    page.goto(record)
    wait_until(page, "() => window.scorekeeperWaitingPanel !== undefined")
    title = page.locator("main h1")
    expect(title).to_have_text("Hand 2 of 5")  # hand 3 of the ledger: the void is dealt again

    # A hand kept on the phone while the server can't be reached: the script
    # renumbers the heading for it and keeps the deals due.
    page.context.set_offline(True)
    expect(page.locator("#net-status")).to_have_text("Offline")
    _fill(page)
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("kept on this phone")
    expect(title).to_have_text("Hand 3 of 5")
    page.context.set_offline(False)
    expect(page.locator("#sent")).to_contain_text("Hand 3 sent", timeout=20000)
    expect(page.locator("#waiting .badge.count")).to_have_count(0)
    expect(title).to_have_text("Hand 3 of 5")
    page.screenshot(path=str(SHOTS / "event-table-hand-3-of-5.png"), full_page=False)

    for number, heading in ((4, "Hand 3 of 5"), (5, "Hand 4 of 5"), (6, "Hand 5 of 5")):
        expect(title).to_have_text(heading)
        _fill(page)
        page.locator("#save").click()
        expect(page.locator(".flash.saved")).to_contain_text(f"Hand {number} saved")

    expect(title).to_have_text("Table done — waiting for the director")
    expect(page.locator("#deals")).to_contain_text("5 of 5 hands dealt")
    results = page.locator("#table-results li")
    expect(results).to_have_count(5)
    assert "Conflict" not in page.locator("main").inner_text()
    assert page.locator("#hand-form").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "event-table-done.png"), full_page=True)

    page.locator("#back-to-table").click()
    page.wait_for_selector("#ledger")
    expect(page.locator("#table-done")).to_contain_text("waits for the director")
    assert page.locator("#record-next").count() == 0


def test_the_start_page_says_how_long_a_table_plays_for_what_is_typed(
        live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/e/new")
    page.fill("input[name=sessions]", "1")
    hint = page.locator("#length-hint")
    expect(hint).to_have_text(
        "4 rounds: 20 hands at a table of five, 24 at six (the dealer sits out).")
    page.fill("input[name=rounds]", "1")
    expect(hint).to_have_text(
        "1 round: 5 hands at a table of five, 6 at six (the dealer sits out).")
    page.locator("input[name=preset][value=sheephead-4]").check()
    expect(hint).to_have_text(
        "1 round: 4 hands at a table of four, 5 at five (the dealer sits out).")
    page.fill("input[name=hands]", "15")
    expect(page.locator("input[name=length][value=hands]")).to_be_checked()
    expect(hint).to_have_text(
        "15 hands at every table, whatever its size (not every player deals as often).")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#length").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "event-start-length.png"), full_page=False)
    page.locator("#start").click()
    page.wait_for_selector("#register")
    assert "1 session of 15 hands" in page.locator("main").inner_text()
