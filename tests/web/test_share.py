"""Security of sharing: the view token writes nothing anywhere, replaced links
and revoked phones stop at once, the QR really encodes the share URL, idle
viewers get 304, and no token reaches the logs.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
import qrcode
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.db.models import Editor, GameTable, Handover, db
from scorekeeper.services.grants import grants
from tests.fixtures_app import start_table
from tests.kept_worlds import kept_world
from tests.web.api_helpers import page_version

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
HAND = {"kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": 75}
HAND_FORM = {"kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "75",
             "count_side": "picking", "tricks": "some", "cracks": "0", "blitzes": "0"}


def write_rules() -> list[tuple[str, str, str]]:
    """(endpoint, rule, method) for every write route the app registers."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return sorted((rule.endpoint, rule.rule, method) for rule in app.url_map.iter_rules()
                  for method in sorted(rule.methods & WRITE_METHODS))


WRITES = write_rules()
#: POST routes that save nothing and that the view token may use: a hand said in
#: words, understood and answered (docs/api.md); it still must change no row.
SAVES_NOTHING = frozenset({"api.words"})


def record(client: FlaskClient, table_id: int, **fields: Any) -> TestResponse:
    response = client.post(f"/t/{table_id}/hand/new", data={**HAND_FORM, **fields})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response


def view_token(app: Flask, table_id: int) -> str:
    with app.app_context():
        return db.session.get(GameTable, table_id).view_token


def share_page(client: FlaskClient, table_id: int) -> str:
    response = client.get(f"/t/{table_id}/share")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def share_url_on(page: str) -> str:
    return re.search(r'id="share-url" value="([^"]+)"', page).group(1)


def dump(app: Flask) -> dict[str, list[str]]:
    """Every row of every table: a refused write must leave all of it alone."""
    with app.app_context():
        db.session.expire_all()
        return {t.name: sorted(repr(tuple(r)) for r in db.session.execute(t.select()))
                for t in db.metadata.sorted_tables}


def table_rows(app: Flask, table_id: int) -> dict[str, list[str]]:
    """The rows that belong to one table (other tables may come and go)."""
    with app.app_context():
        db.session.expire_all()
        rows: dict[str, list[str]] = {}
        for t in db.metadata.sorted_tables:
            key = t.c.id if t.name == "game_table" else t.c.get("table_id")
            if key is not None:
                query = t.select().where(key == table_id)
                rows[t.name] = sorted(repr(tuple(r)) for r in db.session.execute(query))
        return rows


