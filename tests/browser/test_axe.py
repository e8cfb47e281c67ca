"""Every kind of page passes axe-core's WCAG 2 A and AA rules and its best
practices (landmarks, a level-one heading), and rings keyboard focus on
every control, on a phone (390 × 844) and a laptop (1280 × 800), in real
Chromium; and on the phone again in the dark theme and with forced colours.

Every page is checked at the phone's width; then, in the same state, at
the laptop's, when a rule of app.css for wider screens styles it
(``@media (min-width: …)``: the big screens, the presets side by side, the
ledger's record bar, an event's panels), and each family's first page (its
top bar's long name): the others are laid out by the same rules at both
widths, so a second look would read what the first read.

Each family of pages is checked at each size over a world made for it
through the API: a night with hands recorded and a doubler pending; a group
with a carried night in its season; an event with its players partly
checked in, session 1 drawn, table 1 scored on its phone and waiting for
its signatures, table 2 scored from its paper ticket and a penalty given.
Each page is visited in the state a person meets it in (a hand's line
opened, a take-over code shown, a search made, a form refused, a hand just
saved), and the test fails naming every rule broken and where, and every
control that takes keyboard focus without showing it.  The last test holds
the checks themselves to a page broken on purpose."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import axe_playwright_python
import pytest
from flask import Flask
from PIL import Image

from scorekeeper.db.models import TicketPhoto, db
from tests.browser.steps import save_hand, tap
from tests.browser.test_sheet_import import SHEET
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
#: WCAG 2.0, 2.1 and 2.2 at levels A and AA, axe-core's best practices, and
#: "label in name" (WCAG 2.5.3), which axe-core keeps off as experimental.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                               "wcag22aa", "best-practice"]},
         "rules": {"label-content-name-mismatch": {"enabled": True}},
         "resultTypes": ["violations"]}
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
CSS = Path(__file__).parents[2] / "static" / "css" / "app.css"


def wide_selectors(css: str) -> list[str]:
    """The selectors of the style sheet's rules for wider screens (inside an
    ``@media (min-width: …)`` block)."""
    found = []
    for block in re.finditer(r"@media\s*\(min-width:\s*\d+px\)\s*\{", css):
        start = end = block.end()
        depth = 1
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        body = re.sub(r"/\*.*?\*/", "", css[start:end - 1], flags=re.S)
        found += [s.strip() for rule in re.findall(r"([^{}]+)\{[^{}]*\}", body)
                  for s in rule.split(",") if s.strip()]
    return found


#: What a page shows differently on a laptop than on a phone.
WIDE = ", ".join(wide_selectors(CSS.read_text()))

#: Waits for the page's transitions (a chip turning blue as the form presses
#: it) to end: axe-core measures the colours on screen.  (A script the page
#: runs, not wait_for_function: the pages' policy forbids eval.)
SETTLED = """() => Promise.all(document.getAnimations()
  .filter(a => isFinite(a.effect.getComputedTiming().endTime))
  .map(a => a.finished.catch(() => null)))"""

#: Each kind of control that takes focus (its tag, type, role and classes,
#: and its parent's classes), one of each focused in turn: those that show no
#: ring.  A ring is the browser's own (a page that keeps it, as the printable
#: pages do) or a solid outline at least 2 px wide, on the control or on what
#: draws it when the control itself is hidden (a radio's pill, the "?" beside
#: a rule): the element after it.
UNRINGED = """() => {
  const kinds = new Set();
  const controls = [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]')]
    .filter(el => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length)
    .filter(el => {
      const kind = [el.tagName, el.type, el.getAttribute('role'), el.className,
                    el.parentElement.className].join('|');
      return !kinds.has(kind) && kinds.add(kind);
    });
  const shown = el => {
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    return box.width > 2 && box.height > 2 && Number(style.opacity) > 0
      && style.visibility === 'visible';
  };
  const ringed = el => {
    const style = getComputedStyle(el);
    return shown(el) && (style.outlineStyle === 'auto'
      || (style.outlineStyle === 'solid' && parseFloat(style.outlineWidth) >= 2));
  };
  const missed = [];
  for (const el of controls) {
    el.focus();
    if (document.activeElement !== el) continue;
    const drawn = shown(el) ? el : el.nextElementSibling;
    if (!el.matches(':focus-visible') || !drawn || !ringed(drawn)) {
      missed.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
                  + (el.className ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '')
                  + ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '"');
    }
  }
  if (document.activeElement) document.activeElement.blur();
  return missed;
}"""


def violations(page: Any, rules: dict[str, Any] = RULES) -> list[str]:
    """What axe-core finds wrong with the page as it stands: one line a rule
    and element ("color-contrast #standings .rank: Element has insufficient…")."""
    page.evaluate(SETTLED)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)
    found = page.evaluate("rules => axe.run(document, rules)", rules)
    return [f"{rule['id']} {' '.join(map(str, node['target']))}: "
            f"{node['failureSummary'].splitlines()[-1].strip()}"
            for rule in found["violations"] for node in rule["nodes"]]


#: A fold's summary shorter than a finger's 44 px (WCAG 2.5.5's target size);
#: but a ledger's hand line, a row the screen's width with a row under it.
SMALL_FOLDS = """() => [...document.querySelectorAll('summary:not(.hand-line > summary)')]
  .filter(s => s.getClientRects().length && s.getBoundingClientRect().height < 43.5)
  .map(s => 'summary "' + s.textContent.trim().slice(0, 30) + '": '
       + Math.round(s.getBoundingClientRect().height) + ' px tall')"""


def small_folds(page: Any) -> list[str]:
    """The page's summaries too small to tap surely."""
    return list(page.evaluate(SMALL_FOLDS))


