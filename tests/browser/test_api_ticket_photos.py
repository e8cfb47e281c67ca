"""A session's tickets read from photos through the JSON API (docs/api.md,
"Tickets from photos"): the app's own ticket blocks (rendered by Chromium,
:mod:`tests.tickets.corpus`) are filled and photographed, sent as
``multipart/form-data`` and read as the event's job (202, ``Location``);
a retry under its Idempotency-Key is the same job, the same key with other
photos a 422; each reading confirmed is its table's ticket, equal to what
was filled in, and over a ticket standing its correction with a reason; a
stale version changes nothing; a photo of another event's ticket comes
back refused with the reason; bytes that aren't a photo are a 400."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper.db.models import EventTicket, Job, TicketPhoto, db
from scorekeeper.tickets.layout import TicketId
from tests.browser.test_event_print import _event
from tests.tickets import corpus
from tests.web.api_helpers import assert_error

pytestmark = [pytest.mark.browser, pytest.mark.slow]

API = "/api/v1"
KEY = "0123456789abcdef-photos"


@pytest.fixture
def event(app: Flask) -> tuple[int, dict[str, str], Any]:
    """An event of three tables of five, session 1 drawn, and its director's header."""
    event_id, token, drawn = _event(app, 15)
    return event_id, {"Authorization": f"Bearer {token}"}, drawn


def _photos(browser: Any, event_id: int, tables: list[Any], seed: int
            ) -> tuple[list[tuple[str, bytes]], list[dict[str, int]]]:
    """A photo of each table's ticket filled in (rendered as the app prints
    it, its QR naming ``event_id``), and what each was filled with."""
    rng = np.random.default_rng(seed)
    photos, truth = [], []
    for t in tables:
        flat = corpus.render(browser, TicketId(event_id, 1, t["number"], len(t["players"])),
                             t["players"])
        totals = corpus.random_totals(rng, len(t["players"]))
        filled = corpus.fill(flat, totals, rng).image
        photos.append((f"IMG_{t['number']}.jpg", corpus.photograph(filled, rng, curl=False)))
        truth.append(dict(zip(t["players"], totals, strict=True)))
    return photos, truth


def _send(client: FlaskClient, event_id: int, auth: dict[str, str],
          photos: list[tuple[str, bytes]], **headers: str) -> Any:
    return client.post(f"{API}/events/{event_id}/sessions/1/photos", headers={
        **auth, **headers}, content_type="multipart/form-data",
        data={"photos": [(io.BytesIO(data), name) for name, data in photos]})


def _read(client: FlaskClient, sent: Any, auth: dict[str, str]) -> list[dict[str, Any]]:
    """The photos the job read (its address followed until it is done)."""
    assert sent.status_code == 202, sent.get_json()
    job = client.get(sent.headers["Location"], headers=auth)
    assert job.status_code == 200 and job.get_json()["state"] == "done", job.get_json()
    assert job.get_json()["kind"] == "ticket_photos"
    return list(job.get_json()["answer"]["photos"])


def _standing(app: Flask) -> list[dict[str, int]]:
    with app.app_context():
        return [dict(t.totals) for t in db.session.scalars(
            db.select(EventTicket).order_by(EventTicket.id))]


def _photo_rows(app: Flask) -> list[tuple[Any, ...]]:
    with app.app_context():
        return [(p.id, p.state, p.version, p.ticket_id) for p in db.session.scalars(
            db.select(TicketPhoto).order_by(TicketPhoto.id))]


def test_photos_sent_through_the_api_are_read_as_a_job_and_confirmed_as_the_tickets(
        browser: Any, app: Flask, client: FlaskClient,
        event: tuple[int, dict[str, str], Any]) -> None:
    event_id, auth, drawn = event
    photos, truth = _photos(browser, event_id, drawn["tables"], seed=53)
    sent = _send(client, event_id, auth, photos, **{"Idempotency-Key": KEY})
    assert sent.status_code == 202, sent.get_json()
    job = sent.get_json()
    assert sent.headers["Location"] == f"{API}/events/{event_id}/jobs/{job['job']}" \
        == job["url"]
    assert sent.headers["Retry-After"] and "Idempotent-Replayed" not in sent.headers
    read = _read(client, sent, auth)
    assert [p["state"] for p in read] == ["read"] * 3, [p["reason"] for p in read]
    assert [{r["name"]: r["total"] for r in p["reading"]["rows"]} for p in read] == truth
    assert [p["table"] for p in read] == [t["number"] for t in drawn["tables"]]

    again = _send(client, event_id, auth, photos, **{"Idempotency-Key": KEY})
    assert again.status_code == 202 and again.get_json()["job"] == job["job"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == sent.headers["Location"]
    other = _send(client, event_id, auth, photos[:2], **{"Idempotency-Key": KEY})
    assert_error(other, 422)
    assert other.get_json()["code"] == "key_reused"
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Job)) == 1
    listed = client.get(f"{API}/events/{event_id}/sessions/1/photos", headers=auth)
    assert [p["id"] for p in listed.get_json()["photos"]] == [p["id"] for p in reversed(read)]

    first = read[0]
    confirm = f"{API}/events/{event_id}/photos/{first['id']}/confirm"
    before = _photo_rows(app)
    stale = client.post(confirm, headers=auth, json={"version": first["version"] + 1})
    assert_error(stale, 412, "version")
    assert stale.get_json()["code"] == "stale"
    assert _photo_rows(app) == before and _standing(app) == []

    for photo, totals in zip(read, truth, strict=True):
        done = client.post(f"{API}/events/{event_id}/photos/{photo['id']}/confirm",
                           headers=auth, json={"version": photo["version"]})
        assert done.status_code == 201, done.get_json()
        assert done.get_json() == {"session": 1, "table": photo["table"], "totals": totals}
        assert done.headers["Location"] == f"{API}/events/{event_id}/sessions/1"
    assert _standing(app) == truth
    twice = client.post(confirm, headers=auth, json={"version": first["version"]})
    assert_error(twice, 409, "totals")
    assert twice.get_json()["code"] == "unchanged"
    assert _standing(app) == truth
    states = client.get(f"{API}/events/{event_id}/sessions/1/photos", headers=auth).get_json()
    assert {p["state"] for p in states["photos"]} == {"confirmed"}
    assert all(p["ticket"] for p in states["photos"])