@pytest.fixture()
def night(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> dict[str, Any]:
    """:func:`_night`, built once per module (:mod:`tests.kept_worlds`)."""
    return kept_world(request, app, client, _night)


def _night(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A table with one hand, its view token and the scorekeeper's editor id."""
    table_id = start_table(client)
    record(client, table_id)
    with app.app_context():
        editor_id = db.session.scalars(
            db.select(Editor.id).where(Editor.of("table", table_id))).one()
    return {"id": table_id, "token": view_token(app, table_id), "editor_id": editor_id}


def url_for_rule(app: Flask, endpoint: str, method: str, night: dict[str, Any]) -> str:
    rule = next(r for r in app.url_map.iter_rules(endpoint) if method in r.methods)
    known = {"table_id": night["id"], "number": 1, "hand_id": 1, "editor_id": night["editor_id"],
             "token": night["token"]}
    values = {arg: known.get(arg, 1) for arg in rule.arguments}
    return app.url_map.bind("localhost").build(endpoint, values, method=method)


@pytest.mark.parametrize(("endpoint", "rule", "method"), WRITES,
                         ids=[f"{m} {r}" for _, r, m in WRITES])
def test_the_view_token_cannot_write_through_any_route(app: Flask, night: dict[str, Any],
                                                       endpoint: str, rule: str,
                                                       method: str) -> None:
    url = url_for_rule(app, endpoint, method, night)
    table_scoped = "<table_id>" in rule or "<int:table_id>" in rule
    before, mine = dump(app), table_rows(app, night["id"])
    if rule.startswith("/api/"):
        response = app.test_client().open(
            url, method=method, json=HAND, headers={"Authorization": f"Bearer {night['token']}"})
    else:
        viewer = app.test_client()
        assert viewer.get(f"/s/{night['token']}").status_code == 200
        form = {**HAND_FORM, "action": "join", "name": "Zed", "mode": "add", "hand_id": "1",
                "hand_json": json.dumps(HAND), "label": "Sneaky"}
        response = viewer.open(url, method=method, data=form)
    if endpoint in SAVES_NOTHING:
        assert response.status_code < 500
        assert dump(app) == before
    elif table_scoped:
        assert response.status_code == 403, response.get_data(as_text=True)[:300]
        assert dump(app) == before
    elif "<token>" in rule:
        assert response.status_code in (403, 404)
        assert dump(app) == before
    else:  # starting a new table is open to anyone; it must leave this one alone
        assert response.status_code < 500
    assert table_rows(app, night["id"]) == mine


def test_the_write_routes_include_the_pages_the_api_and_sharing() -> None:
    endpoints = {endpoint for endpoint, _, _ in WRITES}
    assert {"hands.new", "hands.confirm", "tables.players", "share.new_link",
            "share.handover", "share.revoke", "share.claim"} <= endpoints
    assert any(rule.startswith("/api/") for _, rule, _ in WRITES)


def test_a_phone_that_keeps_the_view_token_as_an_edit_token_still_cannot_write(
        app: Flask, night: dict[str, Any]) -> None:
    sneaky = app.test_client()
    with sneaky.session_transaction() as session:
        session["editors"] = {str(night["id"]): night["token"]}
    before = dump(app)
    assert sneaky.post(f"/t/{night['id']}/hand/new", data=HAND_FORM).status_code == 403
    assert sneaky.get(f"/t/{night['id']}").status_code == 403
    assert dump(app) == before


def test_the_share_page_renders_no_form_no_edit_link_and_no_session(
        app: Flask, night: dict[str, Any]) -> None:
    for path in ("", "/tv", "/live"):
        response = app.test_client().get(f"/s/{night['token']}{path}")
        html = response.get_data(as_text=True)
        assert response.status_code == 200
        assert "<form" not in html and "csrf" not in html.lower()
        assert "hx-post" not in html and "/t/" not in html and "/edit" not in html
        assert "Set-Cookie" not in response.headers


def test_a_replaced_share_link_is_404_at_once(app: Flask, client: FlaskClient,
                                               night: dict[str, Any]) -> None:
    old = night["token"]
    assert client.get(f"/s/{old}").status_code == 200
    assert client.post(f"/t/{night['id']}/share/new", data={"version": page_version(
        client, f"/t/{night['id']}/share", f"/t/{night['id']}/share/new")}).status_code == 302
    new = view_token(app, night["id"])
    assert new != old
    for path in ("", "/tv", "/live"):
        assert client.get(f"/s/{old}{path}").status_code == 404
        assert client.get(f"/s/{new}{path}").status_code == 200
    gone = client.get(f"/s/{old}/live").get_data(as_text=True)
    assert "replaced" in gone and "hx-trigger" not in gone
    assert new in share_page(client, night["id"])
    with app.app_context():
        assert "New share link" in db.session.get(GameTable, night["id"]).audit[-1].summary


def test_an_old_view_token_no_longer_reads_the_api(app: Flask, client: FlaskClient,
                                                    night: dict[str, Any]) -> None:
    url = f"/api/v1/tables/{night['id']}"
    if ("api.show", "/api/v1/tables/<int:table_id>") not in {
            (r.endpoint, r.rule) for r in app.url_map.iter_rules()}:
        pytest.skip("the API has no table read route")
    bearer = {"Authorization": f"Bearer {night['token']}"}
    assert client.get(url, headers=bearer).status_code == 200
    client.post(f"/t/{night['id']}/share/new", data={"version": page_version(
        client, f"/t/{night['id']}/share", f"/t/{night['id']}/share/new")})
    assert client.get(url, headers=bearer).status_code == 401


def claim_token_on(page: str) -> str:
    return re.search(r"/claim/([A-Za-z0-9_-]+)", page).group(1)


def take_over(app: Flask, scorekeeper: FlaskClient, table_id: int, label: str) -> FlaskClient:
    """Hand scoring to a new phone through the take-over QR; returns that phone."""
    scorekeeper.post(f"/t/{table_id}/share/handover")
    token = claim_token_on(share_page(scorekeeper, table_id))
    phone = app.test_client()
    assert phone.post(f"/claim/{token}", data={"label": label}).status_code == 302
    return phone


def test_a_revoked_phone_stops_editing_at_once(app: Flask, client: FlaskClient,
                                               night: dict[str, Any]) -> None:
    phone = take_over(app, client, night["id"], "Bob's phone")
    record(phone, night["id"])
    with app.app_context():
        bobs = db.session.scalars(db.select(Editor).filter_by(label="Bob's phone")).one().id
    assert client.post(f"/t/{night['id']}/editors/{bobs}/revoke").status_code == 302
    before = dump(app)
    assert phone.post(f"/t/{night['id']}/hand/new", data=HAND_FORM).status_code == 403
    assert phone.get(f"/t/{night['id']}").status_code == 403
    assert dump(app) == before


def test_a_revoked_api_client_stops_at_once(app: Flask, night: dict[str, Any],
                                            client: FlaskClient) -> None:
    if "api.record" not in app.view_functions:
        pytest.skip("the API has no hand recording route")
    with app.app_context():
        token = grants.add_grant(grants.TABLE, db.session.get(GameTable, night["id"]), "Script")
        script = db.session.scalars(db.select(Editor.id).filter_by(label="Script")).one()
    bearer = {"Authorization": f"Bearer {token}"}
    url = f"/api/v1/tables/{night['id']}/hands"
    assert client.post(url, json=HAND, headers=bearer).status_code == 201
    client.post(f"/t/{night['id']}/editors/{script}/revoke")
    before = dump(app)
    assert client.post(url, json=HAND, headers=bearer).status_code == 401
    assert dump(app) == before


def test_a_revoked_phone_cannot_come_back_with_a_take_over_code_it_made(
        app: Flask, client: FlaskClient, night: dict[str, Any]) -> None:
    phone = take_over(app, client, night["id"], "Bob's phone")
    phone.post(f"/t/{night['id']}/share/handover")
    token = claim_token_on(share_page(phone, night["id"]))
    with app.app_context():
        bobs = db.session.scalars(db.select(Editor).filter_by(label="Bob's phone")).one().id
    client.post(f"/t/{night['id']}/editors/{bobs}/revoke")
    assert phone.post(f"/claim/{token}", data={"label": "Back again"}).status_code == 404
    assert phone.get(f"/t/{night['id']}").status_code == 403


def test_a_take_over_code_works_once(app: Flask, client: FlaskClient,
                                      night: dict[str, Any]) -> None:
    client.post(f"/t/{night['id']}/share/handover")
    token = claim_token_on(share_page(client, night["id"]))
    first, second = app.test_client(), app.test_client()
    assert first.get(f"/claim/{token}").status_code == 200  # opening it uses nothing
    assert first.post(f"/claim/{token}", data={"label": ""}).status_code == 302
    assert second.get(f"/claim/{token}").status_code == 404
    assert second.post(f"/claim/{token}", data={"label": "Late"}).status_code == 404
    assert first.get(f"/t/{night['id']}").status_code == 200
    assert second.get(f"/t/{night['id']}").status_code == 403
    with app.app_context():
        stored = db.session.scalars(db.select(Handover)).one()
        assert stored.token_hash != token and token not in repr(stored.__dict__)


def test_an_expired_take_over_code_is_refused(app: Flask, client: FlaskClient,
                                               night: dict[str, Any]) -> None:
    client.post(f"/t/{night['id']}/share/handover")
    token = claim_token_on(share_page(client, night["id"]))
    with app.app_context():
        code = db.session.scalars(db.select(Handover)).one()
        code.expires_at = code.created_at.replace(year=2000)
        db.session.commit()
    phone = app.test_client()
    assert phone.post(f"/claim/{token}", data={"label": "Late"}).status_code == 404
    assert phone.get(f"/t/{night['id']}").status_code == 403


def matrix_from_svg(svg: str) -> list[list[bool]]:
    """The QR module matrix drawn by qrcode's SvgPathImage (one square per module)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    grid = [[False] * size for _ in range(size)]
    for x, y in re.findall(r"M(\d+),(\d+)H\d+V\d+H\d+z", svg):
        grid[int(y)][int(x)] = True
    return grid


def decode(grid: list[list[bool]], scale: int = 6) -> list[str]:
    """Decode a module matrix with a real QR reader (zxing-cpp)."""
    import zxingcpp

    rows = b"".join(bytes(0 if dark else 255 for dark in row for _ in range(scale)) * scale
                    for row in grid)
    side = len(grid) * scale
    return [code.text for code in zxingcpp.read_barcodes(memoryview(rows).cast("B", (side, side)))]


def test_the_qr_code_decodes_to_the_share_url(client: FlaskClient,
                                               night: dict[str, Any]) -> None:
    page = share_page(client, night["id"])
    url = share_url_on(page)
    assert url == f"http://localhost/s/{night['token']}"
    svg = re.search(r'<figure class="qr-box" id="share-qr">(.*?)</figure>', page, re.S).group(1)
    grid = matrix_from_svg(svg)
    expected = qrcode.QRCode()
    expected.add_data(url)
    expected.make(fit=True)
    assert grid == expected.get_matrix()
    assert decode(grid) == [url]


def test_the_take_over_qr_decodes_to_the_claim_url(client: FlaskClient,
                                                    night: dict[str, Any]) -> None:
    client.post(f"/t/{night['id']}/share/handover")
    page = share_page(client, night["id"])
    svg = re.search(r'id="handover-qr">(.*?)</svg>', page, re.S).group(1)
    assert decode(matrix_from_svg(svg)) == [f"http://localhost/claim/{claim_token_on(page)}"]


def test_an_unchanged_table_answers_304_to_its_etag(app: Flask, client: FlaskClient,
                                                     night: dict[str, Any]) -> None:
    viewer = app.test_client()
    live = f"/s/{night['token']}/live"
    first = viewer.get(live)
    etag = first.headers["ETag"]
    again = viewer.get(live, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert etag in first.get_data(as_text=True).replace('\\"', '"')  # the next poll sends it
    record(client, night["id"], picker="Bob", partners=["Dan"])
    changed = viewer.get(live, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert viewer.get(live + "?big=1", headers={"If-None-Match": etag}).status_code == 200


def test_no_token_reaches_the_logs(app: Flask, client: FlaskClient, night: dict[str, Any],
                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    viewer, phone = app.test_client(), app.test_client()
    for path in ("", "/tv", "/live", "/live?big=1"):
        viewer.get(f"/s/{night['token']}{path}")
    client.post(f"/t/{night['id']}/share/handover")
    claim = claim_token_on(share_page(client, night["id"]))
    phone.get(f"/claim/{claim}")
    phone.post(f"/claim/{claim}", data={"label": "Phone"})
    phone.get(f"/claim/{claim}")
    with phone.session_transaction() as session:
        edit = session["editors"][str(night["id"])]
    for path in (f"/s/{night['token']}/live", f"/claim/{claim}"):  # a server's request line
        logging.getLogger("werkzeug").info('%s - - "%s" %s -', "10.0.0.9",
                                           f"GET {path} HTTP/1.1", 200)
    assert "/claim/…" in caplog.text
    for secret in (night["token"], claim, edit):
        assert secret not in caplog.text


def test_every_response_carries_the_security_headers(client: FlaskClient) -> None:
    from scorekeeper.app import SECURITY_HEADERS

    for path in ("/", "/healthz", "/presets", "/api/v1/presets", "/s/nope", "/t/999"):
        response = client.get(path)
        for name, value in SECURITY_HEADERS.items():
            if path.startswith("/s/") and name == "Referrer-Policy":
                value = "no-referrer"  # behind a share link the link itself is the secret
            assert response.headers.get(name) == value, (path, name)