def unringed(page: Any) -> list[str]:
    """The controls on the page that take keyboard focus without showing it."""
    page.keyboard.press("Tab")  # as from a keyboard: a script's focus then shows too
    return list(page.evaluate(UNRINGED))


#: What the pages are about, by name ("night", "night_view", …): ids, links and codes.
World = dict[str, Any]
#: The tokens a browser holds, as its session cookie keeps them.
Held = dict[str, dict[str, str]]


def _ok(answer: Any, status: int = 201) -> Any:
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def a_night(app: Flask) -> tuple[World, dict[str, Held]]:
    """A night of four hands, the last a throw-in: the next hand is doubled."""
    api = app.test_client()
    night = _ok(api.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                                "preset": "imsa"}))
    auth = {"Authorization": f"Bearer {night['edit_token']}"}
    for hand in ({"picker": "Ann", "partners": ["Cat"], "points": 61},
                 {"picker": "Bob", "partners": ["Dan"], "points": 91},
                 {"picker": "Eve", "points": 30},
                 {"kind": "no-pick"}):
        _ok(api.post(f"{API}/tables/{night['id']}/hands", json=hand, headers=auth))
    return ({"night": night["id"], "night_view": night["view_token"]},
            {"scorekeeper": {"editors": {str(night["id"]): night["edit_token"]}}})


def a_group(app: Flask) -> tuple[World, dict[str, Held]]:
    """A group whose season holds one night, carried to its tab."""
    api = app.test_client()
    group = _ok(api.post(f"{API}/groups", json={"name": "Thursday regulars",
                                                "players": PLAYERS}))
    night = _ok(api.post(f"{API}/tables", json={"group": group["id"]}, headers={
        "Authorization": f"Bearer {group['edit_token']}"}))
    auth = {"Authorization": f"Bearer {night['edit_token']}"}
    for hand in ({"picker": "Cat", "partners": ["Ann"], "points": 75},
                 {"picker": "Dan", "partners": ["Bob"], "points": 40}):
        _ok(api.post(f"{API}/tables/{night['id']}/hands", json=hand, headers=auth))
    _ok(api.post(f"{API}/tables/{night['id']}/close", json={"carry": True}, headers=auth), 200)
    return ({"group": group["id"], "group_night": night["id"],
             "group_view": group["view_token"]},
            {"scorekeeper": {"groups": {str(group["id"]): group["edit_token"]}}})


