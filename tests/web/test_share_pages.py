"""The share pages: what the scorekeeper sees (QR, link, take-over code,
phones that can edit) and what everyone else sees behind the link.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from html import unescape
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db.models import Editor, GameTable, db
from scorekeeper.ledger.standings import standings
from scorekeeper.rules import Night
from scorekeeper.views.qr import only_this_machine
from tests.fixtures_app import start_table, words
from tests.web.api_helpers import page_version
from tests.web.test_share import claim_token_on, record, share_page, share_url_on, take_over


@pytest.fixture()
def table_id(client: FlaskClient) -> int:
    table_id = start_table(client)
    record(client, table_id)
    return table_id


def public(app: Flask, table_id: int, path: str = "") -> str:
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token
    response = app.test_client().get(f"/s/{token}{path}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_share_tab_shows_a_qr_the_link_a_copy_button_and_big_screen_mode(
        client: FlaskClient, table_id: int) -> None:
    page = share_page(client, table_id)
    assert '<svg class="qr"' in page and "mm" not in page.split('<svg class="qr"')[1][:80]
    assert share_url_on(page).startswith("http://localhost/s/")
    assert 'data-copy="share-url"' in page
    assert 'id="tv-link"' in page and "/tv" in page
    assert 'id="new-link"' in page and 'aria-current="page">Share' in page


def test_only_the_scorekeeper_opens_the_share_tab(app: Flask, table_id: int) -> None:
    assert app.test_client().get(f"/t/{table_id}/share").status_code == 403
    assert app.test_client().get("/t/9999/share").status_code == 404


@pytest.mark.parametrize(("url", "unreachable"), [
    ("http://localhost:5000/s/x", True), ("http://127.0.0.1:5000/", True),
    ("http://127.8.9.1/", True), ("http://[::1]:5000/", True), ("http://0.0.0.0:5000/", True),
    ("http://app.localhost/", True), ("http://[::ffff:127.0.0.1]/", True),
    ("http://192.168.1.20:5000/", False), ("https://scores.example.org/", False),
    ("http://[fe80::1]:5000/", False),
])
def test_loopback_addresses_are_recognised(url: str, unreachable: bool) -> None:
    assert only_this_machine(url) is unreachable


def test_a_loopback_address_warns_and_says_how_to_serve_on_the_lan(
        app: Flask, client: FlaskClient, table_id: int) -> None:
    page = share_page(client, table_id)
    assert 'id="loopback"' in page and "bash scripts/run.sh" in page
    app.config["TRUSTED_HOSTS"] = [*app.config["TRUSTED_HOSTS"], "192.168.1.20"]  # "this machine"
    phone_on_lan = app.test_client()
    with client.session_transaction() as mine, phone_on_lan.session_transaction(
            base_url="http://192.168.1.20:5000") as lan_session:
        lan_session.update(mine)
    lan = phone_on_lan.get(f"/t/{table_id}/share", base_url="http://192.168.1.20:5000")
    html = lan.get_data(as_text=True)
    assert share_url_on(html).startswith("http://192.168.1.20:5000/s/")
    assert 'id="loopback"' not in html


def test_a_closed_nights_share_page_offers_no_take_over_and_no_move(
        app: Flask, client: FlaskClient, table_id: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the night is closed there is nothing left to score: the page the
    policy answers for it offers neither a take-over code nor "Keep scoring
    at …", and sending either anyway is refused with the same words."""
    from scorekeeper.views.pages.nights import share as share_page_view
    monkeypatch.setattr(share_page_view, "network_addresses", lambda: ["http://192.168.1.20:5000"])
    open_page = share_page(client, table_id)
    assert 'id="show-handover"' in open_page and "Keep scoring at" in open_page
    assert client.post(f"/t/{table_id}/close", data={"settled": "paid"}).status_code == 302
    closed = share_page(client, table_id)
    assert 'id="show-handover"' not in closed and "Keep scoring at" not in closed
    assert "Take over scoring" not in closed and "Hand over scoring before" not in closed
    for path, data in (("handover", {}), ("move", {"to": "http://192.168.1.20:5000"})):
        refused = client.post(f"/t/{table_id}/share/{path}", data=data)
        assert refused.status_code == 409
        assert "there is nothing left to score" in refused.get_data(as_text=True)


