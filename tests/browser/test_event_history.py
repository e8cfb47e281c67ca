"""The event's History tab, read by its director on a phone (390 × 844) and
on a laptop (1280 × 800).

The director starts the event on his own pages: ten players registered and
checked in, session 1 drawn.  On session 1's page he takes 2 points off a
player at table 1 for a renege, then withdraws it ("Wrong player"), enters
table 1's paper ticket and corrects it ("Read 4 for 8"); table 2's phone
records its first hand through the API.  Then he taps History in the
event's tabs, and the page says it all in words:

- newest first: the corrected ticket, the ticket, the penalty withdrawn, the
  penalty, the draw and the players registered;
- the penalty given and withdrawn, with the player, the points and the
  reasons; the corrected ticket with its reason and "before → after";
- when and who: every entry names the device that made it;
- no change is shown as a raw record (no "{'" anywhere);
- table 2's hand is not there until "Show the tables' hands too" is
  tapped, then it is, said by table 2's phone, and the link goes back to
  "Show only the event's own changes".

Nothing scrolls sideways, on the phone even at 320 px with the text at
200%.  An event of more than 200 changes shows the newest 200 and a link
to the older ones, which shows the rest, none twice and none missed.
Screenshots: tests/screenshots/event-history-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start_event
from tests.browser.test_event_corrections import (
    API,
    PHONE,
    SIZES,
    _auth,
    _become_director,
    _event,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = "\n".join(f"Player {n}" for n in range(1, 11))
#: The actions the page lists, newest first, without the tables' hands.
OWN = ["ticket", "ticket", "unpenalty", "penalty", "draw", "register"]


@pytest.fixture()
def director(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    """The director's page, in a browser the size of ``viewport`` (a phone's
    with touch)."""
    phone = {"is_mobile": True, "has_touch": True} if viewport == PHONE else {}
    context = browser.new_context(viewport=viewport, **phone)
    yield context.new_page()
    context.close()


def _looked_at(page: Any, name: str) -> None:
    """Two screenshots named for the step and the size (the whole page and,
    ``-seen``, what the screen shows), and the page no wider than the screen."""
    width = page.viewport_size["width"]
    size = f"{width}x{page.viewport_size['height']}"
    screenshot(page, f"event-history-{name}-{size}-seen", full_page=False)
    screenshot(page, f"event-history-{name}-{size}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _seats(page: Any, table: int) -> list[tuple[int, str]]:
    """Who sits at ``table``, in seat order, as the session page lists them
    ("#3 Player 3")."""
    said = page.locator(f"#table-{table} ol li").all_inner_texts()
    return [(int(number.lstrip("#")), name) for number, name in
            (s.split(None, 1) for s in said)]


def _fill(form: Any, points: tuple[int, ...]) -> None:
    for i, value in enumerate(points):
        form.locator(f"input[name=points-{i}]").fill(str(value))


def _said(seats: list[tuple[int, str]], points: tuple[int, ...]) -> str:
    """A ticket's totals as the history says them ("Player 3 +4, Player 1 -1")."""
    return ", ".join(f"{name} {p:+d}" for (_, name), p in zip(seats, points, strict=True))


