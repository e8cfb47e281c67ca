"""The job pages' other ends on a phone: a big group's file refused while the
server was busy, written again with one tap; a big sheet's nights read as a
job, then the group changed under them: the page says so and reads them
again with one tap."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.limits import JOB_NIGHTS, JOB_ROWS
from scorekeeper.services.background import elsewhere
from scorekeeper.services.groups import exports
from tests.browser.steps import screenshot
from tests.web.test_group_round_trip import _league
from tests.web.test_sheet_jobs import league

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _league_group(app: Flask, page: Any, base: str) -> dict[str, Any]:
    """A league brought in through the API, run from this browser."""
    api = app.test_client()
    made = api.post("/api/v1/groups/import", json=_league(JOB_NIGHTS + 1)).get_json()
    with api.session_transaction() as session:
        session["groups"] = {str(made["id"]): made["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    return dict(made)


def _fits(page: Any) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


def test_a_refused_file_and_a_replaced_preview_each_ask_again_with_one_tap(
        page: Any, live_app: Flask, live_server: str, tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    group = _league_group(live_app, page, live_server)
    home = f"{live_server}/g/{group['id']}"

    def busy(_: int) -> Any:
        raise elsewhere.Unavailable("The server is bringing in 2 other files right now; "
                                    "send this one again in a moment")

    monkeypatch.setattr(exports, "_export_work", busy)
    page.goto(home)
    page.click("#export-group")
    expect(page.locator("#job-refused")).to_contain_text("bringing in 2 other files")
    _fits(page)
    screenshot(page, "job-export-refused-390", full_page=False)
    monkeypatch.undo()
    page.click("#job-export-again")
    expect(page.locator("#job-ready")).to_contain_text("The group's file is ready")

    sheet, _ = league(JOB_ROWS + 20)
    path = tmp_path / "league.csv"
    path.write_bytes(BytesIO(sheet.encode()).getvalue())
    page.goto(f"{home}/sheet")
    page.set_input_files("#sheet-file", str(path))
    page.click("#read-sheet")
    page.click("#preview-nights")
    expect(page.locator("#sheet-summary")).to_be_visible()
    assert "/sheet/preview?job=" in page.url
    changed = live_app.test_client().patch(
        f"/api/v1/groups/{group['id']}", json={"rating": False},
        headers={"Authorization": f"Bearer {group['edit_token']}"})
    assert changed.status_code == 200
    page.reload()
    expect(page.locator("#job-stale")).to_contain_text("no longer kept")
    _fits(page)
    screenshot(page, "job-preview-stale-390", full_page=False)
    page.click("#job-preview-again")
    expect(page.locator("#sheet-summary")).to_be_visible()
