"""A session's tickets read from photos through the director's pages: the
app's own printed tickets (rendered by Chromium from the print page) are
filled, photographed (:mod:`tests.tickets.corpus`) and sent; each reading
waits beside its photo; Confirm makes it the table's ticket through the one
write path (its history says "read from a photo"); a row the reader asks
is typed; a photo of another event's ticket is refused with the reason; a
reading that differs from a ticket standing is a difference to settle, and
a double-tapped send reads the photos once."""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper.db.models import EventTicket, TicketPhoto, db
from scorekeeper.limits import KEPT_PHOTO_SIDE
from scorekeeper.tickets.layout import Block
from tests.browser.test_event_print import _event
from tests.fixtures_app import words
from tests.tickets import corpus

API = "/api/v1"


def _director(app: Flask, event_id: int, token: str) -> FlaskClient:
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["events"] = {str(event_id): token}
    return client


def _flats(browser: Any, base: str, client: FlaskClient, event_id: int) -> list[corpus.Flat]:
    """Each table's readable block as the print page draws it."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    page = browser.new_page(device_scale_factor=2)
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    page.goto(f"{base}/e/{event_id}/sessions/1/print/tickets")
    blocks = page.locator("svg.ticket-read")
    flats = []
    for n in range(blocks.count()):
        players = page.locator(".ticket").nth(n).locator("thead th").count() - 1
        flats.append(corpus.flat_of(blocks.nth(n), Block(players)))
    page.close()
    return flats


def _send(client: FlaskClient, event_id: int, photos: list[tuple[str, bytes]],
          submission: str = "tap-1") -> Any:
    page = client.get(f"/e/{event_id}/sessions/1/photos").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None
    return client.post(f"/e/{event_id}/sessions/1/photos", data={
        "csrf_token": csrf.group(1), "submission": submission,
        "photos": [(io.BytesIO(data), name) for name, data in photos]},
        content_type="multipart/form-data")


def _form(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the form posting to ``action``."""
    form = page.split(f'action="{action}')[1].split("</form>")[0]
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))


@pytest.fixture
def event(live_app: Flask) -> tuple[int, str, Any]:
    return _event(live_app, 15)  # three tables of five


def test_photos_of_the_sessions_tickets_are_read_and_confirmed_as_its_tickets(
        browser: Any, live_app: Flask, live_server: str, event: tuple[int, str, Any]) -> None:
    event_id, token, drawn = event
    client = _director(live_app, event_id, token)
    flats = _flats(browser, live_server, client, event_id)
    assert len(flats) == len(drawn["tables"]) == 3
    rng = np.random.default_rng(53)
    truth = [corpus.random_totals(rng, 5) for _ in flats]
    photos = [(f"IMG_{n}.jpg", corpus.photograph(corpus.fill(flat, totals, rng).image, rng))
              for n, (flat, totals) in enumerate(zip(flats, truth, strict=True), start=1)]
    sent = _send(client, event_id, photos)
    assert sent.status_code == 303, words(sent)
    again = _send(client, event_id, photos)  # the double tap's twin
    assert again.status_code == 303 and again.location == sent.location
    assert "(3 waiting to be confirmed)" in client.get(f"/e/{event_id}/sessions/1").text
    page = client.get(sent.location).text
    with live_app.app_context():
        kept = db.session.scalars(db.select(TicketPhoto).order_by(TicketPhoto.id)).all()
        assert len(kept) == 3 and all(p.original is None for p in kept)
        assert [p.state for p in kept] == ["read"] * 3, [p.reason for p in kept]
        assert [[r["total"] for r in p.reading["rows"]] for p in kept] == truth
        ids = [(p.id, p.table) for p in kept]
    for photo_id, table in ids:
        action = f"/e/{event_id}/photos/{photo_id}/confirm"
        done = client.post(action, data=_form(page, action))
        assert done.status_code == 303, words(done)
        page = client.get(done.location).text
        assert f"Table {table}" in page
    with live_app.app_context():
        tickets = db.session.scalars(db.select(EventTicket).order_by(EventTicket.id)).all()
        assert [list(t.totals.values()) for t in tickets] == truth
    assert "waiting to be confirmed" not in client.get(f"/e/{event_id}/sessions/1").text
    history = words(client.get(f"/e/{event_id}/history"))
    assert history.count("read from a photo, IMG_") == 3
    shown = client.get(re.findall(r'href="(/e/\d+/photos/\d+/photo\.jpg)"', history)[0])
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg"
    assert b"Exif" not in shown.data[:200]  # no metadata kept
    assert max(Image.open(io.BytesIO(shown.data)).size) <= KEPT_PHOTO_SIDE


