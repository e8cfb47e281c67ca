"""Two directors on one session page, each on a phone and a laptop: what a
page showed is what its form changes.

1. Both open session 1 with table 1's paper ticket on it; the first corrects
   it; the second, its form opened before, corrects it too and is refused,
   the page saying what the ticket says now, the first one's totals kept.
2. The first withdraws a penalty, saying why: it stays listed, struck
   through, with who, when and why; the second, whose page still offers
   Withdraw, is refused saying who already did, and the other penalty
   still stands.
3. Both, on two phones, see no penalty to one player; the first gives him
   one; the second gives him one too and is refused, the page naming the
   one given since and listing it alone; sent again from that page, the
   second is given too.

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


@pytest.fixture()
def phones(browser: Any) -> Iterator[tuple[Any, Any]]:
    """The director's phone and the co-director's, both 390 × 844."""
    first = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield first.new_page(), second.new_page()
    first.close()
    second.close()


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


def _penalise(page: Any, number: int, points: int, why: str) -> None:
    form = page.locator("#penalty-form")
    form.locator("input[name=player]").fill(str(number))
    form.locator("input[name=points]").fill(str(points))
    form.locator("input[name=reason]").fill(why)
    form.get_by_role("button", name="Take the points off").click()


def test_a_penalty_given_since_the_page_showed_none_is_named_and_given_when_sent_again(
        phones: tuple[Any, Any], live_app: Flask, live_server: str) -> None:
    """Both directors' phones show no penalty to table 1's first player; the
    first gives him 2 points off; the second's, sent from a page that still
    showed none, is refused naming that one beside the penalties, and only
    it is listed.  Sent again from that page, his is given too."""
    made, drawn = _event(live_app)
    number, name = drawn["tables"][0]["numbers"][0], drawn["tables"][0]["players"][0]
    first, second = phones
    for page in phones:
        page.goto(_become_director(live_app, page, live_server, made) + "/sessions/1")
        expect(page.locator("#penalty")).to_contain_text("None so far.")
    _penalise(first, number, 2, "Renege")
    expect(first.locator(".flash")).to_contain_text(
        f"Penalty: 2 points off #{number} {name} in session 1 (Renege)")

    _penalise(second, number, 3, "Played out of turn")
    refused = second.locator("#penalty #penalties-error")
    expect(refused).to_contain_text(
        f"Meanwhile #{number} {name} was given 2 points off in session 1 (Renege)")
    expect(refused).to_contain_text("this penalty was not given. Send it again to give it too.")
    expect(second.locator("#penalty")).to_be_in_viewport()  # not four screens down
    expect(second.locator(".flash.error")).to_contain_text("No penalty given: Meanwhile")
    listed = second.locator("#penalties li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text(f"−2 #{number} {name}: Renege")
    form = second.locator("#penalty-form")  # as sent, to send again
    expect(form.locator("input[name=player]")).to_have_value(str(number))
    expect(form.locator("input[name=reason]")).to_have_value("Played out of turn")
    _looked_at(second, "penalty-given-since")
    screenshot(second, "event-two-penalty-given-since-390x844-seen", full_page=False)

    form.get_by_role("button", name="Take the points off").click()
    expect(second.locator(".flash")).to_contain_text(
        f"Penalty: 3 points off #{number} {name} in session 1 (Played out of turn)")
    expect(listed).to_have_count(2)
    expect(second.locator("#penalties")).to_contain_text(f"−3 #{number} {name}: Played out")
    kept = live_app.test_client().get(f"{API}/events/{made['id']}/penalties", headers=_auth(
        made["director_token"])).get_json()["penalties"]
    assert [(p["reason"], p["points"]) for p in kept] == [
        ("Renege", 2), ("Played out of turn", 3)]
