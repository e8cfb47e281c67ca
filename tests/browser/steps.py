"""Steps the browser tests share: start a table on the start page, tap the
big name buttons, record a hand, fix one from the ledger, read the ledger's
totals, keep a screenshot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from flask import Flask

from tests.conftest import PLAYERS

SCREENSHOTS = Path(__file__).parents[1] / "screenshots"


def wait_until(page: Any, predicate: str, seconds: float = 10.0) -> None:
    """Until the page's ``predicate`` (a function's source) is true, asked
    every 50 ms.  Not ``page.wait_for_function``: once it must poll, it
    evaluates the predicate from a string inside the page, which the pages'
    policy (script-src 'self', no eval) refuses."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {predicate}"
        page.wait_for_timeout(50)


def start(page: Any, base: str, preset: str, options: dict[str, str] | None = None) -> None:
    page.goto(base + "/")
    for i, name in enumerate(PLAYERS):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator(f"input[name=preset][value={preset}]").check()
    if options:
        page.locator("details.options summary").click()
        for key, value in options.items():
            page.select_option(f"select[name=opt-{key}]", value)
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")


def tap(page: Any, group: str, name: str) -> None:
    page.locator(f"#{group} label", has_text=name).first.click()


def record(page: Any, kind: str = "Someone picked", **choices: str) -> None:
    if not page.url.endswith("/hand/new"):
        page.locator("nav.tabs a", has_text="Record").click()
        page.wait_for_url("**/hand/new")
    tap(page, "kind", kind)
    for group, value in choices.items():
        if group == "points":
            page.locator(f"button[data-points='{value}']").click()
        else:
            tap(page, group, value)
    save_hand(page)  # straight on to the next hand's form


def save_hand(page: Any) -> None:
    """Tap Save and wait for this save's confirmation on the page it leads
    to: the last save's, on the page being left, is taken away first (else
    the wait would be over before the new page came, and whatever followed
    could run on the page being left)."""
    page.evaluate("document.querySelectorAll('.flash.saved').forEach(e => e.remove())")
    page.locator("#save").click()
    page.wait_for_selector(".flash.saved")
    page.wait_for_load_state()


def fix(page: Any, number: int, action: str) -> None:
    """Tap hand ``number``'s line in the ledger, then its ``action`` button
    (Edit, Insert before or Delete)."""
    page.locator(f"#hand-{number} summary").click()
    page.locator(f"#hand-{number} .hand-actions a", has_text=action).click()


def totals(page: Any) -> dict[str, str]:
    if not page.locator("#ledger").count():
        page.locator("nav.tabs a", has_text="Ledger").click()
        page.wait_for_selector("#ledger")
    cells = page.locator("#totals td[data-player]")
    return {cells.nth(i).get_attribute("data-player"): cells.nth(i).inner_text().strip()
            for i in range(cells.count())}


def second_phone(page: Any, browser: Any, browser_context_args: dict[str, Any],
                 table_url: str) -> Any:
    """Bob's phone, made an editor with the one-time take-over code."""
    page.goto(table_url + "/share")
    page.locator("#show-handover").click()
    page.wait_for_selector("#handover-qr")
    claim_url = page.locator("#claim-url").text_content()
    phone = browser.new_context(**browser_context_args).new_page()
    phone.goto(claim_url)
    phone.locator("#label").fill("Bob's phone")
    phone.locator("#claim").click()
    phone.wait_for_selector("#ledger")
    return phone


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    """Save a screenshot under tests/screenshots/ (git-ignored): the whole page,
    or (``full_page=False``) just what the screen shows."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def api_night(app: Flask, page: Any, base: str, players: list[str], preset: str,
              hands: list[dict[str, Any]], name: str = "Fri", **table: Any) -> str:
    """Start a table (``table``: more of its fields, such as ``played_on``) and
    record ``hands`` through the API, then give this browser the edit token as
    the phone that started it holds it.  Returns the table's URL."""
    api = app.test_client()
    made = api.post("/api/v1/tables", json={"name": name, "players": players,
                                             "preset": preset, **table}).get_json()
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


def start_group(page: Any, base: str, name: str, players: str) -> None:
    """A new group made on its page by this browser (its scorekeeper): the
    group's page is open."""
    page.goto(base + "/g/new")
    page.fill("input[name=name]", name)
    page.fill("textarea[name=players]", players)
    page.locator("#new-group button[type=submit]").click()


def start_event(page: Any, base: str, name: str, players: str, **plan: str) -> str:
    """A director starts an event on /e/new (``plan``: its other fields, such
    as ``sessions`` and ``rounds``), pastes ``players`` checked in and draws
    session 1; the event's URL."""
    page.goto(base + "/e/new")
    page.fill("input[name=name]", name)
    for field, value in plan.items():
        page.fill(f"input[name={field}]", value)
    page.locator("#start").click()
    page.wait_for_selector("#register")
    page.locator("#paste summary").click()
    page.fill("#pasted", players)
    page.locator("#paste input[name=checked_in]").check()
    page.locator("#add-list").click()
    count = len(players.splitlines())
    page.wait_for_selector(f"#p{count}")
    assert f"<strong>{count}</strong> checked in" in page.content()
    event_url = str(page.url).split("#")[0]
    page.goto(event_url + "/sessions/1")
    page.locator("#draw-new").click()
    page.wait_for_selector("#board")
    return event_url