def test_a_host_that_is_not_this_machine_is_refused(app: Flask, client: FlaskClient,
                                                    table_id: int) -> None:
    """A forged Host would end up in the share link and the QR code: it gets a
    400 with a page that says why (and never a link built on it)."""
    for host in ("evil.example", "192.168.1.20", "a" * 8192, "localhost.evil.example"):
        page = client.get(f"/t/{table_id}/share", headers={"Host": host})
        assert page.status_code == 400, host
        assert "is not one this server answers to" in page.get_data(as_text=True)
        assert host not in page.get_data(as_text=True)
        api = client.post("/api/v1/tables", headers={"Host": host},
                          json={"name": "x", "players": ["A", "B", "C", "D", "E"],
                                "preset": "called-ace"})
        assert api.status_code == 400 and "error" in api.get_json()
    for host in ("localhost", "localhost:5000", "127.0.0.1:8000"):
        assert client.get("/healthz", headers={"Host": host}).status_code == 200
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(GameTable)) == 1


def test_the_base_url_and_allowed_hosts_are_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_ALLOWED_HOSTS", "Cards.Example, .club.example")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "SCOREKEEPER_BASE_URL": "https://scores.example.org/"})
    hosts = app.config["TRUSTED_HOSTS"]
    assert {"scores.example.org", "cards.example", ".club.example", "localhost"} <= set(hosts)
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "table3.club.example"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "evil.example"}).status_code == 400
    for host in ("LOCALHOST", "Scores.Example.Org", "CARDS.example:8000", "T3.CLUB.example"):
        assert client.get("/healthz", headers={"Host": host}).status_code == 200, host


def test_the_base_url_setting_wins_over_the_request_address(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'b.db'}",
                      "SCOREKEEPER_BASE_URL": "http://10.0.0.7:8000/"})
    client = app.test_client()
    table_id = start_table(client)
    page = share_page(client, table_id)
    assert share_url_on(page).startswith("http://10.0.0.7:8000/s/")
    assert 'id="loopback"' not in page
    client.post(f"/t/{table_id}/share/handover")
    assert "http://10.0.0.7:8000/claim/" in share_page(client, table_id)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_the_share_page_ranks_players_by_points_with_money(app: Flask, table_id: int) -> None:
    page = public(app, table_id)
    names = re.findall(r'<li data-player="(\w+)" data-points="(-?\d+)">', page)
    assert names == [("Ann", "2"), ("Cat", "1"), ("Bob", "-1"), ("Dan", "-1"), ("Eve", "-1")]
    ranks = re.findall(r'<span class="rank">(\d+)</span>', page)
    assert ranks == ["1", "2", "3", "3", "3"]
    assert "$0.50" in page and "−$0.25" in page


def test_tied_players_share_a_rank_and_keep_seat_order() -> None:
    names = ["A", "B", "C", "D", "Eve"]
    night = Night(tuple(names), (), {"A": -1, "B": 3, "C": 3, "D": 0, "Eve": -5}, (), "A")
    rows = standings(night, names[:4], 25).ranked
    assert [(r.rank, r.name, r.cents) for r in rows] == [
        (1, "B", 75), (1, "C", 75), (3, "D", 0), (4, "A", -25), (5, "Eve", -125)]
    assert rows[-1].present is False


def test_the_share_page_shows_recent_hands_dealer_and_a_line_per_player(
        app: Flask, client: FlaskClient, table_id: int) -> None:
    for picker in ("Bob", "Cat", "Dan", "Eve", "Ann"):
        record(client, table_id, picker=picker, partners=["Ann" if picker != "Ann" else "Bob"])
    page = public(app, table_id)
    assert re.findall(r'<li id="recent-(\d+)"', page) == ["6", "5", "4", "3", "2"]
    # each with its news for a screen reader, said as the record form said it when saved
    form = words(client.get(f"/t/{table_id}/hand/new"))
    saved = re.search(r'class="flash saved"[^>]*>Hand 6 saved: ([^<]+)</p>', form)
    assert saved is not None, form
    news = re.search(r'id="recent-6"[^>]* data-news="([^"]+)"', page)
    assert news is not None and unescape(news.group(1)) == f"Hand 6: {unescape(saved.group(1))}"
    assert "<bdi>Ann</bdi> +" in page or "<bdi>Ann</bdi> −" in page
    assert "Next dealer: <strong><bdi>Bob</bdi></strong>" in page
    assert len(re.findall(r"<polyline ", page)) == 5
    assert page.count('<svg class="swatch"') == 5


