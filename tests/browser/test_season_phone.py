"""A long season on a phone (390×844): a lunch league's ten years, 1,441
nights of sixty players (built as tests/web/test_groups_pages.py builds it,
through the API's sheet import), its best a regular with a long name and
thousands of dollars, its worst thousands down.

- All time, on the share link and on the scorekeeper's page: the standings
  fit the screen with every column (the long name wraps), the page never
  scrolls sideways, and it is about four screens (it was 97,650 px, every
  night listed, the table 497 px wide in its 366 px box): the best twenty
  players, the others one tap away ("The other 40 players", no script),
  a chart of the best twelve and the latest twenty nights.
- "Older nights", "Oldest", "Newer nights" and "Latest" page through the
  nights, twenty at a time.
- With large text the table no longer fits: it slides inside its own box,
  the names held at its left edge, and the line above it says so; the
  page still never scrolls sideways.

Kept as screenshots in tests/screenshots/: group-season-long.png,
group-season-long-everyone.png, group-season-older-nights.png,
group-season-long-scorekeeper.png and group-season-large-text.png."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import screenshot
from tests.web.test_groups_pages import DROP_IN, lunch_league

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SCREEN = 844
#: At most this many screens: "a few" (it was 115).
SCREENS = 4.5

#: The page's width, its table's box and the table; the cells' outer edges.
SIZES = """() => {
  const wrap = document.querySelector('#season-wrap');
  const table = document.querySelector('#season-table');
  const cells = [...table.querySelectorAll('th, td')].filter(c => c.offsetParent)
    .map(c => c.getBoundingClientRect());
  return {page: document.documentElement.scrollWidth, box: wrap.clientWidth,
          table: table.getBoundingClientRect().width, scrolls: wrap.scrollWidth > wrap.clientWidth,
          left: Math.min(...cells.map(c => c.left)), right: Math.max(...cells.map(c => c.right)),
          height: document.documentElement.scrollHeight};
}"""


def _fits(page: Any) -> dict[str, Any]:
    """Every column of the standings inside the screen, the table inside its
    box, nothing sideways."""
    sizes = dict(page.evaluate(SIZES))
    assert sizes["page"] == 390, sizes
    assert not sizes["scrolls"] and sizes["table"] <= sizes["box"], sizes
    assert sizes["left"] >= 0 and sizes["right"] <= 390, sizes
    assert not page.locator("#season-scroll").is_visible()
    return sizes


def _short(page: Any) -> None:
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= SCREENS * SCREEN, height


def _nights(page: Any) -> list[str]:
    return list(page.locator("#nights li").evaluate_all(
        "items => items.map(i => i.dataset.night)"))


def test_a_long_season_on_a_phone(page: Any, live_server: str, live_app: Flask) -> None:
    api = live_app.test_client()
    group = lunch_league(api)
    share = f"{live_server}/gs/{group['view_token']}"

    answer = page.goto(f"{share}?season=all")
    assert answer is not None and len(answer.body()) < 70_000
    expect(page.locator("#season-table tbody tr[data-player]:visible")).to_have_count(20)
    _fits(page)
    _short(page)
    assert len(_nights(page)) == 20
    expect(page.locator("#nights-shown")).to_have_text("Nights 1–20 of 1,441, newest first.")
    screenshot(page, "group-season-long")

    page.locator("#show-all-players").click()
    expect(page.locator("#season-table tbody tr[data-player]:visible")).to_have_count(60)
    expect(page.locator("#show-all-players")).to_be_hidden()
    _fits(page)  # the biggest losers, at the bottom, fit too
    assert "provisional" in page.locator(
        f'#season-table tr[data-player="{DROP_IN}"] td.rating-col').inner_text()
    screenshot(page, "group-season-long-everyone")

    latest = _nights(page)
    page.locator("#older-nights").click()
    page.wait_for_url(re.compile(r"\?season=all&page=2$"))
    expect(page.locator("#nights-shown")).to_have_text("Nights 21–40 of 1,441, newest first.")
    assert page.locator("#season-table").count() == 0
    older = _nights(page)
    assert len(older) == 20 and not set(older) & set(latest)
    assert page.evaluate("document.documentElement.scrollWidth") == 390
    _short(page)
    screenshot(page, "group-season-older-nights")
    page.locator("#oldest-nights").click()
    expect(page.locator("#nights-pager")).to_contain_text("Page 73 of 73")
    assert page.locator("#older-nights").count() == 0
    page.locator("#newer-nights").click()
    expect(page.locator("#nights-pager")).to_contain_text("Page 72 of 73")
    page.locator("#newest-nights").click()
    page.wait_for_url(re.compile(r"\?season=all$"))
    assert _nights(page) == latest
    assert page.locator(f'a[href*="/g/{group["id"]}"]').count() == 0  # read-only

    with api.session_transaction() as session:
        session["groups"] = {str(group["id"]): group["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": live_server}])
    answer = page.goto(f"{live_server}/g/{group['id']}/season?season=all")
    assert answer is not None and len(answer.body()) < 70_000
    _fits(page)
    _short(page)
    screenshot(page, "group-season-long-scorekeeper")
    first = page.locator("#nights li a").first.get_attribute("href")
    assert first and first.startswith(f"/g/{group['id']}/nights/")
    page.locator("#older-nights").click()
    expect(page.locator("#nights-shown")).to_have_text("Nights 21–40 of 1,441, newest first.")
    assert _nights(page) == older

    # Large text: the table slides in its own box, the names held, and says so.
    page.goto(f"{share}?season=all")
    page.evaluate("document.documentElement.style.setProperty('font-size', '150%', 'important')")
    expect(page.locator("#season-scroll")).to_be_visible()
    sizes = dict(page.evaluate(SIZES))
    assert sizes["scrolls"] and sizes["page"] == 390, sizes
    page.locator("#season-wrap").evaluate("wrap => { wrap.scrollLeft = wrap.scrollWidth; }")
    page.wait_for_timeout(100)
    name = page.locator("#season-table tbody th[scope=row]").first.bounding_box()
    box = page.locator("#season-wrap").bounding_box()
    assert name and box and abs(name["x"] - box["x"]) < 1 and name["x"] >= 0, (name, box)
    rating = page.locator("#season-table tbody td.rating-col").first.bounding_box()
    assert rating and rating["x"] + rating["width"] <= box["x"] + box["width"] + 1  # in view
    screenshot(page, "group-season-large-text", full_page=False)