def an_event(app: Flask) -> tuple[World, dict[str, Held]]:
    """An event of eleven players, ten checked in; session 1 drawn, table 1
    scored on its phone (done, its players to sign), table 2 from its paper
    ticket, a penalty given.  The director's browser and table 1's phone."""
    api = app.test_client()
    event = _ok(api.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "called-ace", "sessions": 2, "rounds": 1,
        "entry_cents": 2500, "places": [50, 30], "signatures": True}))
    director = {"Authorization": f"Bearer {event['director_token']}"}
    players = f"{API}/events/{event['id']}/players"
    _ok(api.post(players, headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 11)]}))
    _ok(api.post(players, headers=director, json={"players": [{"name": "Late Larry"}]}))
    one, two = _ok(api.post(f"{API}/events/{event['id']}/sessions/1/draw", headers=director,
                            json={"seed": 7}), 200)["tables"]
    phone = {"Authorization": f"Bearer {one['edit_token']}"}
    seated = one["players"]
    for n, picker in enumerate(seated):  # every deal due: the table is done
        _ok(api.post(f"{API}/tables/{one['night']}/hands", headers=phone, json={
            "picker": picker, "partners": [seated[n - 1]], "points": 61}))
    first, *rest = two["players"]
    totals = {name: -i for i, name in enumerate(rest, start=1)}
    totals[first] = -sum(totals.values())
    _ok(api.post(f"{API}/events/{event['id']}/sessions/1/tables/2/ticket", headers=director,
                 json={"totals": totals}))
    _ok(api.post(f"{API}/events/{event['id']}/penalties", headers=director, json={
        "number": 2, "session": 1, "points": 4, "reason": "Peeked at the blind"}))
    code = _ok(api.post(f"{API}/events/{event['id']}/sessions/1/tables/1/code",
                        headers=director), 200)["code"]
    _photos(app, event["id"], list(one["players"]))
    return ({"event": event["id"], "event_view": event["view_token"],
             "event_table": one["night"], "table_code": code},
            {"scorekeeper": {"events": {str(event["id"]): event["director_token"]}},
             "phone": {"editors": {str(one["night"]): one["edit_token"]}}})


def _photos(app: Flask, event_id: int, names: list[str]) -> None:
    """Two photos of session 1's tickets as the reader leaves them: table 1's
    read with a row asked, and one it couldn't read."""
    flat = io.BytesIO()
    Image.new("L", (800, 420), 235).save(flat, "JPEG")
    rows = [{"seat": n, "name": name, "total": None if n == 1 else 3 - n,
             "confidence": 0.0 if n == 1 else 1.0, "box": [40 + 90 * n, 10, 90, 400],
             "asked": "a faint or half-made mark in the tens column" if n == 1 else None}
            for n, name in enumerate(names, start=1)]
    with app.app_context():
        db.session.add_all([
            TicketPhoto(event_id=event_id, session=1, table=1, state="asked",
                        filename="IMG_2041.jpg", reading={"rows": rows, "asked": []},
                        photo=flat.getvalue(), rectified=flat.getvalue()),
            TicketPhoto(event_id=event_id, session=1, state="refused", filename="IMG_2042.jpg",
                        reason="Only 3 of the ticket's 4 corner markers found")])
        db.session.commit()


def cookie(app: Flask, held: Held) -> str:
    """The signed session cookie of a browser holding ``held``."""
    api = app.test_client()
    with api.session_transaction() as session:
        session.update(held)
    made = api.get_cookie("session")
    assert made is not None
    return made.value


#: The browsers' pages by who holds them: "scorekeeper", "viewer", "phone".
Pages = dict[str, Any]
#: How to bring a page to the state it is checked in; the page to check.
Visit = Callable[[Pages, World], Any]


