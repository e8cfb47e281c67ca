"""The Share button on settle-up and on the night summary, on a phone (390 ×
844) in real headless Chromium.  Where the phone has a share sheet
(navigator.share, stubbed here to keep what it is handed) it gets the
payments in the server's words, the day in the app's words, and the night's
chart drawn as a PNG, with no payment handle anywhere; where it has none (a
desktop), the words are copied and the page says "Copied"."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.steps import SCREENSHOTS, api_night, screenshot, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
HANDS: list[dict[str, Any]] = [
    {"picker": "Ann", "partners": ["Cat"], "points": 61},
    {"picker": "Bob", "alone": True, "points": 30},
    {"kind": "leaster", "winner": "Dan"},
]
#: What the night's payments say, as settle-up lists them, on the day it was played.
WORDS = ("Friday 21 Nov — Bob pays Ann $1.25, Bob pays Cat $1.00, Bob pays Dan $1.75, "
         "Bob pays Eve $0.50")

#: A share sheet that keeps what it is handed (each file read back as a data URL).
SHARE_SHEET = """
window.handed = [];
Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value(data) {
  const files = data.files || [];
  Promise.all(files.map(file => new Promise(done => {
    const reader = new FileReader();
    reader.onload = () => done({ name: file.name, type: file.type, url: reader.result });
    reader.readAsDataURL(file);
  }))).then(read => window.handed.push({ title: data.title, text: data.text, url: data.url,
                                         files: read }));
  return Promise.resolve();
} });
Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true,
  value(data) { return true; } });
"""
#: A desktop: no share sheet.
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
#: Plain http on the LAN: no navigator.clipboard either; what a copy copies is kept.
NO_CLIPBOARD = NO_SHARE_SHEET + """
Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get() {} });
document.addEventListener('copy', event => {
  window.copied = event.target.value === undefined ? null : event.target.value; });
"""


def night(app: Flask, page: Any, base: str) -> str:
    """Three hands of a Friday night; Ann is paid at Venmo (a handle the
    scorekeeper's settle-up shows and nothing shared may).  Its URL."""
    url = api_night(app, page, base, PLAYERS, "called-ace", HANDS, name="Friday",
                    played_on="2025-11-21")
    page.goto(url + "/players/Ann/pay")
    page.locator("#service label", has_text="Venmo").click()
    page.fill("#handle", "annsmith42")
    page.locator("#save-handle").click()
    page.wait_for_url("**/players")
    return url


def handed(page: Any) -> dict[str, Any]:
    wait_until(page, "() => window.handed.length === 1")
    return page.evaluate("window.handed[0]")


def assert_shares_the_night(page: Any) -> dict[str, Any]:
    button = page.locator("#share-payments")
    expect(button).to_be_visible()
    found = button.bounding_box()
    assert found is not None and found["height"] >= 44 and found["x"] + found["width"] <= 390
    expect(page.locator("#share-night")).to_have_attribute("data-picture", "ready")
    button.click()
    shared = handed(page)
    assert shared["text"] == WORDS
    assert shared["title"] == "Sheepshead, Friday 21 Nov"
    assert shared["url"] is None
    assert "annsmith42" not in str(shared) and "venmo" not in shared["text"].lower()
    [picture] = shared["files"]
    assert picture["type"] == "image/png" and picture["name"].endswith(".png")
    png = base64.b64decode(picture["url"].split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    size = page.evaluate("""url => new Promise(done => { const image = new Image();
        image.onload = () => done([image.naturalWidth, image.naturalHeight]);
        image.src = url; })""", picture["url"])
    assert size[0] >= 900 and size[1] >= 600, size  # the chart at three pixels a point
    # the picture is the chart: each player's line in its colour is in it
    colours = page.evaluate("""url => new Promise(done => { const image = new Image();
        image.onload = () => { const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
          const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
          const seen = new Set();
          for (let i = 0; i < data.length; i += 4)
            seen.add('#' + [data[i], data[i + 1], data[i + 2]].map(
              v => v.toString(16).padStart(2, '0')).join('').toUpperCase());
          done([...seen]); };
        image.src = url; })""", picture["url"])
    for colour in ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"):
        assert colour in colours, colour
    return {**shared, "png": png}


def test_settle_up_and_the_summary_hand_the_share_sheet_the_payments_and_the_chart(
        page: Any, live_app: Flask, live_server: str) -> None:
    complaints: list[str] = []  # the picture is drawn under the page's policy, unrefused
    page.on("console", lambda m: complaints.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.on("pageerror", lambda e: complaints.append(str(e)))
    page.add_init_script(SHARE_SHEET)
    url = night(live_app, page, live_server)
    page.goto(url + "/settle")
    assert "Pay Ann $1.25 with Venmo" in page.locator("#transfers").inner_text()
    shared = assert_shares_the_night(page)
    assert page.locator("#share-night").get_attribute("data-text") == WORDS
    screenshot(page, "settle-share-button", full_page=False)
    (SCREENSHOTS / "settle-share-chart.png").write_bytes(shared["png"])  # to look at

    page.goto(url + "/summary")
    assert_shares_the_night(page)
    screenshot(page, "settle-share-summary")
    assert complaints == []


def test_without_a_share_sheet_the_words_are_copied(
        page: Any, live_app: Flask, live_server: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_SHARE_SHEET)
    url = night(live_app, page, live_server)
    page.goto(url + "/settle")
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.locator("#share-payments").click()
    expect(page.locator("#share-said")).to_have_text("Copied: paste it in the group chat.")
    assert page.evaluate("navigator.clipboard.readText()") == WORDS
    screenshot(page, "settle-share-copied", full_page=False)


def test_on_plain_http_the_words_are_copied_the_old_way(
        page: Any, live_app: Flask, live_server: str) -> None:
    page.add_init_script(NO_CLIPBOARD)
    url = night(live_app, page, live_server)
    page.goto(url + "/summary")
    assert page.evaluate("navigator.clipboard") is None
    page.locator("#share-payments").click()
    expect(page.locator("#share-said")).to_have_text("Copied: paste it in the group chat.")
    assert page.evaluate("window.copied") == WORDS
