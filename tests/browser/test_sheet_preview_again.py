"""A name corrected in "Who is who", then "Preview again", on a 390 px phone:
nothing comes in twice.

The Thursday group has brought in the first two Thursdays of 2008 already.
The organiser's sheet of the season so far has those two and the next two,
but it spells Dan "D. Olson".  On the first preview nobody can tell he is
Dan, so only the first Thursday (no Dan that night) is marked already in
and left out; the second looks new.  The organiser picks Dan for D. Olson
and taps "Preview again": now both are marked already in, each ticked to
be left out, and the button says two nights, not three.  He lets the five
new players join and brings them in: the season has four nights, each
once, and every player's points are the sheet's own.

Screenshots: tests/screenshots/sheet-again-*.png.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.web.sheet_helpers import API, group_with_a_night, standings_by_season
from tests.web.test_sheet_conventions import NIGHTS, _bring_in, _later, _spelled, _sums

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START = date(2008, 1, 10)
#: The sheet's four Thursdays, as the preview keys and shows them.
THURSDAYS = ["2008-01-10", "2008-01-17", "2008-01-24", "2008-01-31"]
#: A night shown as already in the group and left out.
LEFT_OUT = re.compile(r"\balready\b.*\bleft-out\b")
NEW = ["Jake", "Kay", "Lou", "Mae", "Ned"]


def _looked_at(page: Any, name: str, full_page: bool = True) -> None:
    """A screenshot, and nothing on the page wider than the phone."""
    screenshot(page, f"sheet-again-{name}-390", full_page=full_page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def _night(page: Any, played_on: str) -> Any:
    return page.locator(f".sheet-night[data-night*='{played_on}']")


def test_preview_again_after_a_name_is_corrected_brings_nothing_in_twice(
        page: Any, live_app: Flask, live_server: str, tmp_path: Path) -> None:
    api = live_app.test_client()
    group = group_with_a_night(api)
    kept = _bring_in(api, group, _later(NIGHTS[:2], START))
    assert kept.status_code == 200, kept.get_json()
    with api.session_transaction() as session:
        session["groups"] = {str(group["id"]): group["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value,
                               "url": live_server}])
    sheet = tmp_path / "league-2008.csv"
    sheet.write_text(_spelled(NIGHTS[:4], START, {"Dan": "D. Olson"}))

    page.goto(f"{live_server}/g/{group['id']}")
    page.click("#import-sheet")
    page.wait_for_url(f"**/g/{group['id']}/sheet")
    page.set_input_files("#sheet-file", str(sheet))
    page.click("#read-sheet")
    expect(page.locator("#columns")).to_be_visible()  # the sheet is read
    page.click("#preview-nights")

    # The first preview: D. Olson is nobody yet, so his night looks new.
    expect(page.locator("#nights")).to_be_visible()
    for played_on in THURSDAYS:
        expect(_night(page, played_on)).to_have_count(1)
    summary = page.locator("#sheet-summary")
    expect(summary).to_contain_text("3 nights to bring in")
    expect(summary).to_contain_text("1 already in the group, left out")
    expect(page.locator(".sheet-night.already")).to_have_count(1)
    expect(_night(page, THURSDAYS[0])).to_have_class(LEFT_OUT)
    expect(_night(page, THURSDAYS[1])).not_to_contain_text("already in")
    expect(_night(page, THURSDAYS[1]).locator("input[name=exclude]")).not_to_be_checked()
    olson = page.locator('#names li[data-name="D. Olson"]')
    expect(olson).to_contain_text("not a member yet")
    _looked_at(page, "first")

    olson.locator("select").select_option("Dan")
    _looked_at(page, "dan-chosen", full_page=False)
    page.click("#preview-again")

    # Again: his night is already in too, and left out like the first.
    summary = page.locator("#sheet-summary")
    expect(summary).to_contain_text("2 nights to bring in")
    expect(summary).to_contain_text("2 already in the group, left out")
    expect(summary).not_to_contain_text("brought in again")
    expect(page.locator(".sheet-night.already")).to_have_count(2)
    for played_on in THURSDAYS[:2]:
        night = _night(page, played_on)
        expect(night).to_have_class(LEFT_OUT)
        expect(night.locator(".badge")).to_have_text("already in")
        expect(night.locator("input[name=exclude]")).to_be_checked()
    for played_on in THURSDAYS[2:]:
        expect(_night(page, played_on).locator("input[name=exclude]")).not_to_be_checked()
    expect(page.locator('#names li[data-name="D. Olson"] select')).to_have_value("Dan")
    page.locator("#all-new-members").check()
    confirm = page.locator("#confirm")
    expect(confirm).to_have_text("Bring in 2 nights")
    expect(confirm).to_be_enabled()
    _looked_at(page, "again")
    confirm.scroll_into_view_if_needed()
    _looked_at(page, "ready", full_page=False)
    confirm.click()

    expect(page.locator(".flash")).to_contain_text("Brought in 2 nights")
    _looked_at(page, "imported")

    # The season: four Thursdays, each once, each player's points the sheet's.
    run = group["run"]
    season = api.get(f"{API}/groups/{group['id']}/standings?season=2008", headers=run)
    assert season.status_code == 200, season.get_json()
    assert season.get_json()["nights"] == len(THURSDAYS)
    nights = api.get(f"{API}/groups/{group['id']}", headers=run).get_json()["nights"]
    assert sorted(n["played_on"] for n in nights if n["played_on"].startswith("2008")) \
        == THURSDAYS
    points = standings_by_season(live_app, group["id"], [2008])[2008]
    assert {k: v for k, v in points.items() if v} == {
        k: v for k, v in _sums(NIGHTS[:4]).items() if v}
    members = api.get(f"{API}/groups/{group['id']}", headers=run).get_json()["players"]
    assert "D. Olson" not in members and set(NEW) <= set(members)
