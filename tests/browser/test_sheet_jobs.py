"""A league's 800 nights from another app's export, its three tables a file
each, brought in on a phone and on a laptop as a server does it: the
preview shows the nights 100 a page, the confirmation is a job whose page
shows its progress bar until the nights are in, and then a player's page
shows his nights 20 a page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot, start_group
from tests.web.sheet_helpers import three_tables
from tests.web.test_sheet_files import csv_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_league_export_comes_in_as_a_job_with_its_progress_bar(
        page: Any, live_app: Flask, live_server: str, tmp_path: Path, width: int,
        height: int) -> None:
    live_app.config["JOBS_IN_BACKGROUND"] = True  # as a server: after the request answers
    page.set_viewport_size({"width": width, "height": height})
    tables, sums = three_tables(600)
    games = len(tables["games"])
    paths = csv_files(tmp_path, tables)
    start_group(page, live_server, "Lunch league", "Ann\nBob\nCathy\nDan\nEve")
    page.click("#import-sheet")
    page.set_input_files("#sheet-file", paths)
    page.click("#read-sheet")
    page.click("#preview-nights")

    expect(page.locator("#sheet-summary")).to_contain_text(f"{games} nights to bring in")
    expect(page.locator("#preview-where")).to_contain_text(f"Nights 1–100 of {games}")
    page.click("#preview-later")
    expect(page.locator("#preview-where")).to_contain_text(f"Nights 101–200 of {games}")
    page.locator("#all-new-members").check()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"sheet-job-preview-{width}", full_page=False)

    page.click("#confirm")
    expect(page.locator("#job-progress")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/g/\d+/jobs/\d+$"))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"sheet-job-progress-{width}", full_page=False)
    # 800 nights written a turn at a time: seconds on a busy two-core machine
    expect(page.locator(".flash")).to_contain_text(f"Brought in {games} nights",
                                                   timeout=60_000)
    expect(page).to_have_url(re.compile(r"/sheet#imports$"))
    screenshot(page, f"sheet-job-done-{width}", full_page=False)

    best = max(sums, key=lambda n: (sums[n], n))
    page.goto(f"{page.url.split('/sheet')[0]}/players/{best}?season=all")
    expect(page.locator("#nights-where")).to_contain_text("Page 1 of")
    expect(page.locator("#nights-shown")).to_contain_text("Nights 1–20 of")
    page.click("#older-nights")
    expect(page.locator("#nights-shown")).to_contain_text("Nights 21–40 of")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"sheet-job-player-{width}")

    page.goto(page.url.split("/players/")[0])
    page.click("#export-group")  # a big group's file: written as a job, then downloaded
    expect(page).to_have_url(re.compile(r"/g/\d+/jobs/\d+$"))
    expect(page.locator("#job-ready")).to_contain_text("The group's file is ready")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    screenshot(page, f"group-export-ready-{width}", full_page=False)
    with page.expect_download() as download:
        page.click("#job-download")
    written = json.loads(Path(download.value.path()).read_text())
    assert len(written["nights"]) == games
