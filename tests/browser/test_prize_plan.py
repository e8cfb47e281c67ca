"""The prize plan on the event form and the board, in a browser: a director
on a phone (390×844) and on a laptop (1280×800) picks the cup, starts the
event, registers and plays a session; the board shows each prize with its
terms at the pot so far, then after the finish the winners, the
consolation and the house, nothing wider than the screen."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.ledger.events import TIE_RULES
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.events.event import event_by_view_token, register
from tests.browser.steps import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = [f"Player {n:02d}" for n in range(1, 11)]
BY_SEAT = (30, 10, 10, -20, -30)


def _play_and_finish(app: Flask, view: str) -> None:
    """Ten players, one session of paper tickets by seat, finished."""
    with app.app_context():
        event = event_by_view_token(view)
        register(event, NAMES, checked_in=True)
        drawn = event_draws.draw(event, 1, seed=2)
        for table in drawn.tables:
            event_scores.ticket(event, 1, table.number,
                                dict(zip(table.players, BY_SEAT, strict=True)), by="Director")
        event = event_by_view_token(view)
        event_stages.finish(event, by="Director")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_cup_from_the_form_to_the_final_board(browser: Any, live_app: Flask,
                                                  live_server: str, width: int,
                                                  height: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{live_server}/e/new")
    page.fill("#name", "Parish Cup")
    page.fill("#sessions", "1")
    page.fill("#rounds", "1")
    page.fill("#entry", "20")
    page.get_by_label("A cup with a fixed first prize and a consolation prize").check()
    page.get_by_label(TIE_RULES["total"].title).check()  # equal totals share
    expect(page.locator("#prize-plan")).to_contain_text("1st a fixed $150")
    page.locator("#payout").screenshot(path=str(SCREENSHOTS / f"prize-plan-form-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.click("#start")
    expect(page).to_have_title("Parish Cup · players · Sheepshead Scorekeeper")
    board = page.locator("a[href*='/e/s/']").first.get_attribute("href")
    assert board is not None
    view = board.rstrip("/").rsplit("/", 1)[-1]
    page.goto(board)
    prizes = page.locator("#prizes")
    expect(prizes).to_contain_text("$150.00 fixed")
    expect(prizes).to_contain_text("5 shares of the rest")
    expect(prizes).to_contain_text("Consolation")
    prizes.screenshot(path=str(SCREENSHOTS / f"prize-plan-pot-{width}.png"))
    _play_and_finish(live_app, view)
    page.goto(board)
    # two tables by seat: two on +30 share 1st and 2nd, two on -30 the consolation
    expect(prizes).to_contain_text("1st (tie): Player")
    expect(prizes).to_contain_text("Consolation (tie): Player")
    prizes.screenshot(path=str(SCREENSHOTS / f"prize-plan-final-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()


def _finish_with_side_pot(app: Flask, view: str) -> None:
    """Nine more players (four in the side pot), one session of tickets, finished."""
    with app.app_context():
        event = event_by_view_token(view)
        register(event, NAMES[1:5], checked_in=True, side_pots=["side-pot"])
        register(event, NAMES[5:], checked_in=True)
        drawn = event_draws.draw(event, 1, seed=2)
        for table in drawn.tables:
            event_scores.ticket(event, 1, table.number,
                                dict(zip(table.players, BY_SEAT, strict=True)), by="Director")
        event_stages.finish(event_by_view_token(view), by="Director")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_plan_written_with_a_side_pot_from_the_form_to_the_final_board(
        browser: Any, live_app: Flask, live_server: str, width: int, height: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{live_server}/e/new")
    page.fill("#name", "Parish Cup")
    page.fill("#sessions", "1")
    page.fill("#rounds", "1")
    page.fill("#entry", "20")
    page.get_by_label("My own plan, a line a prize", exact=True).check()
    page.fill("#plan_lines", "1st: $100\n2nd: 3 shares\n3rd: 2 shares\nlowest: a case of beer\n"
                             "side pot: Side pot, $5, 1st 60%, 2nd 40%")
    page.get_by_label(TIE_RULES["standard"].title).check()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#payout").screenshot(path=str(SCREENSHOTS / f"prize-lines-form-{width}.png"))
    page.locator("#start").focus()  # the element screenshot leaves the box's caret
    page.click("#start")
    expect(page).to_have_title("Parish Cup · players · Sheepshead Scorekeeper")
    page.fill("#entry", NAMES[0])
    page.locator("#add-one").get_by_label("In the Side pot").check()
    page.click("#add-one button[type=submit]")
    row = page.locator("#p1")
    expect(row).to_contain_text("Side pot")
    row.locator("summary", has_text="Registered twice?").click()
    row.screenshot(path=str(SCREENSHOTS / f"player-row-side-pot-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    board = page.locator("a[href*='/e/s/']").first.get_attribute("href")
    assert board is not None
    _finish_with_side_pot(live_app, board.rstrip("/").rsplit("/", 1)[-1])
    page.goto(board)
    prizes = page.locator("#prizes")
    expect(prizes).to_contain_text("Entries: 10 × $20.00 = $200.00")
    expect(prizes.locator("h3")).to_have_text("Side pot")
    expect(prizes).to_contain_text("In it: 5 × $5.00 = $25.00")
    expect(prizes).to_contain_text("a case of beer")
    expect(prizes.locator("#taken")).to_contain_text("$225.00")
    prizes.screenshot(path=str(SCREENSHOTS / f"prize-lines-final-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()
