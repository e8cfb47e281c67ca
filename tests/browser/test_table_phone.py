"""A tournament table's phone (390 × 844) scores its own hands and nothing
else: the director starts an event, checks in ten players, draws session 1
and prints the table cards; a second phone claims table 1's one-time code.
Its tabs are Ledger, Record, Rules, Rulings and History (no Players, Share or
Settle up), its ledger has no money, a hand recorded by taps shows in the
ledger, the night summary offers no close, new night, group or export, and
the roster, settle-up and share pages refuse it in the policy's words.  The
director opening the same table keeps the Players tab (seating fixes are
his) and still sees no settle-up or money."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.steps import save_hand, start_event

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = "\n".join(f"Player {n}, 555-01{n:02d}" for n in range(1, 11))
SHOTS = Path("/tmp")
PHONE_TABS = ["Ledger", "Record", "Rules", "Rulings", "History"]


def _tabs(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("nav.tabs a").all_inner_texts()]


def _fits(page: Any) -> None:
    """Nothing wider than the phone: the page never scrolls sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.url


def _shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"phone-{name}.png"), full_page=False)


def _start_event(page: Any, base: str) -> str:
    """Start the event (three sessions of one round), register and check in
    ten players, draw session 1; the session page's URL."""
    session_url = start_event(page, base, "Lodge Night Cup", PLAYERS,
                              sessions="3", rounds="1") + "/sessions/1"
    assert page.locator("#table-1 li").count() >= 4
    return session_url


def test_a_tournament_tables_phone_scores_without_roster_money_or_group(
        browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    director = browser.new_context(**browser_context_args).new_page()
    session_url = _start_event(director, live_server)

    director.locator("#print-cards").click()  # a POST: new codes, shown once
    director.wait_for_selector("#card-1")
    assert director.locator(".card").count() >= 2
    card = director.locator("#card-1")
    assert card.locator("h1").inner_text() == "Table 1"
    assert card.locator("svg.qr[aria-label='QR code for table 1']").count() == 1
    code = card.locator(".code code").inner_text().strip()
    assert code
    seated = [li.split(" ", 1)[1] for li in card.locator(".seats li").all_inner_texts()]

    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(f"{live_server}/claim/{code}")
    phone.fill("#label", "Table 1 phone")
    phone.locator("#claim").click()
    phone.wait_for_url(re.compile(r"/t/\d+$"))
    phone.wait_for_selector("#ledger")
    found = re.search(r"/t/(\d+)", phone.url)
    assert found is not None
    table = f"{live_server}/t/{found.group(1)}"

    # The phone's tabs: scoring and reading, no roster, share or settle-up.
    assert _tabs(phone) == PHONE_TABS
    for absent in ("Players", "Share", "Settle up"):
        assert phone.locator("nav.tabs a", has_text=absent).count() == 0
    assert phone.locator("#ledger tr.money").count() == 0
    assert "$" not in phone.locator("#ledger").inner_text()
    _fits(phone)

    # One hand by taps: the picker, the partner, a points chip, Save.
    phone.locator("nav.tabs a", has_text="Record").click()
    phone.wait_for_url("**/hand/new")
    assert _tabs(phone) == PHONE_TABS
    phone.locator("#kind label", has_text="Someone picked").click()
    free = [i.get_attribute("value")
            for i in phone.locator("#picker label:not(.out) input").all()]
    picker, partner = free[0], free[1]
    assert {picker, partner} <= set(seated)
    # by the input's value: the text "Player 1" would also find "Player 10"
    for box, name in (("#picker", picker), ("#partners", partner)):
        phone.locator(f"{box} label").filter(
            has=phone.locator(f"input[value='{name}']")).click()
    phone.locator("button[data-points='61']").click()
    phone.wait_for_selector("#summary-line li")
    _fits(phone)
    _shot(phone, "record")
    save_hand(phone)

    phone.locator("nav.tabs a", has_text="Ledger").click()
    phone.wait_for_selector("#hand-1")
    assert picker in phone.locator("#hand-1 summary").inner_text()
    totals = {c.get_attribute("data-player"): c.inner_text().strip()
              for c in phone.locator("#totals td[data-player]").all()}
    assert totals[picker].startswith("+") and totals[partner].startswith("+")
    assert phone.locator("#ledger tr.money").count() == 0
    assert "$" not in phone.locator("#ledger").inner_text()
    assert _tabs(phone) == PHONE_TABS
    _fits(phone)
    _shot(phone, "ledger")

    # The night summary: standings, but nothing that ends or carries on the night.
    assert phone.goto(table + "/summary").status == 200
    summary = phone.locator("body").inner_text()
    for offer in ("Close the table", "New night", "Start a group"):
        assert offer.lower() not in summary.lower(), offer
    assert phone.locator("#close-link").count() == 0
    assert phone.locator("a[href*='/export.']").count() == 0
    assert phone.locator(".exports").count() == 0
    assert "$" not in phone.locator("#final-standings").inner_text()
    _fits(phone)

    # The roster, settle-up and share pages refuse the phone, in words.
    for page_name in ("players", "settle", "share"):
        answer = phone.goto(f"{table}/{page_name}")
        assert answer.status == 403, (page_name, answer.status)
        said = phone.locator("body").inner_text()
        assert "tournament table" in said.lower(), (page_name, said)
        assert "Internal Server Error" not in said
        _fits(phone)
        if page_name == "players":
            _shot(phone, "refused")

    # The director on the same table: seating fixes are his, money is nobody's.
    director.goto(table)
    director.wait_for_selector("#ledger")
    tabs = _tabs(director)
    assert "Players" in tabs, tabs
    assert "Settle up" not in tabs, tabs
    assert director.locator("#ledger tr.money").count() == 0
    assert "$" not in director.locator("#ledger").inner_text()
    assert picker in director.locator("#hand-1 summary").inner_text()
    assert director.goto(table + "/players").status == 200
    assert director.goto(table + "/settle").status == 403

    # The director accepts the table's result: the phone is told so on its
    # ledger and may no longer record; the director may still correct it.
    director.goto(session_url)
    director.locator("#done-1").click()
    director.wait_for_selector(".flash")
    assert "Table 1 is done" in director.locator(".flash").first.inner_text()
    assert director.locator("#done-1").inner_text().startswith("Open table 1 again")
    _fits(director)
    _shot(director, "session-done")
    phone.goto(table)
    phone.wait_for_selector("#table-done")
    assert "corrections are the director" in phone.locator("#table-done").inner_text()
    assert phone.locator("#record-next").count() == 0
    assert "Record" not in _tabs(phone)
    _fits(phone)
    _shot(phone, "ledger-done")
    refused = phone.goto(table + "/hand/new")
    assert refused.status == 409
    phone.locator("#back-to-table").click()
    phone.wait_for_selector("#ledger")
    director.goto(table + "/hand/new")
    director.wait_for_selector("#hand-form")
    assert "director's correction" in director.locator("#table-done").inner_text()
    _fits(director)
    _shot(director, "correction")

    phone.context.close()
    director.context.close()
