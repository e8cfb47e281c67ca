"""The ledger on a phone (390 × 844) in real headless Chromium, at a
seven-handed table twelve hands into the night: the players' names and
totals stay on screen while the hands scroll under them, the hand number
stays while the columns scroll sideways (and the ledger shows that it does),
a hand takes one compact row, fixing a hand is a 44 px tap away, and
"Record hand 13" is always on screen.  At six and seven players with long
names, every name and every cell can be reached with the hand numbers in
view, the ledger says it slides sideways, and every hand's words and points
read whole (wrapped, never cut)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import api_night, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEVEN = ["Annabelle", "Bob", "Catherine", "Dan", "Evelyn", "Fay", "Gustav"]

#: Twelve hands through the API, with the badges a real night shows.
HANDS: list[dict[str, Any]] = [
    {"picker": "Annabelle", "partners": ["Catherine", "Evelyn"], "points": 75},
    {"picker": "Bob", "partners": ["Dan"], "points": 91, "cracks": 1},
    {"kind": "leaster", "winner": "Fay"},
    {"picker": "Gustav", "partners": ["Annabelle"], "points": 45},
    {"picker": "Dan", "partners": ["Evelyn"], "points": 120, "tricks": "all"},
    {"picker": "Catherine", "partners": ["Bob"], "points": 61, "cracks": 2},
    {"picker": "Evelyn", "partners": ["Fay"], "points": 0, "tricks": "none"},
    {"picker": "Fay", "partners": ["Gustav"], "points": 88},
    {"picker": "Annabelle", "partners": ["Dan"], "points": 70},
    {"picker": "Bob", "partners": ["Catherine"], "points": 31},
    {"picker": "Gustav", "partners": ["Evelyn"], "points": 100},
    {"picker": "Dan", "partners": ["Annabelle"], "points": 64, "cracks": 1},
]


def seven_handed_night(app: Flask, page: Any, base: str) -> str:
    """The seven-handed night, recorded through the API, on this browser's
    scorekeeper's phone: the ledger's URL."""
    return api_night(app, page, base, SEVEN, "seven-handed", HANDS, name="Friday")


def box(locator: Any) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, "not on the page"
    return found


def scroll(page: Any, top: int | None = None, left: int | None = None) -> None:
    """Scroll the ledger's box (and let the scroll event reach the page)."""
    page.locator("#ledger-scroll").evaluate(
        "(el, [top, left]) => { if (top !== null) el.scrollTop = top;"
        " if (left !== null) el.scrollLeft = left; }", [top, left])
    page.wait_for_timeout(250)


def assert_record_bar_on_screen(page: Any) -> None:
    bar, height = box(page.locator("#record-next")), page.viewport_size["height"]
    assert bar["height"] >= 44 and 0 <= bar["y"] and bar["y"] + bar["height"] <= height, bar


