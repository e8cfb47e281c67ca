"""An event's pages on paper, as Chromium prints them on Letter and A4: a
blank score ticket of a table of six fills one sheet, and a longer one goes
on with its header row and ends with its Total and signature together; the
final standings keep the prizes with their heading, the table's header on
every page, and print a penalty with one real minus; a table card prints
the address to type under its QR, and the screen (never the paper) warns
when that address is this machine's own.

Where something landed on paper is read from the PDF: the test wraps the
text to find in a link to ``https://probe.invalid/<name>``, and Chromium
keeps each link as an annotation on the page it was printed on."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
PAPERS = [("letter", "Letter"), ("a4", "A4")]
#: What a sheet holds inside its 12 mm margins, in CSS pixels (96 to the inch).
LETTER = {"width": round((8.5 * 25.4 - 24) / 25.4 * 96), "height": (11 * 25.4 - 24) / 25.4 * 96}


def _event(app: Flask, players: int, rounds: int = 4, **plan: Any) -> tuple[int, str, Any]:
    """An event of ``players`` checked in, session 1 drawn: its id, the
    director token and the drawn session."""
    api = app.test_client()
    made = api.post(f"{API}/events", json={
        "name": "Kohler Falls Oktoberfest", "preset": "jack-of-diamonds", "sessions": 1,
        "rounds": rounds, "entry_cents": 2500, "places": [30, 15, 10, 10, 10],
        "session_high": 5, **plan}).get_json()
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    added = api.post(f"{API}/events/{made['id']}/players", headers=auth, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, players + 1)]})
    assert added.status_code == 201, added.get_json()
    drawn = api.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=auth,
                     json={"seed": 7})
    assert drawn.status_code == 200, drawn.get_json()
    return made["id"], made["director_token"], drawn.get_json()


def _scored(app: Flask, event_id: int, token: str, drawn: Any) -> None:
    """Every table's paper ticket in (the first player up, the rest down),
    and a penalty of 4 to player 2."""
    api = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    for t in drawn["tables"]:
        first, *rest = t["players"]
        totals = {name: -(i + t["number"]) for i, name in enumerate(rest, start=1)}
        totals[first] = -sum(totals.values())
        given = api.post(f"{API}/events/{event_id}/sessions/1/tables/{t['number']}/ticket",
                         headers=auth, json={"totals": totals})
        assert given.status_code == 201, given.get_json()
    fined = api.post(f"{API}/events/{event_id}/penalties", headers=auth, json={
        "number": 2, "session": 1, "points": 4, "reason": "Peeked at the blind"})
    assert fined.status_code == 201, fined.get_json()


def _director(browser: Any, app: Flask, base: str, event_id: int, token: str,
              **context: Any) -> Any:
    """A page whose browser directs the event (its cookie holds the token)."""
    api = app.test_client()
    with api.session_transaction() as session:
        session["events"] = {str(event_id): token}
    cookie = api.get_cookie("session")
    assert cookie is not None
    made = browser.new_context(**context)
    made.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    return made.new_page()


def _probe(found: Any, name: str) -> None:
    """Wrap the text of every element the locator ``found`` finds in a link
    named ``name``."""
    count = found.evaluate_all("""(found, name) => {
        found.forEach((element) => {
          const link = document.createElement('a');
          link.href = 'https://probe.invalid/' + name;
          link.append(...element.childNodes);
          element.append(link);
        });
        return found.length; }""", name)
    assert count, found


def _on_pages(pdf: bytes) -> list[set[str]]:
    """The probes each page of ``pdf`` carries, page by page."""
    objects = {number: body for number, body in re.findall(
        rb"(\d+) 0 obj\s*(.*?)endobj", pdf, re.S)}
    kids = re.search(rb"/Type /Pages.*?/Kids \[([^\]]*)\]", pdf, re.S)
    assert kids
    pages = []
    for number in re.findall(rb"(\d+) 0 R", kids.group(1)):
        annots = re.search(rb"/Annots \[([^\]]*)\]", objects[number])
        refs = re.findall(rb"(\d+) 0 R", annots.group(1)) if annots else []
        pages.append({m.decode() for ref in refs for m in re.findall(
            rb"/URI \(https://probe\.invalid/([^)]*)\)", objects[ref])})
    return pages


def _sheets(pdf: bytes, paper: str) -> int:
    boxes = re.findall(rb"/MediaBox \[0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)\]", pdf)
    size = {"Letter": (612, 792), "A4": (595, 842)}[paper]
    assert boxes and all(abs(float(w) - size[0]) < 2 and abs(float(h) - size[1]) < 2
                         for w, h in boxes), boxes
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


# --- blank score tickets ---------------------------------------------------------------

def _hands(page: Any) -> int:
    """The last hand's number on the first ticket."""
    return int(page.locator(".ticket").first.locator("tbody td:first-child").filter(
        has_text=re.compile(r"^\d+$")).last.inner_text())


