"""Two directors on one session page, each on a phone and a laptop: what a
page showed is what its form changes.

1. Both open session 1 with table 1's paper ticket on it; the first corrects
   it; the second, its form opened before, corrects it too and is refused,
   the page saying what the ticket says now, the first one's totals kept.
2. The first withdraws a penalty, saying why: it stays listed, struck
   through, with who, when and why; the second, whose page still offers
   Withdraw, is refused saying who already did, and the other penalty
   still stands.

Screenshots: tests/screenshots/event-two-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.browser.test_event_corrections import (
    API,
    LAPTOP,
    PHONE,
    _auth,
    _become_director,
    _event,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture()
def two(browser: Any) -> Iterator[tuple[Any, Any]]:
    """The director's phone and the co-director's laptop."""
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    laptop = browser.new_context(viewport=LAPTOP)
    yield phone.new_page(), laptop.new_page()
    phone.close()
    laptop.close()


def _looked_at(page: Any, name: str) -> None:
    width = page.viewport_size["width"]
    screenshot(page, f"event-two-{name}-{width}x{page.viewport_size['height']}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _correct(page: Any, points: tuple[int, ...], why: str) -> None:
    fix = page.locator("#correct-1")
    fix.locator("summary").click()
    for i, value in enumerate(points):
        fix.locator(f"input[name=points-{i}]").fill(str(value))
    fix.locator("input[name=reason]").fill(why)
    fix.get_by_role("button", name="Correct table 1's ticket").click()


def test_a_stale_page_changes_neither_the_ticket_nor_a_penalty(
        two: tuple[Any, Any], live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    seated, numbers = drawn["tables"][0]["players"], drawn["tables"][0]["numbers"]
    api, director = live_app.test_client(), _auth(made["director_token"])
    base = f"{API}/events/{made['id']}"
    assert api.post(f"{base}/sessions/1/tables/1/ticket", headers=director, json={
        "totals": dict(zip(seated, (4, -1, -1, -1, -1), strict=True))}).status_code == 201
    for number, reason in ((numbers[1], "Renege"), (numbers[2], "Slow play")):
        assert api.post(f"{base}/penalties", headers=director, json={
            "number": number, "session": 1, "points": 2, "reason": reason}).status_code == 201
    first, second = two
    for page in two:
        page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
        expect(page.locator("#table-1 .ticket-totals")).to_contain_text(f"{seated[0]} +4")

    _correct(first, (8, -2, -2, -2, -2), "Read 4 for 8")
    expect(first.locator(".flash")).to_contain_text("Table 1's paper ticket is corrected")
    _correct(second, (6, -3, -1, -1, -1), "Miscounted")
    said = second.locator(".flash.error")
    expect(said).to_contain_text("ticket changed since this page showed it")
    expect(said).to_contain_text(f"{seated[0]} +8")
    expect(second.locator("#correct-1 input[name=points-0]")).to_have_value("6")  # as sent
    expect(second.locator("#penalty-form input[name=reason]")).to_have_value("")  # not its why
    _looked_at(second, "ticket-stale")
    first.reload()
    expect(first.locator("#table-1 .ticket-totals")).to_contain_text(f"{seated[0]} +8")

    penalty = first.locator("#penalties li", has_text="Renege")
    penalty.locator("input[name=reason]").fill("Wrong player")
    penalty.get_by_role("button", name="Withdraw").click()
    gone = first.locator("#penalties li.withdrawn", has_text="Renege")
    expect(gone).to_contain_text("Withdrawn by")
    expect(gone).to_contain_text("Wrong player")
    _looked_at(first, "penalty-withdrawn")
    # the second page was drawn before the withdrawal: it still offers Withdraw
    second.locator("#penalties li", has_text="Renege").get_by_role(
        "button", name="Withdraw").click()
    expect(second.locator(".flash.error")).to_contain_text("already withdrawn by")
    expect(second.locator("#penalties li.withdrawn", has_text="Renege")).to_contain_text(
        "Wrong player")
    _looked_at(second, "penalty-stale")
    kept = api.get(f"{base}/penalties", headers=director).get_json()["penalties"]
    assert [(p["reason"], bool(p["withdrawn"])) for p in kept] == [
        ("Renege", True), ("Slow play", False)]


def test_a_swap_from_a_page_that_showed_other_seats_is_refused(
        two: tuple[Any, Any], live_app: Flask, live_server: str) -> None:
    """Both directors open session 1 before its first hand; the first swaps
    two players; the second's page still shows the old seats, and its swap
    is refused saying what moved them: nobody is swapped back."""
    made, drawn = _event(live_app)
    a, b = drawn["tables"][0]["numbers"][0], drawn["tables"][1]["numbers"][0]
    first, second = two
    for page in two:
        page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    for page in two:
        swap = page.locator("#swap form")
        swap.locator("input[name=a]").fill(str(a))
        swap.locator("input[name=b]").fill(str(b))
    first.locator("#swap").get_by_role("button", name="Swap").click()
    expect(first.locator(".flash")).to_contain_text(f"Swapped #{a} and #{b}")
    second.locator("#swap").get_by_role("button", name="Swap").click()
    refused = second.locator(".flash, [role=alert]").first
    expect(refused).to_contain_text("changed since this page showed them")
    expect(refused).to_contain_text(f"Swapped #{a} and #{b} in session 1")
    _looked_at(first, "swap-made")
    _looked_at(second, "swap-refused")
    seats = live_app.test_client().get(f"{API}/events/{made['id']}/sessions/1",
                                       headers=_auth(made["director_token"])).get_json()
    tables = [t["numbers"] for t in seats["tables"]]
    assert a in tables[1] and b in tables[0]  # swapped once, not back


def test_a_ticket_withdrawn_stays_listed_and_a_stale_done_names_the_hand(
        two: tuple[Any, Any], live_app: Flask, live_server: str) -> None:
    """The first director withdraws table 1's paper ticket, saying why: it
    stays at its table, struck through, with who, when and why.  The
    second's page was opened before table 2's phone recorded a hand: its
    "Table 2 is done" is refused naming that hand, and the table plays on."""
    made, drawn = _event(live_app)
    seated = drawn["tables"][0]["players"]
    api, director = live_app.test_client(), _auth(made["director_token"])
    base = f"{API}/events/{made['id']}"
    assert api.post(f"{base}/sessions/1/tables/1/ticket", headers=director, json={
        "totals": dict(zip(seated, (4, -1, -1, -1, -1), strict=True))}).status_code == 201
    first, second = two
    for page in two:
        page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
    gone = first.locator("#withdraw-1")
    gone.locator("summary").click()
    gone.locator("input[name=reason]").fill("Entered at the wrong table")
    gone.get_by_role("button", name="Withdraw: table 1's hands count again").click()
    listed = first.locator("#table-1 .ticket-totals.withdrawn")
    expect(listed).to_contain_text(f"{seated[0]} +4")
    expect(listed).to_contain_text("Entered at the wrong table")
    expect(listed.locator(".said")).to_contain_text("Withdrawn by")
    _looked_at(first, "ticket-withdrawn")
    table = drawn["tables"][1]
    players = table["players"]
    assert api.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json={"picker": players[1], "partners": [players[2]],
                                    "points": 70}).status_code == 201
    second.locator("#done-2").click()
    refused = second.locator(".flash.error")
    expect(refused).to_contain_text("Table 2 changed since this page showed it")
    expect(refused).to_contain_text("Recorded hand 1")
    _looked_at(second, "done-stale")
    second.reload()
    expect(second.locator("#done-2")).to_have_text("Table 2 is done")  # it plays on