def go(who: str, path: str, *clicks: str, status: int = 200) -> Visit:
    """``who`` opens ``path`` (formatted with the world), answered ``status``,
    then taps each of ``clicks``."""
    def visit(pages: Pages, w: World) -> Any:
        page = pages[who]
        answer = page.goto(path.format(**w))
        assert answer.status == status, path
        for selector in clicks:
            page.locator(selector).first.click()
            page.wait_for_load_state()
        return page
    return visit


def hand_link(action: str) -> Visit:
    """The scorekeeper taps hand 2's line in the ledger, then ``action``."""
    def visit(pages: Pages, w: World) -> Any:
        page = go("scorekeeper", "/t/{night}", "#hand-2 summary")(pages, w)
        page.locator("#hand-2 .hand-actions a", has_text=action).click()
        page.wait_for_load_state()
        return page
    return visit


def claimed(share: str) -> Visit:
    """The viewer opens the one-time code the scorekeeper shows on ``share``."""
    def visit(pages: Pages, w: World) -> Any:
        shown = go("scorekeeper", share, "#show-handover, #handover button")(pages, w)
        link = shown.locator("#claim-url")
        return go("viewer", link.get_attribute("href") or link.inner_text())(pages, w)
    return visit


def refused(path: str, button: str) -> Visit:
    """The scorekeeper taps ``button`` on ``path`` with nothing filled in."""
    def visit(pages: Pages, w: World) -> Any:
        page = go("scorekeeper", path)(pages, w)
        for box in page.locator("input[name=players]").all():
            box.fill("")
        page.locator(button).click()
        page.wait_for_selector(".field-error, .error, .summary-line.refused")
        return page
    return visit


def sheet(*clicks: str) -> Visit:
    """The group's spreadsheet read (history_nights.csv), then ``clicks``."""
    def visit(pages: Pages, w: World) -> Any:
        page = go("scorekeeper", "/g/{group}/sheet")(pages, w)
        page.set_input_files("#sheet-file", str(SHEET))
        for selector in ("#read-sheet", *clicks):
            page.locator(selector).click()
            page.wait_for_load_state()
        return page
    return visit


def saved_throw_in(pages: Pages, w: World) -> Any:
    """A throw-in saved from the record form: its saved line and Undo, and a
    doubler pending again."""
    page = go("scorekeeper", "/t/{night}/hand/new")(pages, w)
    tap(page, "kind", "Nobody picked")
    save_hand(page)
    return page