def test_pending_doublers_show_with_the_hand_that_made_them(app: Flask,
                                                             client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    record(client, table_id, kind="no-pick")
    page = public(app, table_id)
    assert "Next hand doubled — from hand 1" in page


def test_a_closed_table_still_shows_its_final_standings(app: Flask, table_id: int) -> None:
    with app.app_context():
        db.session.get(GameTable, table_id).closed_at = datetime.now(UTC)
        db.session.commit()
    page = public(app, table_id)
    assert "final standings" in page and 'data-player="Ann"' in page
    assert "Next dealer" not in page


def test_big_screen_mode_by_path_or_query(app: Flask, table_id: int) -> None:
    for path in ("/tv", "?big=1"):
        page = public(app, table_id, path)
        assert 'class="share-page tv"' in page and "live?big=1" in page
    assert 'class="share-page"' in public(app, table_id)


def test_the_take_over_code_shows_a_second_qr_and_names_the_new_phone(
        app: Flask, client: FlaskClient, table_id: int) -> None:
    phone = take_over(app, client, table_id, "")
    page = share_page(client, table_id)
    assert 'id="handover-used"' in page and "Phone 2" in page
    assert 'id="handover-qr"' not in page
    assert re.findall(r'<li id="editor-\d+">\s*<div>\s*<strong>([^<]+)</strong>', page) == [
        "Scorekeeper", "Phone 2"]
    assert "this phone" in page
    assert phone.get(f"/t/{table_id}").status_code == 200


def test_a_too_long_phone_name_is_refused_next_to_the_field(app: Flask, client: FlaskClient,
                                                            table_id: int) -> None:
    client.post(f"/t/{table_id}/share/handover")
    token = claim_token_on(share_page(client, table_id))
    phone = app.test_client()
    response = phone.post(f"/claim/{token}", data={"label": "x" * 41})
    assert response.status_code == 400
    assert 'id="label-error"' in response.get_data(as_text=True)
    assert phone.post(f"/claim/{token}", data={"label": "Bob"}).status_code == 302


def editors(app: Flask, table_id: int) -> list[tuple[str, bool]]:
    with app.app_context():
        rows = db.session.scalars(db.select(Editor).where(Editor.of("table", table_id))).all()
        return [(e.label, e.revoked_at is None) for e in rows]


def test_the_last_phone_that_can_edit_cannot_be_revoked(app: Flask, client: FlaskClient,
                                                         table_id: int) -> None:
    with app.app_context():
        mine = db.session.scalars(db.select(Editor.id).where(Editor.of("table", table_id))).one()
    assert f"editors/{mine}/revoke" not in share_page(client, table_id)
    response = client.post(f"/t/{table_id}/editors/{mine}/revoke", follow_redirects=True)
    assert "only device that can edit" in response.get_data(as_text=True)
    assert editors(app, table_id) == [("Scorekeeper", True)]


def test_revoking_this_phone_warns_and_then_takes_its_rights_away(
        app: Flask, client: FlaskClient, table_id: int) -> None:
    take_over(app, client, table_id, "Bob")
    page = share_page(client, table_id)
    assert "data-confirm=\"Revoke THIS phone?" in page
    mine = re.search(r'editors/(\d+)/revoke"\s*data-confirm', page).group(1)
    response = client.post(f"/t/{table_id}/editors/{mine}/revoke")
    assert response.headers["Location"] == "/"
    assert client.get(f"/t/{table_id}").status_code == 403
    assert editors(app, table_id) == [("Scorekeeper", False), ("Bob", True)]


def test_sharing_changes_are_in_the_history(app: Flask, client: FlaskClient,
                                            table_id: int) -> None:
    take_over(app, client, table_id, "Bob")
    with app.app_context():
        bob = db.session.scalars(db.select(Editor.id).filter_by(label="Bob")).one()
    client.post(f"/t/{table_id}/editors/{bob}/revoke")
    client.post(f"/t/{table_id}/share/new", data={"version": page_version(
        client, f"/t/{table_id}/share", f"/t/{table_id}/share/new")})
    history = words(client.get(f"/t/{table_id}/history"))
    for line in ("Showed a take-over code", "Bob can now edit", "Bob can no longer edit",
                 "New share link"):
        assert line in history


def test_a_closed_table_makes_no_take_over_code(app: Flask, client: FlaskClient,
                                                table_id: int) -> None:
    with app.app_context():
        db.session.get(GameTable, table_id).closed_at = datetime.now(UTC)
        db.session.commit()
    response = client.post(f"/t/{table_id}/share/handover", follow_redirects=True)
    assert "closed" in response.get_data(as_text=True)
    assert 'id="handover-qr"' not in response.get_data(as_text=True)


def test_an_unknown_share_link_is_a_404_page(client: FlaskClient) -> None:
    response = client.get("/s/not-a-real-token-at-all")
    assert response.status_code == 404
    assert "replaced" in response.get_data(as_text=True)



def test_cookie_security_and_lifetime_come_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    config = {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    plain = create_app(dict(config))
    assert plain.config["SESSION_COOKIE_SECURE"] is False
    assert plain.config["PERMANENT_SESSION_LIFETIME"].days == 30
    monkeypatch.setenv("SCOREKEEPER_SECURE_COOKIES", "1")
    monkeypatch.setenv("SCOREKEEPER_SESSION_DAYS", "7")
    secure = create_app(dict(config, WTF_CSRF_ENABLED=False))
    assert secure.config["SESSION_COOKIE_SECURE"] is True
    assert secure.config["PERMANENT_SESSION_LIFETIME"].days == 7
    client = secure.test_client()
    made = client.post("/", data={"name": "Friday", "players": ["A", "B", "C", "D", "E"],
                                  "preset": "called-ace", "stake_cents": "25"})
    assert made.status_code == 302
    cookie = made.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Max-Age=604800" in cookie or "Expires=" in cookie
    monkeypatch.setenv("SCOREKEEPER_SESSION_DAYS", "999999")
    assert create_app(dict(config)).config["PERMANENT_SESSION_LIFETIME"].days == 30


@pytest.mark.parametrize(("names", "why"), [
    (["Ann", "An\u200bn", "Cat", "Dan", "Eve"], "invisible"),
    (["Ann", "\u3164", "Cat", "Dan", "Eve"], "invisible"),
    (["Ann", "   ", "Cat", "Dan", "Eve"], "needs a name"),
    (["Ann", "Bob\u202eevil", "Cat", "Dan", "Eve"], "turns the text right to left"),
    (["José", "Jose\u0301", "Cat", "Dan", "Eve"], "Two players are called"),
    (["Ann", "ＡＮＮ", "Cat", "Dan", "Eve"], "Two players are called"),
    (["Ann", "bob", "BOB", "Dan", "Eve"], "Two players are called"),
    (["Ann", "Bob\x07", "Cat", "Dan", "Eve"], "control character"),
    (["Ann", "\u0301", "Cat", "Dan", "Eve"], "letter or digit"),
    (["Ann", "Ann\ufe0f", "Cat", "Dan", "Eve"], "invisible"),
    (["Ann", "A\u034fnn", "Cat", "Dan", "Eve"], "invisible"),
    (["Ann", "Bob\U000e0041", "Cat", "Dan", "Eve"], "invisible"),
    (["Ann", "\u0410nn", "Cat", "Dan", "Eve"], "\u0410nn looks just like Ann"),
])
def test_look_alike_and_invisible_names_are_refused(
        app: Flask, client: FlaskClient, names: list[str], why: str) -> None:
    answer = client.post("/api/v1/tables", json={"name": "Friday", "players": names,
                                                 "preset": "called-ace"})
    assert answer.status_code == 400, answer.get_json()
    assert why.lower() in answer.get_json()["error"].lower()
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(GameTable)) == 0


def test_names_are_kept_in_one_form_and_isolated_in_running_text(
        app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={
        "name": "Ｆｒｉｄａｙ",
        "players": ["Jose\u0301", "  Bob   Jr ", "\u05d3\u05e0\u05d4", "Dan", "Eve"],
        "preset": "called-ace"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    table = client.get(f"/api/v1/tables/{made['id']}", headers=auth).get_json()
    assert table["name"] == "Friday"
    assert table["players"] == ["José", "Bob Jr", "דנה", "Dan", "Eve"]
    saved = client.post(f"/api/v1/tables/{made['id']}/hands", headers=auth,
                        json={"picker": "Jose\u0301", "partners": ["דנה"], "points": 70})
    assert saved.status_code == 201, saved.get_json()
    page = client.get(f"/s/{made['view_token']}").get_data(as_text=True)
    assert "<bdi>José</bdi> with <bdi>דנה</bdi>" in page


def test_viewers_find_the_rulings_and_once_closed_the_summary(
        app: Flask, client: FlaskClient, table_id: int) -> None:
    page = public(app, table_id)
    with app.app_context():
        token = db.session.get(GameTable, table_id).view_token  # type: ignore[union-attr]
    assert f'href="/s/{token}/rulings"' in page and "Live · read-only" in page
    assert f'href="/s/{token}/summary"' not in page
    assert client.post(f"/t/{table_id}/close").status_code == 302
    closed = public(app, table_id)
    assert f'href="/s/{token}/summary"' in closed and "Closed · read-only" in closed
    assert f'href="/s/{token}/summary"' in public(app, table_id, "/live")


def test_a_viewer_who_opens_the_scorekeepers_pages_is_told_how_to_watch(
        app: Flask, table_id: int) -> None:
    refused = app.test_client().get(f"/t/{table_id}/rulings")
    assert refused.status_code == 403
    text = refused.get_data(as_text=True)
    assert "share link" in text and "can't change" not in text


def test_the_scorekeeper_opened_on_loopback_carries_the_edit_rights_to_the_lan_address(
        app: Flask, client: FlaskClient, table_id: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.views import qr
    monkeypatch.setattr(qr, "machine_hosts", lambda: ("127.0.0.1", "192.168.1.20",
                                                      "fe80::1", "myhost"))
    app.config["TRUSTED_HOSTS"] = [*app.config["TRUSTED_HOSTS"], "192.168.1.20"]
    here = "http://127.0.0.1:5000"
    with client.session_transaction(base_url=here) as mine, client.session_transaction() as old:
        mine.update(old)
    page = client.get(f"/t/{table_id}/share", base_url=here).get_data(as_text=True)
    assert "Keep scoring at http://192.168.1.20:5000" in page and "fe80" not in page
    refused = client.post(f"/t/{table_id}/share/move", data={"to": "http://evil.example"},
                          base_url=here)
    assert refused.status_code == 400
    moved = client.post(f"/t/{table_id}/share/move", data={"to": "http://192.168.1.20:5000"},
                        base_url=here).get_data(as_text=True)
    claim = re.search(r'id="move-link" href="([^"]+)"', moved)
    assert claim and claim.group(1).startswith("http://192.168.1.20:5000/claim/")
    lan = "http://192.168.1.20:5000"
    url = claim.group(1).replace("&amp;", "&").removeprefix(lan)
    form = client.get(url, base_url=lan).get_data(as_text=True)
    assert 'value="Scorekeeper at 192.168.1.20"' in form  # this phone's name, one tap to go
    assert client.post(url.split("?")[0], data={"label": "Scorekeeper"},
                       base_url=lan).status_code == 302
    assert client.get(f"/t/{table_id}/hand/new", base_url=lan).status_code == 200
    listed = re.findall(r'<li id="editor-\d+">\s*<div>\s*<strong>([^<]+)</strong>',
                        share_page(client, table_id))
    assert listed == ["Scorekeeper", "Scorekeeper (phone 2)"]  # never two of one name


def test_a_name_written_right_to_left_is_isolated_wherever_it_sits_in_a_sentence(
        client: FlaskClient) -> None:
    avi = "\u05d0\u05d1\u05d9"
    table_id = start_table(client, players=["Ann", avi, "Cat", "Dan", "Eve"])
    saved = client.post(f"/t/{table_id}/hand/new", follow_redirects=True, data={
        "kind": "picked", "picker": avi, "partners": ["Cat"], "points": "70",
        "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"})
    form = saved.get_data(as_text=True)  # on to the next hand's form
    assert f"Hand 1 saved: <bdi>{avi}</bdi> with <bdi>Cat</bdi>, 70 points." in form
    ledger = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f"Next dealer: <strong><bdi>{avi}</bdi></strong>" in ledger
    history = client.get(f"/t/{table_id}/history").get_data(as_text=True)
    assert f"Recorded hand 1: <bdi>{avi}</bdi> with <bdi>Cat</bdi>, 70 points" in history
    settle = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    assert f"<strong><bdi>Dan</bdi></strong> pays <strong><bdi>{avi}</bdi></strong>" in settle
    assert f"<bdi>{avi}</bdi> settles &amp; leaves" in settle
    leave = client.get(f"/t/{table_id}/settle/leave", query_string={"name": avi})
    assert f"<bdi>{avi}</bdi> is owed" in leave.get_data(as_text=True)
    left = client.post(f"/t/{table_id}/settle/leave", data={"name": avi},
                       follow_redirects=True).get_data(as_text=True)
    assert f"<bdi>{avi}</bdi> settled and left" in left