@pytest.mark.parametrize(("paper", "size"), PAPERS)
def test_a_blank_ticket_of_a_table_of_six_fills_one_sheet(
        browser: Any, live_app: Flask, live_server: str, paper: str, size: str) -> None:
    event_id, token, drawn = _event(live_app, 24)
    assert [len(t["players"]) for t in drawn["tables"]] == [6, 6, 6, 6]
    page = _director(browser, live_app, live_server, event_id, token)
    page.goto(f"{live_server}/e/{event_id}/sessions/1/print/tickets?paper={paper}")
    assert _hands(page) == 24
    for t in range(1, 5):
        ticket = page.locator(".ticket").nth(t - 1)
        _probe(ticket.locator("h1"), f"t{t}-title")
        _probe(ticket.locator("th", has_text="Total"), f"t{t}-total")
        _probe(ticket.locator("p, td", has_text="Signed"), f"t{t}-sign")
    pdf = page.pdf(format=size)
    assert _sheets(pdf, size) == 4  # it was 8 on Letter
    assert _on_pages(pdf) == [{f"t{t}-title", f"t{t}-total", f"t{t}-sign"} for t in range(1, 5)]
    page.context.close()


def test_a_longer_ticket_goes_on_with_its_header_and_ends_with_total_and_signature(
        browser: Any, live_app: Flask, live_server: str) -> None:
    event_id, token, drawn = _event(live_app, 24, rounds=10)
    page = _director(browser, live_app, live_server, event_id, token)
    page.goto(f"{live_server}/e/{event_id}/sessions/1/print/tickets")
    assert _hands(page) == 60
    for t in range(1, 5):
        ticket = page.locator(".ticket").nth(t - 1)
        _probe(ticket.locator("thead th").first, f"t{t}-head")
        _probe(ticket.locator("th", has_text="Total"), f"t{t}-total")
        _probe(ticket.locator("p, td", has_text="Signed"), f"t{t}-sign")
    pdf = page.pdf(format="Letter")
    pages = _on_pages(pdf)
    for t in range(1, 5):
        sheets = [i for i, probes in enumerate(pages) if f"t{t}-head" in probes]
        assert len(sheets) >= 2, pages  # the header row again on each sheet it goes on to
        assert [i for i, probes in enumerate(pages) if f"t{t}-total" in probes] == sheets[-1:]
        assert [i for i, probes in enumerate(pages) if f"t{t}-sign" in probes] == sheets[-1:]
    assert _sheets(pdf, "Letter") == 8
    page.context.close()


# --- the final standings ---------------------------------------------------------------

def _finished(browser: Any, app: Flask, base: str, players: int, **context: Any) -> Any:
    """The director's page of a finished event of ``players``, every table's
    ticket in and a penalty given."""
    event_id, token, drawn = _event(app, players)
    _scored(app, event_id, token, drawn)
    page = _director(browser, app, base, event_id, token, **context)
    page.goto(f"{base}/e/{event_id}/directors")
    page.locator("#finish input[name=sure]").first.check()
    page.locator("#finish button[type=submit]").first.click()
    expect(page.locator("body")).to_contain_text("is finished")
    page.goto(f"{base}/e/{event_id}/print/standings")
    return page


def test_the_standings_print_a_penalty_with_one_real_minus(
        browser: Any, live_app: Flask, live_server: str) -> None:
    page = _finished(browser, live_app, live_server, 10)
    assert "final standings" in page.locator("h1").inner_text()
    table = page.locator("table").first
    pen = [th.strip() for th in table.locator("thead th").all_inner_texts()].index("Pen.")
    row = table.locator("tbody tr").filter(has=page.locator("td:nth-child(2)",
                                                            has_text=re.compile("^2$")))
    assert row.locator("td").nth(pen).inner_text() == "−4"  # as the leaderboard shows it
    text = table.inner_text()
    assert not re.search(r"-\d|−\s*-|-\s*−", text), text  # no hyphen for a minus, none doubled
    assert text.count("−4") >= 1 and "Player 2" in text
    page.context.close()