NIGHT: list[tuple[str, Visit]] = [
    ("start page", go("scorekeeper", "/")),
    ("start page, refused", refused("/", "#start")),
    ("record form, a doubler pending", go("scorekeeper", "/t/{night}/hand/new")),
    ("record form, refused", refused("/t/{night}/hand/new", "#save")),
    ("ledger, a hand's line open", go("scorekeeper", "/t/{night}", "#hand-2 summary")),
    ("edit a hand", hand_link("Edit")),
    ("delete a hand: confirm", hand_link("Delete")),
    ("players", go("scorekeeper", "/t/{night}/players")),
    ("share, take-over code shown", go("scorekeeper", "/t/{night}/share", "#show-handover")),
    ("take-over code claim", claimed("/t/{night}/share")),
    ("settle up", go("scorekeeper", "/t/{night}/settle")),
    ("settle a leaver", go("scorekeeper", "/t/{night}/settle/leave?name=Ann")),
    ("pay handle", go("scorekeeper", "/t/{night}/players/Ann/pay")),
    ("close the night", go("scorekeeper", "/t/{night}/close")),
    ("night summary", go("scorekeeper", "/t/{night}/summary")),
    ("house rules", go("scorekeeper", "/t/{night}/rules")),
    ("rulings, searched", go("scorekeeper", "/t/{night}/rulings?q=buried")),
    ("history", go("scorekeeper", "/t/{night}/history")),
    ("import a night", go("scorekeeper", "/import")),
    ("presets compared", go("scorekeeper", "/presets")),
    ("a preset's rulings", go("scorekeeper", "/presets/called-ace/rulings")),
    ("offline", go("scorekeeper", "/offline")),
    ("not found", go("scorekeeper", "/t/999999", status=404)),
    ("live standings", go("viewer", "/s/{night_view}")),
    ("live big screen", go("viewer", "/s/{night_view}/tv")),
    ("viewer's summary", go("viewer", "/s/{night_view}/summary")),
    ("viewer's rulings", go("viewer", "/s/{night_view}/rulings")),
    ("record form, a hand just saved", saved_throw_in),
]
GROUP: list[tuple[str, Visit]] = [
    ("new group", go("scorekeeper", "/g/new")),
    ("group", go("scorekeeper", "/g/{group}")),
    ("group's next night", go("scorekeeper", "/g/{group}", "#next-night")),
    ("group's season", go("scorekeeper", "/g/{group}/season")),
    ("group member", go("scorekeeper", "/g/{group}/players/Ann")),
    ("group member's pay handle", go("scorekeeper", "/g/{group}/players/Ann/pay")),
    ("group's tab", go("scorekeeper", "/g/{group}/settle")),
    ("group's share, code shown", go("scorekeeper", "/g/{group}/share", "#show-handover")),
    ("group code claim", claimed("/g/{group}/share")),
    ("group's night", go("scorekeeper", "/g/{group}/nights/{group_night}")),
    ("group's sheet import", go("scorekeeper", "/g/{group}/sheet")),
    ("group's sheet, its columns", sheet()),
    ("group's sheet, its nights", sheet("#preview-nights")),
    ("import a group", go("scorekeeper", "/g/import")),
    ("group viewer's season", go("viewer", "/gs/{group_view}")),
    ("group viewer's member", go("viewer", "/gs/{group_view}/players/Ann")),
]
EVENT: list[tuple[str, Visit]] = [
    ("new event", go("scorekeeper", "/e/new")),
    ("event check-in", go("scorekeeper", "/e/{event}")),
    ("event session", go("scorekeeper", "/e/{event}/sessions/1")),
    ("event directors", go("scorekeeper", "/e/{event}/directors")),
    ("co-director code claim", claimed("/e/{event}/directors")),
    ("event seats to print", go("scorekeeper", "/e/{event}/sessions/1/print/seats")),
    ("event tickets to print", go("scorekeeper", "/e/{event}/sessions/1/print/tickets")),
    ("event tickets from photos", go("scorekeeper", "/e/{event}/sessions/1/photos")),
    ("event standings to print", go("scorekeeper", "/e/{event}/print/standings")),
    ("event board", go("viewer", "/e/s/{event_view}")),
    ("event board, a seat found", go("viewer", "/e/s/{event_view}/seat?q=Player+3")),
    ("event big screen", go("viewer", "/e/s/{event_view}/tv")),
    ("table code claim", go("viewer", "/claim/{table_code}")),
    ("table phone: done, signing", go("phone", "/t/{event_table}/hand/new", status=409)),
    ("table phone: sign", go("phone", "/t/{event_table}/sign")),
    ("table phone: ledger", go("phone", "/t/{event_table}")),
]
#: Each family of pages: how its world is made, and its pages in their states.
FAMILIES = {"night": (a_night, NIGHT), "group": (a_group, GROUP), "event": (an_event, EVENT)}


def open_pages(browser: Any, live_app: Flask, live_server: str, family: str,
               **looks: Any) -> tuple[list[tuple[str, Visit]], World, Pages]:
    """The family's world made, its pages to visit, and a phone's browser for
    each of "scorekeeper", "viewer" and "phone" holding what the world gives
    it, in the colours ``looks`` asks (a colour scheme, forced colours)."""
    build, visits = FAMILIES[family]
    world, held = build(live_app)
    pages: Pages = {}
    for who in ("scorekeeper", "viewer", "phone"):
        context = browser.new_context(base_url=live_server, viewport=SIZES["phone"],
                                      is_mobile=True, has_touch=True, **looks)
        if who in held:
            context.add_cookies([{"name": "session", "value": cookie(live_app, held[who]),
                                  "url": live_server}])
        pages[who] = context.new_page()
    return visits, world, pages