def test_a_photo_of_another_events_ticket_is_refused_and_one_over_a_ticket_corrects_it(
        browser: Any, app: Flask, client: FlaskClient,
        event: tuple[int, dict[str, str], Any]) -> None:
    event_id, auth, drawn = event
    first = drawn["tables"][0]
    (elsewhere,), _ = _photos(browser, event_id + 100, [first], seed=7)
    (ours,), (truth,) = _photos(browser, event_id, [first], seed=11)
    standing = dict(zip(first["players"], (4, -1, -1, -1, -1), strict=True))
    entered = client.post(f"{API}/events/{event_id}/sessions/1/tables/1/ticket",
                          headers=auth, json={"totals": standing})
    assert entered.status_code == 201, entered.get_json()
    refused, read = _read(client, _send(client, event_id, auth, [elsewhere, ours]), auth)
    assert refused["state"] == "refused" and refused["reading"] is None
    assert f"another event (its QR names event {event_id + 100})" in refused["reason"]
    not_ours = client.post(f"{API}/events/{event_id}/photos/{refused['id']}/confirm",
                           headers=auth, json={"version": refused["version"]})
    assert_error(not_ours, 409)
    aside = client.post(f"{API}/events/{event_id}/photos/{refused['id']}/aside",
                        headers=auth, json={"version": refused["version"],
                                            "reason": "a ticket of last year's"})
    assert aside.status_code == 200, aside.get_json()
    assert aside.get_json()["state"] == "set_aside"
    assert aside.get_json()["version"] == refused["version"] + 1

    assert read["state"] == "read", read["reason"]
    confirm = f"{API}/events/{event_id}/photos/{read['id']}/confirm"
    unsaid = client.post(confirm, headers=auth, json={"version": read["version"]})
    assert_error(unsaid, 400, "reason")
    assert _standing(app) == [standing]
    nobody = client.post(confirm, headers=auth, json={"version": read["version"],
                                                      "totals": {"Nobody": 3}})
    assert_error(nobody, 400, "totals")
    corrected = client.post(confirm, headers=auth, json={"version": read["version"],
                                                         "reason": "misread at the table"})
    assert corrected.status_code == 200, corrected.get_json()
    assert corrected.get_json() == {"session": 1, "table": 1, "totals": truth}
    assert _standing(app) == [truth]


def _png(size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("1", size).save(out, "PNG")
    return out.getvalue()


def test_what_isnt_a_photo_is_refused_and_nothing_is_kept(
        app: Flask, client: FlaskClient, event: tuple[int, dict[str, str], Any]) -> None:
    event_id, auth, _ = event
    path = f"{API}/events/{event_id}/sessions/1/photos"
    text = _send(client, event_id, auth, [("IMG_1.jpg", _png((40, 30))),
                                           ("notes.txt", b"Table 2: Ann +4")])
    assert_error(text, 400, "photos")
    assert text.get_json()["error"].startswith("notes.txt: Not a photo")
    bomb = _send(client, event_id, auth, [("bomb.png", _png((8000, 8000)))])
    assert_error(bomb, 400, "photos")
    assert "million pixels at most" in bomb.get_json()["error"]
    assert_error(_send(client, event_id, auth, []), 400, "photos")
    json = client.post(path, headers=auth, json={"photos": ["IMG_1.jpg"]})
    assert_error(json, 415)
    assert json.get_json()["code"] == "not_json"
    typo = client.post(path, headers=auth, content_type="multipart/form-data",
                       data={"photo": (io.BytesIO(_png((40, 30))), "IMG_1.png")})
    assert_error(typo, 400, "photo")
    nameless = client.post(path, headers={
        **auth, "Content-Type": "multipart/form-data; boundary=b0"},
        data=b'--b0\r\nContent-Disposition: form-data\r\n\r\n{}\r\n--b0--\r\n')
    assert_error(nameless, 400)  # a part of the form without a name: not a 500
    assert_error(client.post(f"{API}/events/{event_id}/sessions/2/photos", headers=auth,
                             content_type="multipart/form-data",
                             data={"photos": (io.BytesIO(_png((40, 30))), "a.png")}), 404)
    assert _photo_rows(app) == []
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Job)) == 0