@SIZES
def test_the_director_reads_the_events_history_in_words(
        director: Any, live_app: Flask, live_server: str) -> None:
    page = director
    event_url = start_event(page, live_server, "Oktoberfest", PLAYERS,
                            sessions="2", rounds="1")
    first, second = _seats(page, 1), _seats(page, 2)
    token = page.locator("#fresh-2 code.wrap").inner_text().strip()
    opened = page.locator("#table-2 header a", has_text="open").get_attribute("href")
    found = re.fullmatch(r"/t/(\d+)", opened or "")
    assert found, opened
    night = int(found.group(1))
    number, name = first[1]

    # a penalty, then withdrawn saying why
    page.fill("#penalty-form input[name=player]", str(number))
    page.fill("#penalty-form input[name=points]", "2")
    page.fill("#penalty-form input[name=reason]", "Renege")
    page.locator("#penalty-form button[type=submit]").click()
    expect(page.locator(".flash")).to_contain_text(f"Penalty: 2 points off #{number} {name}")
    penalty = page.locator("#penalties li", has_text="Renege")
    penalty.locator("input[name=reason]").fill("Wrong player")
    penalty.get_by_role("button", name="Withdraw").click()
    expect(page.locator("#penalties li.withdrawn", has_text="Renege")).to_contain_text(
        "Wrong player")

    # table 1's paper ticket, entered, then corrected
    entered, corrected = (4, -1, -1, -1, -1), (8, -2, -2, -2, -2)
    ticket = page.locator("#table-1 details.ticket")
    ticket.locator("summary").click()
    _fill(ticket, entered)
    ticket.get_by_role("button", name="Enter table 1's totals").click()
    expect(page.locator(".flash")).to_contain_text("Table 1's paper ticket is in")
    fix = page.locator("#correct-1")
    fix.locator("summary").click()
    _fill(fix, corrected)
    fix.locator("input[name=reason]").fill("Read 4 for 8")
    fix.get_by_role("button", name="Correct table 1's ticket").click()
    expect(page.locator(".flash")).to_contain_text("Table 1's paper ticket is corrected")

    # table 2's phone records a hand through the API
    picker, partner = second[0][1], second[1][1]
    hand = live_app.test_client().post(f"{API}/tables/{night}/hands", headers=_auth(token),
                                       json={"picker": picker, "partners": [partner],
                                             "points": 75})
    assert hand.status_code == 201, hand.get_json()

    page.locator("nav.event-tabs a", has_text="History").click()
    page.wait_for_url(f"{event_url}/history")
    expect(page.locator("nav.event-tabs a[aria-current=page]")).to_have_text("History")
    entries = page.locator("#history li")
    expect(entries).to_have_count(len(OWN))
    assert [entries.nth(i).get_attribute("data-action") for i in range(len(OWN))] == OWN
    said = page.locator("#history").inner_text()
    assert "{'" not in said and '{"' not in said and "None" not in said, said
    expect(entries.nth(0).locator("strong")).to_have_text(
        "Paper ticket for session 1, table 1 corrected (Read 4 for 8): "
        f"{_said(first, entered)} \u2192 {_said(first, corrected)}")
    expect(entries.nth(1).locator("strong")).to_have_text(
        f"Paper ticket for session 1, table 1: {_said(first, entered)}")
    expect(entries.nth(2).locator("strong")).to_have_text(
        f"Penalty withdrawn: 2 points back to #{number} {name} in session 1 (Renege): "
        "Wrong player")
    expect(entries.nth(3).locator("strong")).to_have_text(
        f"Penalty: 2 points off #{number} {name} in session 1 (Renege)")
    expect(entries.nth(4).locator("strong")).to_contain_text("Drew session 1")
    expect(entries.nth(5).locator("strong")).to_have_text("Registered 10 players (#1 to #10)")
    # when and who: "Dec 3, 07:06 UTC · <the director's device>", the same device each time
    whens = page.locator("#history li small").all_inner_texts()
    devices = {w.split(" · ", 1)[1].strip() for w in whens if " · " in w}
    assert devices == {"Director"} and all(" · " in w for w in whens), whens  # who started it
    assert re.match(r"[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}", whens[0]), whens
    expect(page.locator("#history")).not_to_contain_text("Recorded hand")
    expect(page.locator("#older")).to_have_count(0)
    _looked_at(page, "own")

    toggle = page.locator("#hands-toggle")
    expect(toggle).to_have_text("Show the tables' hands too")
    toggle.click()
    page.wait_for_url(f"{event_url}/history?hands=1")
    expect(page.locator("#hands-toggle")).to_have_text("Show only the event's own changes")
    expect(entries).to_have_count(len(OWN) + 1)
    added = page.locator("#history li").first
    expect(added).to_have_attribute("data-action", "add")
    expect(added.locator("strong")).to_have_text(
        f"Session 1 \u00b7 Table 2: Recorded hand 1: {picker} with {partner}, 75 points")
    expect(added.locator("small")).to_contain_text(" \u00b7 Table 2")  # the table's phone
    assert "{'" not in page.locator("#history").inner_text()
    _looked_at(page, "hands")
    page.locator("#hands-toggle").click()
    page.wait_for_url(f"{event_url}/history")
    expect(entries).to_have_count(len(OWN))

    if page.viewport_size == PHONE:
        # a small phone with the text at 200%: still nothing to swipe sideways
        page.set_viewport_size({"width": 320, "height": 640})
        page.evaluate("document.documentElement.style.setProperty("
                      "'font-size', '200%', 'important')")
        _looked_at(page, "large-text")


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_an_event_of_many_changes_shows_the_older_ones_a_link_away(
        director: Any, live_app: Flask, live_server: str) -> None:
    made, drawn = _event(live_app)
    api, run = live_app.test_client(), _auth(made["director_token"])
    numbers = [n for t in drawn["tables"] for n in t["numbers"]]
    for k in range(205):  # with the players registered and the draw: 207 changes
        given = api.post(f"{API}/events/{made['id']}/penalties", headers=run, json={
            "number": numbers[k % len(numbers)], "session": 1, "points": 1,
            "reason": f"Slow play {k + 1}"})
        assert given.status_code == 201, given.get_json()
    page = director
    event_url = _become_director(live_app, page, live_server, made)
    page.goto(f"{event_url}/history")
    entries = page.locator("#history li strong")
    expect(entries).to_have_count(200)
    newest = entries.all_inner_texts()
    assert "(Slow play 205)" in newest[0] and "(Slow play 6)" in newest[-1], newest[-1]
    page.locator("#older").click()
    page.wait_for_url(re.compile(r"/history\?before=\d+$"))
    expect(entries).to_have_count(7)
    older = entries.all_inner_texts()
    assert "(Slow play 5)" in older[0] and older[-1].startswith("Registered 10 players")
    assert len(set(newest + older)) == 207  # none twice, none missed
    expect(page.locator("#older")).to_have_count(0)
    _looked_at(page, "older")