def _one(browser: Any, live_app: Flask, live_server: str, event: tuple[int, str, Any],
         faint: bool = False) -> tuple[FlaskClient, int, int, list[int], list[str]]:
    """One table's photo sent and read: the client, the event, the photo's
    id, the totals filled and the table's players."""
    event_id, token, drawn = event
    client = _director(live_app, event_id, token)
    flat = _flats(browser, live_server, client, event_id)[0]
    rng = np.random.default_rng(7)
    totals = corpus.random_totals(rng, 5)
    filled = corpus.fill(flat, totals, rng).image
    if faint:  # a third of a bubble more in the first player's units: asked
        x, y = flat.at(*flat.block.bubble(0, 3, (abs(totals[0]) + 5) % 10))
        r = int(1.8 * flat.scale)
        filled[int(y) - r:int(y), int(x) - r // 2:int(x) + r // 2] = (60, 40, 30)
    sent = _send(client, event_id, [("IMG_9.jpg", corpus.photograph(filled, rng))])
    assert sent.status_code == 303, words(sent)
    with live_app.app_context():
        photo = db.session.scalars(db.select(TicketPhoto)).one()
        return client, event_id, photo.id, totals, list(drawn["tables"][0]["players"])


def test_a_row_the_reader_asks_is_typed_beside_its_photo(
        browser: Any, live_app: Flask, live_server: str, event: tuple[int, str, Any]) -> None:
    client, event_id, photo_id, totals, names = _one(browser, live_app, live_server, event,
                                                     faint=True)
    page = client.get(f"/e/{event_id}/sessions/1/photos").text
    assert 'data-state="asked"' in page and "faint or half-made" in page
    action = f"/e/{event_id}/photos/{photo_id}/confirm"
    untyped = client.post(action, data=_form(page, action))
    assert untyped.status_code == 400 and f"Type {names[0]}&#39;s total" in untyped.text
    with live_app.app_context():
        assert db.session.scalars(db.select(EventTicket)).all() == []
    typed = client.post(action, data={**_form(page, action), "total-1": f"{totals[0]:+d}"})
    assert typed.status_code == 303, words(typed)
    with live_app.app_context():
        assert list(db.session.scalars(db.select(EventTicket)).one().totals.values()) == totals


def test_a_reading_that_differs_from_a_standing_ticket_corrects_it_only_with_a_reason(
        browser: Any, live_app: Flask, live_server: str, event: tuple[int, str, Any]) -> None:
    event_id, token, drawn = event
    standing = dict(zip(drawn["tables"][0]["players"], (4, -1, -1, -1, -1), strict=True))
    assert live_app.test_client().post(
        f"{API}/events/{event_id}/sessions/1/tables/1/ticket", json={"totals": standing},
        headers={"Authorization": f"Bearer {token}"}).status_code == 201
    client, _, photo_id, totals, names = _one(browser, live_app, live_server, event)
    page = client.get(f"/e/{event_id}/sessions/1/photos").text
    assert f'id="photo-{photo_id}-differs-ticket"' in page
    action = f"/e/{event_id}/photos/{photo_id}/confirm"
    bare = client.post(action, data=_form(page, action))
    assert bare.status_code == 400, words(bare)
    assert "say why the photo" in words(bare), words(bare)
    with live_app.app_context():
        assert db.session.scalars(db.select(EventTicket)).one().totals == standing
    fixed = client.post(action, data={**_form(page, action), "reason": "misadded at the table"})
    assert fixed.status_code == 303, words(fixed)
    with live_app.app_context():
        assert list(db.session.scalars(db.select(EventTicket)).one().totals.values()) == totals
    history = words(client.get(f"/e/{event_id}/history"))
    assert "corrected (misadded at the table, read from a photo, IMG_9.jpg)" in history
    again = client.post(action, data={**_form(page, action), "reason": "again"})
    assert again.status_code == 409


def test_a_photo_of_another_events_ticket_is_refused_with_the_reason(
        browser: Any, live_app: Flask, live_server: str, event: tuple[int, str, Any]) -> None:
    other_id, other_token, _ = _event(live_app, 15)
    other = _director(live_app, other_id, other_token)
    flat = _flats(browser, live_server, other, other_id)[0]
    rng = np.random.default_rng(3)
    photo = corpus.photograph(corpus.fill(flat, corpus.random_totals(rng, 5), rng).image, rng)
    event_id, token, _ = event
    client = _director(live_app, event_id, token)
    assert _send(client, event_id, [("theirs.jpg", photo)]).status_code == 303
    page = words(client.get(f"/e/{event_id}/sessions/1/photos"))
    assert f"This is a ticket of another event (its QR names event {other_id})" in page
    assert 'data-state="refused"' in page and "Confirm table" not in page


def test_what_is_not_a_photo_is_refused_beside_the_field_and_nothing_is_kept(
        live_app: Flask, event: tuple[int, str, Any]) -> None:
    event_id, token, _ = event
    client = _director(live_app, event_id, token)
    refused = _send(client, event_id, [("notes.txt", b"table 3: Ann +12")])
    assert refused.status_code == 400
    assert "notes.txt: Not a photo this app reads" in words(refused)
    assert 'id="photos-input-error"' in refused.text
    with live_app.app_context():
        assert db.session.scalars(db.select(TicketPhoto)).all() == []