def test_the_ledger_fits_a_phone(page: Any, live_app: Flask, live_server: str) -> None:
    page.goto(seven_handed_night(live_app, page, live_server))
    page.wait_for_selector("#ledger")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    frame = box(page.locator("#ledger-scroll"))
    assert frame["x"] + frame["width"] <= 390 and frame["y"] + frame["height"] <= 844
    # it opens at the latest hand, under the names and totals, above "Record hand 13"
    latest, names = box(page.locator("#hand-12")), box(page.locator("#ledger thead"))
    assert names["y"] == pytest.approx(frame["y"], abs=2)
    assert latest["y"] >= names["y"] + names["height"] - 1
    assert latest["y"] + latest["height"] <= frame["y"] + frame["height"] + 1
    assert page.locator("#record-next").inner_text() == "Record hand 13"
    assert_record_bar_on_screen(page)
    # seven players are wider than the phone: the right edge is shaded, the left not
    view = page.locator(".ledger-view")
    assert "more-right" in view.get_attribute("class") and \
        "more-left" not in view.get_attribute("class")
    screenshot(page, "ledger-phone-top")

    # a hand is one compact row: its words (two lines at most) over a line of numbers
    for number in (1, 6, 7, 12):
        row = box(page.locator(f"#hand-{number}"))
        assert row["height"] < 100, f"hand {number} is {row['height']}px tall"
        line = page.locator(f"#hand-{number} summary")
        assert box(line)["height"] < 44 * 1.2  # no more than two short lines
    # the hand whose side took no trick says so, on its line, within the screen
    badge = box(page.locator("#hand-7 summary .badge", has_text="no trick"))
    line = box(page.locator("#hand-7 summary"))
    assert line["y"] <= badge["y"] and badge["y"] + badge["height"] <= line["y"] + line["height"]
    shown = box(page.locator("#hand-7 summary .badges"))
    assert badge["x"] + badge["width"] <= min(390, shown["x"] + shown["width"] + 1)

    # scrolling down the hands: the names and totals stay at the top of the box
    scroll(page, top=0)
    assert box(page.locator("#hand-1"))["y"] > names["y"]
    scroll(page, top=420)
    names_now = box(page.locator("#ledger thead"))
    assert names_now["y"] == pytest.approx(frame["y"], abs=2)
    assert box(page.locator("#ledger thead th", has_text="Bob"))["y"] >= frame["y"]
    assert box(page.locator("#hand-1"))["y"] < frame["y"]  # hand 1 went up under them
    assert_record_bar_on_screen(page)
    screenshot(page, "ledger-phone-scrolled-down")

    # scrolling sideways: the hand numbers and each hand's words stay at the left
    number = page.locator("#hand-8 tr.nums th")
    words = page.locator("#hand-8 summary")
    catherine = box(page.locator("#ledger thead th", has_text="Catherine"))
    scroll(page, left=1000)
    assert box(page.locator("#ledger thead th", has_text="Catherine"))["x"] < catherine["x"]
    assert box(number)["x"] == pytest.approx(frame["x"] + 1, abs=2)
    assert box(words)["x"] == pytest.approx(frame["x"] + 1, abs=2)
    assert box(page.locator("#totals td").first)["x"] == pytest.approx(frame["x"] + 1, abs=2)
    assert "more-right" not in view.get_attribute("class")  # the end: no more shade there
    assert "more-left" in view.get_attribute("class")
    screenshot(page, "ledger-phone-scrolled-sideways")
    scroll(page, left=0)

    # tap a hand: its whole line and the buttons to fix it, each 44 px tall,
    # with Delete set apart from the others
    page.locator("#hand-8 summary").click()
    buttons = page.locator("#hand-8 .hand-actions [role=button]")
    assert buttons.count() == 3
    for i in range(3):
        target = box(buttons.nth(i))
        assert target["height"] >= 44 and target["width"] >= 44, buttons.nth(i).inner_text()
    edit, insert, delete = (box(buttons.nth(i)) for i in range(3))
    assert edit["x"] + edit["width"] <= insert["x"]
    assert delete["x"] - (insert["x"] + insert["width"]) >= 24
    screenshot(page, "ledger-phone-hand-open")
    buttons.nth(2).click()
    page.wait_for_url("**/delete")
    assert "Delete hand 8?" in page.locator("main").inner_text()


