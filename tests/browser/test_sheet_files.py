"""Another app's export a table a file (games.csv, scores.csv, users.csv)
chosen together in the file box, on a phone and on a laptop: the columns
step says how the tables join, the nights preview as two a day where two
tables played, every new member joins with one tick, one import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start_group
from tests.web.sheet_helpers import three_tables
from tests.web.test_sheet_files import csv_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_three_files_of_one_export_come_in_together(
        page: Any, live_server: str, tmp_path: Path, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    tables, _ = three_tables(30)
    paths = csv_files(tmp_path, tables)
    start_group(page, live_server, "Lunch league", "Ann\nBob\nCathy\nDan\nEve")
    page.click("#import-sheet")
    page.set_input_files("#sheet-file", paths)
    page.click("#read-sheet")

    joins = page.locator("#sheet-joins")
    expect(joins).to_contain_text("scores' game_id names a row of games by its id")
    expect(joins).to_contain_text("scores' user_id names a row of users by its id")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"sheet-files-map-{width}")

    page.click("#preview-nights")
    expect(page.locator("#sheet-summary")).to_contain_text(
        f"{len(tables['games'])} nights to bring in")
    page.locator("#all-new-members").check()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"sheet-files-preview-{width}", full_page=False)
    page.click("#confirm")
    expect(page.locator(".flash")).to_contain_text(f"Brought in {len(tables['games'])} nights")
    screenshot(page, f"sheet-files-imported-{width}")