def close(pages: Pages) -> None:
    for page in pages.values():
        page.context.close()


@pytest.mark.parametrize("family", FAMILIES)
def test_every_page_passes_axe_and_shows_keyboard_focus(
        browser: Any, live_app: Flask, live_server: str, family: str) -> None:
    visits, world, pages = open_pages(browser, live_app, live_server, family)
    broken: list[str] = []
    unseen: list[str] = []
    for index, (name, visit) in enumerate(visits):
        page = visit(pages, world)
        sizes = ["phone", "laptop"] if index == 0 or page.locator(WIDE).count() else ["phone"]
        for size in sizes:  # the same page, in the same state, at each width
            page.set_viewport_size(SIZES[size])
            where = f"{name} at the {size}'s width ({page.url.removeprefix(live_server)})"
            broken += [f"{where}: {found}" for found in violations(page) + small_folds(page)]
            unseen += [f"{where}: {found}" for found in unringed(page)]
        page.set_viewport_size(SIZES["phone"])
    close(pages)
    assert not broken, "axe-core:\n" + "\n".join(broken)
    assert not unseen, "focus not shown:\n" + "\n".join(unseen)


#: The other ways a phone is set to show its pages: its dark theme, and
#: forced colours (Windows High Contrast).
LOOKS = {"dark": {"color_scheme": "dark"}, "forced colours": {"forced_colors": "active"}}
#: The rules for the other looks: the colours' (the sizes and places of the
#: targets are the usual look's to check: a tick's room can move a target
#: under the Save bar at the page's top, where scrolling brings it out).
LOOK_RULES = {**RULES, "rules": {**RULES["rules"], "target-size": {"enabled": False}}}


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("family", FAMILIES)
def test_every_page_passes_axe_in_the_dark_and_in_forced_colours(
        browser: Any, live_app: Flask, live_server: str, family: str, look: str) -> None:
    """The same pages in the same states, at the phone's width, in the dark
    theme and with the system's colours forced: axe-core's rules (contrast
    above all) and a focus ring on every control."""
    visits, world, pages = open_pages(browser, live_app, live_server, family, **LOOKS[look])
    broken: list[str] = []
    for name, visit in visits:
        page = visit(pages, world)
        where = f"{name}, {look} ({page.url.removeprefix(live_server)})"
        broken += [f"{where}: {found}" for found in violations(page, LOOK_RULES)
                   + unringed(page)]
    close(pages)
    assert not broken, "\n".join(broken)


#: What the checks must catch, put on a page that passes them: a box with no
#: label, a button with no name, and a link whose focus ring is taken away.
BROKEN = """() => {
  const main = document.querySelector('main');
  main.insertAdjacentHTML('beforeend',
    '<input id="unlabelled"><button id="nameless"></button><a href="#" id="ringless">Home</a>');
  document.getElementById('ringless').style.outline = 'none';
}"""


def test_the_checks_fail_a_page_that_breaks_them(page: Any, live_server: str) -> None:
    """The checks above can fail: the offline page passes them, and fails them
    once a bad snippet is put on it (so a silent axe-core, or a ring check
    that sees nothing, can't pass every page unread)."""
    page.goto(live_server + "/offline")
    assert violations(page) == [] and unringed(page) == []
    page.evaluate(BROKEN)
    broken = violations(page)
    assert any(v.startswith("label #unlabelled") for v in broken), broken
    assert any(v.startswith("button-name #nameless") for v in broken), broken
    assert unringed(page) == ['a#ringless "Home"']


def test_the_wider_screens_rules_are_found() -> None:
    """What the laptop looks at again is read from the style sheet itself: a
    rule added for wider screens is looked at without anyone listing it."""
    assert wide_selectors("a { x: 1 } @media (min-width: 760px) { .b, .c d { x: 2 } "
                          "/* e { } */ .f { x: 3 } } .g { x: 4 }") == [".b", ".c d", ".f"]
    assert {".record-bar", ".compare-strip", ".event-panels", "body.tv"} <= set(
        WIDE.split(", "))