def test_the_ledger_on_a_wide_screen(page: Any, live_app: Flask, live_server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(seven_handed_night(live_app, page, live_server))
    page.wait_for_selector("#ledger")
    scroller = page.locator("#ledger-scroll")
    assert scroller.evaluate("el => el.scrollWidth <= el.clientWidth")  # nothing to the side
    assert "more-right" not in page.locator(".ledger-view").get_attribute("class")
    assert not page.locator("#ledger-scroll-hint").is_visible()  # nothing to slide to
    assert box(page.locator("#hand-12"))["height"] < 100
    assert_record_bar_on_screen(page)
    screenshot(page, "ledger-wide")


#: Long-ish names at six and seven seats: wider than five columns of a phone.
LONG_SEVEN = ["Annabelle", "Bartholomew", "Christopher", "Dorothea", "Evangeline",
              "Maximilian", "Wilhelmina"]
LONG_SIX = ["Alexandra", "Bartholomew", "Jacqueline", "Mary Ann Schmidt", "Konstantin",
            "Wilhelmina"]


def long_hands(names: list[str], right_partners: bool = False) -> list[dict[str, Any]]:
    """Fourteen hands whose words run long: pickers alone and with two
    partners, doubled and cracked hands, a leaster.  ``right_partners``: the
    six-handed way, where the player on the picker's right is always a partner
    (so nobody goes alone)."""
    a, b, c, d, e, f = names[:6]
    hands: list[dict[str, Any]] = [
        {"picker": b, "alone": True, "points": 91, "cracks": 1},
        {"picker": c, "partners": [e, f], "points": 75},
        {"kind": "leaster", "winner": f},
        {"picker": d, "partners": [a], "points": 45, "cracks": 2},
        {"picker": e, "alone": True, "points": 120, "tricks": "all"},
        {"picker": a, "partners": [c], "points": 61},
        {"picker": f, "partners": [c], "points": 0, "tricks": "none"},
        {"picker": b, "partners": [e], "points": 88},
        {"picker": c, "alone": True, "points": 59},
        {"picker": d, "partners": [f], "points": 31},
        {"picker": e, "partners": [a], "points": 100},
        {"picker": a, "alone": True, "points": 64, "cracks": 1},
        {"picker": b, "partners": [d], "points": 93},
        {"picker": f, "alone": True, "points": 97},
    ]
    if right_partners:
        for hand in hands:
            if "picker" in hand:
                right = names[names.index(hand["picker"]) - 1]
                others = [p for p in hand.pop("partners", []) if p != right]
                hand.pop("alone", None)
                hand["partners"] = [right, *others[:1]]
    return hands


#: Where every column's cells land once the box is scrolled to bring that
#: column just past the held hand column: each cell between the held column
#: and the box's right edge, nothing clipped inside it, and the held column
#: still at the box's left edge.  Returns what failed, in words.
EVERY_COLUMN = """box => {
  const failed = [];
  const frame = box.getBoundingClientRect();
  const left = frame.left + box.clientLeft, right = left + box.clientWidth;
  const heads = [...box.querySelectorAll('thead tr.names > th')];
  const held = heads[0].getBoundingClientRect().right;
  const rows = [...box.querySelectorAll('thead tr, tbody.hand tr.nums')];
  for (let column = 1; column < heads.length; column++) {
    box.scrollLeft = Math.max(0, heads[column].offsetLeft - (held - left));
    const number = box.querySelector('tbody.hand tr.nums > th').getBoundingClientRect();
    if (Math.abs(number.left - left) > 2) failed.push(`hand column moved at ${column}`);
    for (const row of rows) {
      const cell = row.children[column], r = cell.getBoundingClientRect();
      const what = `${row.className} ${column} "${cell.textContent.trim()}"`;
      if (r.left < held - 1 || r.right > right + 1) failed.push(`out of view: ${what}`);
      if (cell.scrollWidth > cell.clientWidth + 1) failed.push(`clipped: ${what}`);
    }
  }
  box.scrollLeft = 0;
  return failed;
}"""

#: Every hand's line of words: within the box and nothing of it clipped.
EVERY_LINE = """box => {
  const failed = [];
  const frame = box.getBoundingClientRect();
  const left = frame.left + box.clientLeft, right = left + box.clientWidth;
  for (const line of box.querySelectorAll('tbody.hand summary .line')) {
    const r = line.getBoundingClientRect();
    const what = `"${line.textContent.trim().replace(/\\s+/g, ' ')}"`;
    if (r.left < left - 1 || r.right > right + 1) failed.push(`out of view: ${what}`);
    for (const part of [line, ...line.querySelectorAll('*')])
      if (part.scrollWidth > part.clientWidth + 1) failed.push(`clipped: ${what}`);
  }
  return failed;
}"""


def _sum_in_view(page: Any, frame: dict[str, float]) -> None:
    """Σ, pinned at the ledger's right edge: its head, the night's zero and the
    latest hand's, inside the box and on top of the players sliding under it."""
    for cell in ("#ledger thead tr.names th.sum", "#totals td.sum",
                 "#ledger tbody:last-of-type tr.nums td.sum"):
        shown = box(page.locator(cell))
        assert frame["x"] <= shown["x"] and shown["x"] + shown["width"] <= \
            frame["x"] + frame["width"] + 1, (cell, shown, frame)
        middle = (shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
        on_top = page.evaluate("([x, y]) => Boolean(document.elementFromPoint(x, y)"
                               "?.closest('.sum'))", list(middle))
        assert on_top, cell
    assert page.locator("#totals td.sum").inner_text().strip() == "0"


@pytest.mark.parametrize(("names", "preset"), [(LONG_SEVEN, "seven-handed"),
                                               (LONG_SIX, "six-handed")])
def test_every_name_and_every_hands_points_can_be_read_at_six_and_seven(
        page: Any, live_app: Flask, live_server: str, names: list[str], preset: str) -> None:
    hands = long_hands(names, right_partners=preset == "six-handed")
    page.goto(api_night(live_app, page, live_server, names, preset, hands, name="Friday"))
    page.wait_for_selector("#ledger")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ledger = page.locator("#ledger-scroll")
    # wider than the phone: the ledger says it slides sideways
    assert ledger.evaluate("el => el.scrollWidth > el.clientWidth")
    hint = page.locator("#ledger-scroll-hint")
    assert hint.is_visible() and "sideways" in hint.inner_text()
    frame = box(ledger)
    assert box(hint)["y"] + box(hint)["height"] <= frame["y"]
    heads = page.locator("#ledger thead tr.names th[title]")
    assert [heads.nth(i).inner_text().strip() for i in range(len(names))] == names
    assert ledger.evaluate(EVERY_COLUMN) == []
    _sum_in_view(page, frame)
    screenshot(page, f"ledger-phone-{len(names)}-long-names", full_page=False)
    # each hand's words, its points and badges whole, at the left and after sliding
    for number, hand in enumerate(hands, start=1):
        words = page.locator(f"#hand-{number} summary .line").inner_text()
        if "points" in hand:
            assert f", {hand['points']} points" in words, words
    assert ledger.evaluate(EVERY_LINE) == []
    scroll(page, left=1000)
    assert ledger.evaluate(EVERY_LINE) == []
    _sum_in_view(page, frame)
    screenshot(page, f"ledger-phone-{len(names)}-long-names-sideways", full_page=False)
    # the words cost at most a second line: a hand still fits in a few lines
    for number in range(1, len(hands) + 1):
        assert box(page.locator(f"#hand-{number}"))["height"] < 120, number
