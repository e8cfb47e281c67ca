"""A night of every kind of hand, from the start page to the stored hands, on
a 390 px phone in real Chromium.

The start page names the table for tonight, says what its boxes mean (a box
ticked under "Hands that make a doubler" makes it "Only those ticked"), keeps
its house rules short enough to read, and tells two tables of one name apart.
Then every kind the form offers at a table is recorded through the form: a
picked hand with a partner and alone, a leaster, a throw-in and the doubled
hand after it, a misdeal, a void, a renege (forfeit and flat penalty), the
buried called ace, a schwanzer, a no-trick pick and another payment; each
stored hand (the API's GET hands) pays what the preview on screen said when
Save was tapped."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.browser.test_form_truth import (
    FOUR,
    chip,
    open_form,
    save_as_previewed,
    tap,
)
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pick(page: Any, picker: str, partner: str | None, points: str) -> None:
    tap(page, "kind", "Someone picked")
    tap(page, "picker", picker)
    if partner is None:
        tap(page, "alone", "Picker went alone")
    else:
        tap(page, "partners", partner)
    chip(page, points)


def kinds_offered(page: Any) -> set[str]:
    boxes = page.locator("#kind input")
    return {boxes.nth(i).get_attribute("value") for i in range(boxes.count())}


def test_a_called_ace_night_of_every_kind_the_form_offers(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "called-ace", None,
                      makes_doubler=["no-pick", "leaster"])
    assert kinds_offered(page) == {"picked", "leaster", "misdeal", "void", "renege",
                                   "called-ace-buried", "adjustment"}
    kinds = []
    pick(page, "Ann", "Cat", "61")
    kinds.append(save_as_previewed(page, table, shot="every-kind-picked")["kind"])
    pick(page, "Bob", None, "91")
    stored = save_as_previewed(page, table)
    assert stored["alone"] is True
    kinds.append(stored["kind"])
    tap(page, "kind", "Leaster")
    tap(page, "winner", "Dan")
    kinds.append(save_as_previewed(page, table, shot="every-kind-leaster")["kind"])
    expect(page.locator("#pending")).to_be_visible()  # a leaster doubles the next hand here
    pick(page, "Eve", "Ann", "30")
    stored = save_as_previewed(page, table, shot="every-kind-doubled")
    assert stored["doubled"] is True
    kinds.append(stored["kind"])
    tap(page, "kind", "Misdeal")
    kinds.append(save_as_previewed(page, table)["kind"])
    tap(page, "kind", "Void")
    kinds.append(save_as_previewed(page, table)["kind"])
    tap(page, "kind", "Renege")
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "offender", "Bob")
    kinds.append(save_as_previewed(page, table, shot="every-kind-renege")["kind"])
    tap(page, "kind", "Buried the called ace")
    tap(page, "picker", "Eve")
    kinds.append(save_as_previewed(page, table)["kind"])
    tap(page, "kind", "Other payment")
    page.locator("#adjust-0").fill("5")
    page.locator("[data-flip=adjust-3]").click()
    page.locator("#adjust-3").fill("-5")
    page.locator("#note").fill("three kings")
    kinds.append(save_as_previewed(page, table, shot="every-kind-adjustment")["kind"])
    assert kinds == ["picked", "picked", "leaster", "picked", "misdeal", "void", "renege",
                     "called-ace-buried", "adjustment"]
    assert [h["number"] for h in table.hands()] == list(range(1, 10))
    assert all(sum(h["payouts"].values()) == 0 for h in table.hands())


def test_a_throw_in_night_with_its_doubled_hand_and_a_flat_renege(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "imsa")
    assert kinds_offered(page) == {"picked", "no-pick", "misdeal", "void", "renege",
                                   "adjustment"}
    tap(page, "kind", "Nobody picked")
    assert save_as_previewed(page, table)["kind"] == "no-pick"
    pick(page, "Cat", "Dan", "91")
    tap(page, "cracks", "Crack")
    stored = save_as_previewed(page, table, shot="every-kind-throw-in-doubled")
    assert stored["doubled"] is True and stored["cracks"] == 1
    tap(page, "kind", "Misdeal")
    assert save_as_previewed(page, table)["kind"] == "misdeal"
    pick(page, "Eve", None, "61")  # doubled by the misdeal (IMSA)
    assert save_as_previewed(page, table)["doubled"] is True
    tap(page, "kind", "Renege")
    tap(page, "offender", "Bob")
    stored = save_as_previewed(page, table)
    assert stored["kind"] == "renege" and stored["payouts"]["Bob"] == -32


def test_a_schwanzer_night_and_a_no_trick_pick(page: Any, live_app: Flask,
                                              live_server: str) -> None:
    table = open_form(live_app, page, live_server, "called-ace", None, nobody_picks="schwanzer")
    assert "schwanzer" in kinds_offered(page)
    tap(page, "kind", "Schwanzer")
    tap(page, "losers", "Cat")
    stored = save_as_previewed(page, table)
    assert stored["kind"] == "schwanzer" and stored["payouts"]["Cat"] == -4
    four = open_form(live_app, page, live_server, "sheephead-4", FOUR)
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    tap(page, "tricks", "No trick")
    stored = save_as_previewed(page, four)
    assert stored["no_trick_pickers"] == ["Ann"] and stored["tricks"] == "none"


def test_the_night_starts_on_the_start_page(page: Any, live_server: str) -> None:
    """Tonight's name, the doubler boxes and their select saying one thing, house
    rules that open short, and two tables of one name told apart."""
    page.goto(live_server + "/")
    name = page.locator("input[name=name]")
    expect(name).to_have_value(f"{date.today():%A} night")  # the server's date: this one
    for i, player in enumerate(PLAYERS):
        page.locator("input[name=players]").nth(i).fill(player)
    page.locator("details.options summary").click()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 6000, f"house rules open: {height} px (8,233 before)"
    select = page.locator("select[name=opt-makes_doubler]")
    leaster = page.locator("input[name=opt-makes_doubler-item][value=leaster]")
    throw_in = page.locator("input[name=opt-makes_doubler-item][value=no-pick]")
    leaster.scroll_into_view_if_needed()
    leaster.check()
    expect(select).to_have_value("__ticked__")  # "Only those ticked:", as the boxes say
    expect(throw_in).to_be_checked()  # the preset's own, leaster added to it
    screenshot(page, "start-doubler-ticked", full_page=False)
    select.select_option("__preset__")
    expect(leaster).not_to_be_checked()
    expect(throw_in).not_to_be_checked()
    leaster.check()
    expect(select).to_have_value("__ticked__")
    why = page.locator("#rule-makes_doubler label.why")
    help_text = page.locator("#why-makes_doubler")
    expect(help_text).to_be_hidden()
    why.click()
    expect(help_text).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#start").click()
    page.wait_for_url("**/hand/new")
    tap(page, "kind", "Leaster")
    tap(page, "winner", "Dan")
    page.wait_for_selector("#summary-line li")
    page.locator("#save").click()
    expect(page.locator("#pending")).to_contain_text("doubled")  # leaster made a doubler
    page.goto(live_server + "/")  # a second table of the same name, other players
    for i, player in enumerate(["Ann", "Bob", "Cat", "Dan", "Fay"]):
        page.locator("input[name=players]").nth(i).fill(player)
    page.locator("#start").click()
    page.wait_for_url("**/hand/new")
    page.goto(live_server + "/")
    rows = page.locator("#my-tables li")
    expect(rows).to_have_count(2)
    texts = [rows.nth(i).inner_text() for i in range(2)]
    assert texts[0] != texts[1]
    assert "Fay" in texts[0] and "Eve" in texts[1]
    for i in range(2):
        box = rows.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
    screenshot(page, "start-your-tables", full_page=False)