def test_the_prizes_stay_together_with_their_heading_wherever_a_page_ends(
        browser: Any, live_app: Flask, live_server: str) -> None:
    page = _finished(browser, live_app, live_server, 10,
                     viewport={"width": LETTER["width"], "height": 900})
    page.emulate_media(media="print")
    heading = page.locator("h2", has_text="Prizes").bounding_box()
    assert heading and heading["y"] + 200 < LETTER["height"]  # all on the first page so far
    _probe(page.locator("h2", has_text="Prizes"), "heading")
    _probe(page.locator("h2:has-text('Prizes') + ul li").last, "last-prize")
    _probe(page.locator("p", has_text="the house keeps"), "pot")
    prizes = {"heading", "last-prize", "pot"}
    page.evaluate("""() => { const gap = document.createElement('div'); gap.id = 'gap';
        document.querySelector('table').nextElementSibling.after(gap); }""")
    # A gap above the highs and prizes puts the first page's end above the
    # prizes' heading's foot, then ever higher through the prizes.
    for above in range(0, 200, 24):
        push = LETTER["height"] - heading["y"] - heading["height"] - above
        page.evaluate("(push) => { document.getElementById('gap').style.height = push + 'px'; }",
                      push)
        pages = _on_pages(page.pdf(format="Letter"))
        assert [p & prizes for p in pages if p & prizes] == [prizes], (above, pages)
    page.context.close()


def test_a_long_standings_table_repeats_its_header_and_keeps_each_row_whole(
        browser: Any, live_app: Flask, live_server: str) -> None:
    page = _finished(browser, live_app, live_server, 90)
    table = page.locator("table").first
    assert table.locator("tbody tr").count() == 90
    _probe(table.locator("thead th").first, "header")
    _probe(table.locator("tbody td:nth-child(3)"), "row")
    _probe(page.locator("h2", has_text="Prizes"), "heading")
    _probe(page.locator("p", has_text="the house keeps"), "pot")
    page.emulate_media(media="print")
    assert table.locator("tbody tr").evaluate_all(
        "rows => rows.every(r => getComputedStyle(r).breakInside === 'avoid')")
    for paper in ("Letter", "A4"):
        pages = _on_pages(page.pdf(format=paper))
        assert len(pages) >= 3, pages
        assert all("header" in p for p in pages if "row" in p), pages
        prizes = [p & {"heading", "pot"} for p in pages if p & {"heading", "pot"}]
        assert prizes == [{"heading", "pot"}], pages
    page.context.close()


# --- the table cards -------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "size"), PAPERS)
def test_a_card_prints_the_address_to_type_and_the_screen_warns_it_is_this_machine(
        browser: Any, live_app: Flask, live_server: str, paper: str, size: str) -> None:
    event_id, token, drawn = _event(live_app, 24)
    page = _director(browser, live_app, live_server, event_id, token,
                     viewport={"width": 390, "height": 844})
    page.goto(f"{live_server}/e/{event_id}/sessions/1")
    page.select_option("#print-links select[name=paper]", paper)
    page.locator("#print-cards").click()
    page.wait_for_selector(".card")
    warning = page.locator("#loopback")
    expect(warning).to_be_visible()
    assert "Phones can't open these cards" in warning.inner_text()
    assert live_server in warning.inner_text()
    typed = page.locator("#card-1 .code .address").inner_text()
    code = page.locator("#card-1 .code code").inner_text()
    assert typed == f"{live_server.removeprefix('http://')}/claim/{code}"
    assert page.locator(f"link[href*='page-{paper}.']").count() == 1
    page.emulate_media(media="print")
    expect(warning).to_be_hidden()
    expect(page.locator("#card-1 .code .address")).to_be_visible()
    pdf = page.pdf(format=size)
    assert _sheets(pdf, size) == 4  # one card a sheet
    phone = browser.new_context().new_page()
    phone.goto("http://" + typed)  # as a phone's browser completes an address typed without it
    assert "Session 1 · Table 1" in phone.content()
    phone.context.close()
    page.context.close()
