"""A group's past nights from a spreadsheet on a 390 px phone: choose the
file from the group's page, check what each column is (one column a row, a
select each, nothing wider than the screen), preview the nights, leave the
flagged one out, confirm the new member, bring them in once, see the
season, and take the import back.  A spelling an import taught, the import
taken back, is listed forgotten (also at 320 px with the text at 200%)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start_group

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHEET = Path(__file__).resolve().parents[1] / "web" / "data" / "history_nights.csv"


def fits(page: Any) -> None:
    """Nothing on the page is wider than the phone."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, width


def test_a_sheet_is_mapped_previewed_and_brought_in_on_a_phone(
        page: Any, live_server: str) -> None:
    start_group(page, live_server, "Thursday regulars", "Ann\nBob\nCathy\nDan\nEve")
    page.click("#import-sheet")
    page.set_input_files("#sheet-file", str(SHEET))
    page.click("#read-sheet")

    # The columns: one a row, each its select, the guess already chosen.
    expect(page.locator("#columns")).to_be_visible()
    selects = page.locator("#columns select[name=col]")
    assert selects.count() == 8
    assert selects.nth(0).input_value() == "date"
    assert selects.nth(3).input_value() == "player"
    box = selects.nth(3).bounding_box()
    assert box is not None and box["width"] > 300 and box["x"] + box["width"] <= 390
    selects.nth(7).select_option("ignore")
    assert "month/day/year" in page.locator("#dates-said").inner_text()
    fits(page)
    screenshot(page, "sheet-map-390")

    page.click("#preview-nights")
    expect(page.locator("#nights")).to_be_visible()
    first = page.locator(".sheet-night").first
    assert "flagged" in (first.get_attribute("class") or "")
    assert "adds up to +3 points" in first.inner_text()
    expect(page.locator("#confirm")).to_be_disabled()
    assert "sounds like Cathy" in page.locator("#names").inner_text()
    fits(page)
    screenshot(page, "sheet-preview-390")

    first.locator("input[name=exclude]").check()
    page.locator("#new-members input[value=Gus]").check()
    page.click("#preview-again")
    expect(page.locator("#confirm")).to_be_enabled()
    page.locator("#new-members input[value=Gus]").check()
    assert "19 nights to bring in" in page.locator("#sheet-summary").inner_text()
    screenshot(page, "sheet-preview-ready-390", full_page=False)
    page.click("#confirm")

    expect(page.locator(".flash")).to_contain_text("Brought in 19 nights")
    assert page.locator(".sheet-imports li").count() == 1
    fits(page)
    screenshot(page, "sheet-imported-390")
    page.click("text=The season, all time")
    expect(page.locator("#season-table")).to_contain_text("Gus")

    page.go_back()
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".undo-import button")
    expect(page.locator(".flash")).to_contain_text("Taken back")
    expect(page.locator(".sheet-imports")).to_contain_text("taken back")


def test_a_workbook_of_seasons_comes_in_in_one_go_on_a_phone(
        page: Any, live_server: str, tmp_path: Path) -> None:
    """A workbook of three tabs (2004 in the old convention, 0 for absent;
    2008 in the new; 2004 copied by mistake): every sheet previewed
    together, 0 read as absent, the copy left out, every new member added
    with one tick, one import."""
    from tests.web.test_sheet_conventions import LEAGUE_BOOK, workbook

    book = tmp_path / "Thursday lunch league, every season so far.xlsx"
    book.write_bytes(workbook(LEAGUE_BOOK))
    start_group(page, live_server, "Thursday lunch league", "Ann\nBob\nCathy\nDan\nEve")
    page.click("#import-sheet")
    page.set_input_files("#sheet-file", str(book))
    page.click("#read-sheet")
    page.select_option("#tab", "all")
    page.click("#preview-nights")
    expect(page.locator("#every-sheet")).to_be_attached()
    for sheet in ("2004", "2004 (copy)"):  # what a 0 means, a switch a sheet
        expect(page.locator(f'#zeros [data-sheet="{sheet}"] input[value=absent]')
               ).to_be_checked()
    expect(page.locator('#zeros [data-sheet="2008"]')).to_have_count(0)  # no 0 to ask of
    copies = page.locator(".sheet-night.already")
    expect(copies).to_have_count(3)
    expect(copies.first).to_contain_text("Twice in this file")
    fits(page)
    screenshot(page, "sheet-workbook-preview-390")
    page.locator("#all-new-members").check()
    page.locator('li[data-name="E. Vance"] select').select_option("Eve")
    page.click("#preview-again")
    page.locator("#all-new-members").check()
    assert "6 nights to bring in" in page.locator("#sheet-summary").inner_text()
    screenshot(page, "sheet-workbook-ready-390", full_page=False)
    page.click("#confirm")
    expect(page.locator(".flash")).to_contain_text("Brought in 6 nights")
    expect(page.locator(".sheet-imports li").first).to_contain_text(
        "every season so far.xlsx, every sheet (3)")
    expect(page.locator("#aliases")).to_contain_text("E. Vance → Eve")
    fits(page)
    screenshot(page, "sheet-workbook-imported-390")


def test_a_spelling_taught_by_an_import_taken_back_is_listed_forgotten_on_a_phone(
        page: Any, live_server: str, tmp_path: Path) -> None:
    """The sheet spells Cathy "Kathy"; matched to her, the spelling is
    remembered.  The import taken back, it is listed struck through, with
    who took it back and why, and nothing is left to forget."""
    sheet = tmp_path / "thursday-2024.csv"
    sheet.write_text("Date,Ann,Bob,Kathy,Dan,Eve\n2024-01-04,5,-5,6,8,-14\n")
    start_group(page, live_server, "Thursday regulars", "Ann\nBob\nCathy\nDan\nEve")
    page.click("#import-sheet")
    page.set_input_files("#sheet-file", str(sheet))
    page.click("#read-sheet")
    page.click("#preview-nights")
    page.locator('#names li[data-name="Kathy"] select').select_option("Cathy")
    page.click("#preview-again")
    expect(page.locator("#confirm")).to_have_text("Bring in 1 night")
    page.click("#confirm")
    expect(page.locator(".flash")).to_contain_text("Brought in 1 night")
    expect(page.locator("#aliases li")).to_have_count(1)
    expect(page.locator("#aliases li")).to_contain_text("Kathy → Cathy")

    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".undo-import button")
    expect(page.locator(".flash")).to_contain_text("Taken back")
    expect(page.locator(".sheet-imports")).to_contain_text("taken back")
    gone = page.locator("#aliases li.withdrawn")
    expect(gone).to_have_count(1)
    expect(gone.locator("s")).to_have_text("Kathy → Cathy")
    expect(gone).to_contain_text("taken back with the import that taught it")
    expect(gone).to_contain_text("Forgotten by")
    expect(page.locator("#aliases form")).to_have_count(0)  # nothing left to forget
    fits(page)
    screenshot(page, "sheet-forgotten-390")
    gone.scroll_into_view_if_needed()
    screenshot(page, "sheet-forgotten-390-seen", full_page=False)
    # a small phone with the text at 200%: still nothing to swipe sideways
    page.set_viewport_size({"width": 320, "height": 640})
    page.evaluate("document.documentElement.style.setProperty("
                  "'font-size', '200%', 'important')")
    screenshot(page, "sheet-forgotten-320-text-200")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320, width
