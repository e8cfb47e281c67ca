"""The big-screen view on a TV and a laptop: the whole night at a glance, no
scrolling, nothing cut off."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import screenshot
from tests.browser.test_event_big_screen import ROOM_PX

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEVEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def night(api: Any, base: str) -> str:
    """A seven-player night of 14 hands through the API; its big-screen URL."""
    made = api.post(f"{base}/api/v1/tables", data={
        "name": "Friday", "players": SEVEN, "preset": "seven-handed"}).json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for i in range(14):
        picker, partner = SEVEN[(i + 1) % 7], SEVEN[(i + 3) % 7]
        answer = api.post(f"{base}/api/v1/tables/{made['id']}/hands", headers=auth, data={
            "picker": picker, "partners": [partner], "points": (37 * i) % 121})
        assert answer.status == 201, answer.text()
    return f"{base}/s/{made['view_token']}/tv"


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 800), (1024, 768)])
def test_the_big_screen_fits_without_scrolling(browser: Any, live_server: str, width: int,
                                               height: int) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    url = night(page.request, live_server)
    page.goto(url)
    page.wait_for_selector("#standings")
    screenshot(page, f"big-screen-{width}x{height}")
    scroll = page.evaluate("[document.documentElement.scrollWidth, "
                           "document.documentElement.scrollHeight]")
    assert scroll[0] <= width and scroll[1] <= height, scroll
    for name in SEVEN:  # every name and total readable, none cut off
        row = page.locator(f'#standings li[data-player="{name}"]')
        box = row.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["y"] + box["height"] <= height
        if height == 1080:  # read across a room
            for part in ("name", "pts"):
                size = row.locator(f".{part}").evaluate("e => getComputedStyle(e).fontSize")
                assert float(size.removesuffix("px")) >= ROOM_PX, (name, part, size)
    page.context.close()
