"""Every page at a phone's widths and a reader's text sizes: 320, 360 and 390
px wide, with the browser's text at 100, 150 and 200 % (Chromium's own font
size setting, as a phone's "larger text" sets it: what is sized in rem or
em grows, what is sized in px stays), in real Chromium.

No page scrolls sideways: only a box that slides by design (its own
``overflow-x: auto``, the ledger's and the season's, which say so above
them) may hold something wider than the screen.  And no text is cut: a
name, a total or a label narrower than its own text (shrunk to a few pixels
in a column, or clipped with an ellipsis) fails, naming the page, the size
and the element.  The pages and their states are the accessibility test's
(tests/browser/test_axe.py): each family's world made through the API, each
page visited as a person meets it, then looked at in every size."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import screenshot
from tests.browser.test_axe import FAMILIES, SIZES, close, open_pages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (320, 360, 390)
#: The text sizes, as a share of the browser's usual 16 px.
TEXT = (100, 150, 200)

#: What doesn't fit at the page's width: an element reaching past the right
#: edge outside a box that slides, and an element whose own text is wider
#: than its box (shown cut or spilling over its neighbour).  One line each:
#: "overflow", or "cut", its tag, id, classes and text, and the widths.
UNFIT = """() => {
  const width = document.documentElement.clientWidth;
  const slides = el => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  const seen = new Map();
  const spoken = el => {  // words for a screen reader only: a box of a pixel, clipped
    if (!el || el === document.body) return false;
    if (!seen.has(el)) {
      const box = el.getBoundingClientRect(), style = getComputedStyle(el);
      seen.set(el, box.width <= 1 && box.height <= 1 && style.overflow === 'hidden'
               || spoken(el.parentElement));
    }
    return seen.get(el);
  };
  const hidden = el => {
    const style = getComputedStyle(el);
    return style.visibility !== 'visible' || spoken(el)
      || el.closest('.skip-link, details:not([open]) > :not(summary)');
  };
  const named = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.className && typeof el.className === 'string'
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
    + ' "' + (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  const found = [];
  const page = document.documentElement.scrollWidth;
  for (const el of document.body.querySelectorAll('*')) {
    if (found.length > 12) break;
    if (['svg', 'path', 'g', 'text', 'line', 'rect', 'circle', 'polyline', 'option', 'script',
         'style', 'br', 'tspan'].includes(el.tagName.toLowerCase())) continue;
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height || hidden(el)) continue;
    if (box.right > width + 1 && !slides(el)) {
      found.push(`overflow ${named(el)}: right edge ${Math.round(box.right)} of ${width}`);
      continue;
    }
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const style = getComputedStyle(el);
    if (own && style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1
        && !['auto', 'scroll'].includes(style.overflowX) && el.clientWidth > 0) {
      found.push(`cut ${named(el)}: text ${el.scrollWidth} in ${el.clientWidth}`);
    } else if (own && box.width < 8 && el.textContent.trim().length > 1) {
      found.push(`cut ${named(el)}: ${Math.round(box.width)} px wide`);
    }
  }
  if (page > width + 1 && !found.length) found.push(`overflow: the page is ${page} of ${width}`);
  return found;
}"""


def text_size(page: Any, percent: int) -> None:
    """The browser's text size, as its settings set it (16 px at 100 %)."""
    session = page.context.new_cdp_session(page)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 16 * percent // 100,
                                                     "fixed": 13 * percent // 100}})
    session.detach()


def unfit(page: Any) -> list[str]:
    """What doesn't fit the page's width at every size, one line a size."""
    found = []
    for percent in TEXT:
        text_size(page, percent)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            found += [f"{width} px, {percent} % text: {line}"
                      for line in page.evaluate(UNFIT)]
    text_size(page, 100)
    page.set_viewport_size(SIZES["phone"])
    return found


@pytest.mark.parametrize("family", FAMILIES)
def test_every_page_fits_a_phone_at_every_text_size(
        browser: Any, live_app: Flask, live_server: str, family: str) -> None:
    visits, world, pages = open_pages(browser, live_app, live_server, family)
    broken: list[str] = []
    for name, visit in visits:
        page = visit(pages, world)
        found = unfit(page)
        if found:
            text_size(page, 200)
            page.set_viewport_size({"width": 320, "height": 800})
            screenshot(page, f"reflow-{family}-{name.replace(' ', '-').replace(',', '')}")
            text_size(page, 100)
            page.set_viewport_size(SIZES["phone"])
        broken += [f"{name} ({page.url.removeprefix(live_server)}) at {line}" for line in found]
    close(pages)
    assert not broken, "doesn't fit:\n" + "\n".join(broken)
